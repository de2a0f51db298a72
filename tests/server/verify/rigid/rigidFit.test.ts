/**
 * The two motion models of the 3D-turn check on exact synthetic points: a rigid turn is
 * recovered with its angle, a 2D warp is explained by the warp model, and each model fails
 * to explain the other's motion.
 */
import { describe, expect, it } from "vitest";
import { fitRigid, fitWarp, type Vec2, type Vec3 } from "../../../../src/server/verify/checks/liveness/rigidFit";
import { readWarpFixture } from "./tracks";

const fixture = readWarpFixture();
const face = fixture.faces[5];
if (!face) throw new Error("warpedPhotos.json holds fewer than six faces");
/** sample6's frontal landmarks, z scaled to pixels as the check scales it. */
const shape: Vec3[] = face.frontal.map(([x, y, z]) => ({ x, y, z: (z * face.box.width * 1.1) / 256 }));
const flat: Vec2[] = shape.map(({ x, y }) => ({ x, y }));
const iod = Math.hypot((shape[0] as Vec3).x - (shape[3] as Vec3).x, (shape[0] as Vec3).y - (shape[3] as Vec3).y);

function turned(yawDeg: number, pitchDeg: number): Vec2[] {
  const [a, b] = [(yawDeg * Math.PI) / 180, (pitchDeg * Math.PI) / 180];
  return shape.map(({ x, y, z }) => {
    const x1 = Math.cos(a) * x + Math.sin(a) * z;
    const z1 = -Math.sin(a) * x + Math.cos(a) * z;
    return { x: 0.9 * x1 + 12, y: 0.9 * (Math.cos(b) * y - Math.sin(b) * z1) - 5 };
  });
}

describe("fitRigid", () => {
  it("recovers a turn of the face's 3D shape, angle, scale and all", () => {
    const fit = fitRigid(shape, turned(25, 0));
    expect(fit?.yawDeg).toBeCloseTo(25, 0);
    expect(Math.abs(fit?.pitchDeg ?? 99)).toBeLessThan(1);
    expect(fit?.scale).toBeCloseTo(0.9, 2);
    expect((fit?.residual ?? 1) / iod).toBeLessThan(0.001);
    expect(fitRigid(shape, turned(0, 20))?.pitchDeg).toBeCloseTo(20, 0);
  });

  it("cannot explain a half-by-half stretch of the flat landmarks without a large residual", () => {
    const cx = flat.reduce((s, p) => s + p.x, 0) / flat.length;
    const stretched = flat.map((p) => ({ x: cx + (p.x - cx) * (p.x < cx ? 0.7 : 1.3), y: p.y }));
    expect((fitRigid(shape, stretched)?.residual ?? 0) / iod).toBeGreaterThan(0.03);
  });

  it("refuses a flat shape (no depth to turn)", () => {
    expect(fitRigid(flat.map((p) => ({ ...p, z: 0 })), turned(20, 0))).toBeNull();
  });
});

describe("fitWarp", () => {
  it("explains a half-by-half stretch exactly, wherever the split falls", () => {
    const at = flat.reduce((s, p) => s + p.x, 0) / flat.length + 0.1 * iod;
    const stretched = flat.map((p) => ({ x: at + (p.x - at) * (p.x < at ? 0.7 : 1.3), y: p.y }));
    expect((fitWarp(flat, stretched) ?? 1) / iod).toBeLessThan(0.001);
  });

  it("cannot explain the parallax of a 3D turn: the nose moves against the outline", () => {
    expect((fitWarp(flat, turned(25, 0)) ?? 0) / iod).toBeGreaterThan(0.04);
    expect((fitWarp(flat, turned(0, 25)) ?? 0) / iod).toBeGreaterThan(0.04);
  });
});
