import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { measureFace, MESH_POINTS } from "../../../src/domain/face/geometry";
import type { FaceObservation, Point } from "../../../src/domain/face/types";
import { NEUTRAL, syntheticFace, type FacePose } from "../../face/syntheticFace";

interface RealFace {
  photo: string;
  note: string;
  box: FaceObservation["box"];
  mesh: number[];
}
const real: { faces: RealFace[] } = JSON.parse(readFileSync(new URL("../../face/fixtures/realMeshes.json", import.meta.url), "utf8"));

function realFace(photo: string): FaceObservation {
  const f = real.faces.find((r) => r.photo === photo);
  if (!f) throw new Error(`no fixture face from ${photo}`);
  const mesh: Point[] = [];
  for (let i = 0; i < f.mesh.length; i += 2) mesh.push({ x: f.mesh[i] as number, y: f.mesh[i + 1] as number });
  return { score: 1, box: f.box, mesh, real: null, live: null };
}

describe("measureFace on synthetic meshes", () => {
  const poses: Partial<FacePose>[] = [
    {},
    { yaw: -0.6, pitch: 0.3 },
    { yaw: 0.5, pitch: 0.55, eye: 0.05, mouth: 0.6 },
    { eye: 0.38, mouth: 0, roll: 0.4 },
    { yaw: 0.2, roll: -0.5 },
  ];

  it.each(poses)("gives back the pose %o", (pose) => {
    const want = { ...NEUTRAL, ...pose };
    const m = measureFace(syntheticFace({ pose }), 40);
    expect(m).not.toBeNull();
    expect(m?.atMs).toBe(40);
    expect(m?.yaw).toBeCloseTo(want.yaw, 6);
    expect(m?.pitch).toBeCloseTo(want.pitch, 6);
    expect(m?.eye).toBeCloseTo(want.eye, 6);
    expect(m?.mouth).toBeCloseTo(want.mouth, 6);
  });

  it("does not change with the face's size, place or tilt", () => {
    const pose = { yaw: 0.3, pitch: 0.5, eye: 0.25, mouth: 0.2 };
    const a = measureFace(syntheticFace({ pose }), 0);
    const b = measureFace(syntheticFace({ pose: { ...pose, roll: 0.6 }, at: { cx: 60, cy: 200, size: 40 } }), 0);
    for (const k of ["yaw", "pitch", "eye", "mouth"] as const) expect(b?.[k]).toBeCloseTo(a?.[k] ?? NaN, 6);
  });

  it("is null without a mesh, with a short mesh or a degenerate one", () => {
    const face = syntheticFace();
    expect(measureFace({ ...face, mesh: null }, 0)).toBeNull();
    expect(measureFace({ ...face, mesh: face.mesh?.slice(0, MESH_POINTS - 1) ?? [] }, 0)).toBeNull();
    expect(measureFace({ ...face, mesh: Array.from({ length: MESH_POINTS }, () => ({ x: 5, y: 5 })) }, 0)).toBeNull();
  });

  it("takes the 478-point mesh of the iris model (the first 468 points are the mesh)", () => {
    const face = syntheticFace();
    const mesh = [...(face.mesh ?? []), ...Array.from({ length: 10 }, () => ({ x: 0, y: 0 }))];
    expect(measureFace({ ...face, mesh }, 0)?.eye).toBeCloseTo(NEUTRAL.eye, 6);
  });
});

// Meshes Human gave for real photos (tests/face/fixtures/realMeshes.json): they pin the mesh
// numbering and the sign conventions to what the real model outputs.
describe("measureFace on real meshes", () => {
  it("a face with open eyes, turned to the frame's left, lips parted in a smile", () => {
    const m = measureFace(realFace("sample6.jpg"), 0);
    expect(m?.eye).toBeGreaterThan(0.25);
    expect(m?.eye).toBeLessThan(0.4);
    // The nose tip is left of the face's middle in the photo: negative yaw.
    expect(m?.yaw).toBeLessThan(-0.4);
    expect(m?.pitch).toBeGreaterThan(0.3);
    expect(m?.pitch).toBeLessThan(0.5);
    expect(m?.mouth).toBeGreaterThan(0.1);
    expect(m?.mouth).toBeLessThan(0.3);
  });

  it("nearly closed eyes read far below open ones", () => {
    const m = measureFace(realFace("sample2.jpg"), 0);
    expect(m?.eye).toBeLessThan(0.1);
    expect(m?.mouth).toBeLessThan(0.1);
  });

  it("a laughing open mouth reads well above a closed one", () => {
    const m = measureFace(realFace("sample1.jpg"), 0);
    expect(m?.mouth).toBeGreaterThan(0.3);
    expect(m?.eye).toBeGreaterThan(0.2);
  });
});
