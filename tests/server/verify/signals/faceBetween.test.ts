import { describe, expect, it } from "vitest";
import { faceAt } from "../../../../src/server/verify/signals/faceBetween";
import type { FaceObservation } from "../../../../src/domain/face/types";

const face = (x: number): FaceObservation => ({
  score: 0.9,
  box: { x, y: 10, width: 100, height: 120 },
  mesh: Array.from({ length: 468 }, (_, i) => ({ x: x + i * 0.1, y: 20, z: -x })),
  real: null,
  live: null,
});

describe("faceAt: the face on a frame the mesh skipped", () => {
  const analysed = [
    { atMs: 0, face: face(0) },
    { atMs: 100, face: face(20) },
    { atMs: 200, face: null },
    { atMs: 300, face: face(60) },
    { atMs: 700, face: face(100) },
  ];

  it("moves the box and every landmark linearly between the analysed faces either side (a turning head's patches stay on the same skin)", () => {
    const f = faceAt(analysed, 25)!;
    expect(f.box.x).toBeCloseTo(5, 9);
    expect(f.mesh![10]!.x).toBeCloseTo(6, 9);
    expect(f.mesh![10]!.z).toBeCloseTo(-5, 9);
  });

  it("takes the nearest face as it is beside a frame with no face, past a gap of 250 ms, and outside the analysed span", () => {
    expect(faceAt(analysed, 140)!.box.x).toBe(20);
    expect(faceAt(analysed, 160)).toBeNull();
    expect(faceAt(analysed, 400)!.box.x).toBe(60);
    expect(faceAt(analysed, 650)!.box.x).toBe(100);
    expect(faceAt(analysed, -30)!.box.x).toBe(0);
    expect(faceAt(analysed, 900)!.box.x).toBe(100);
    expect(faceAt([], 10)).toBeNull();
  });

  it("gives an analysed frame its own face", () => {
    expect(faceAt(analysed, 300)!.box.x).toBe(60);
  });
});
