/**
 * The 3D-turn check on landmark tracks (synthetic, derived from the face-api demo photos):
 * Human's landmarks of photos warped to fake a shake or a nod must fail with 1034; exact 3D
 * turns of the same faces, with Human-like landmark noise, must pass. Each side is shown able
 * to fail: the warps pass once the warp comparison is switched off, and the turns fail when
 * too small or when the "head" is a flat photo turned in front of the camera.
 */
import { describe, expect, it } from "vitest";
import { judgeThreeDimensional, threeDimensionalThresholds } from "../../../../src/server/verify/checks/liveness/rigidCheck";
import { VERIFY_CODES } from "../../../../src/server/media/verifyCodes";
import type { FrameObservation } from "../../../../src/domain/face/types";
import { WARP_KINDS, type WarpKind } from "./fixtureTypes";
import { readWarpFixture, turnTrack, warpTrack } from "./tracks";

const fixture = readWarpFixture();
const t = threeDimensionalThresholds.parse({});
/** The action a warp fakes: a sideways warp fakes a shake, a vertical one a nod. */
const FAKES: Record<WarpKind, "1" | "4"> = { halfStretch: "1", keystoneYaw: "1", halfStretchVertical: "4", squash: "4", keystonePitch: "4" };

/** The attack as recorded: the photo, its warps rising and falling back to the photo. */
function attack(face: (typeof fixture.faces)[number], kind: WarpKind): FrameObservation[] {
  const out = warpTrack(fixture, face, kind);
  return [...out, ...[...out].reverse().slice(1)].map((f, k) => ({ ...f, atMs: 100 * k }));
}

describe("judgeThreeDimensional: warped photos", () => {
  it.each(WARP_KINDS)("a photo warped by %s fails with 1034 on every face, as the action it fakes and as the other", (kind) => {
    for (const face of fixture.faces) {
      for (const action of ["1", "4"] as const) {
        const { outcome } = judgeThreeDimensional(attack(face, kind), action, t);
        expect(outcome, `sample${face.sample} ${kind} as ${action}: ${outcome.detail}`).toMatchObject({ passed: false, failCode: VERIFY_CODES.actionNotThreeDimensional });
      }
    }
  });

  it("is stopped by the warp comparison: without it, a half-stretched photo passes as a shake", () => {
    const loose = threeDimensionalThresholds.parse({ shake: { minWarpOverRigid: 0.5, minAngleDeg: t.shake.minAngleDeg } });
    const passing = fixture.faces.filter((face) => judgeThreeDimensional(attack(face, "halfStretch"), FAKES.halfStretch, loose).outcome.passed);
    expect(passing.length).toBeGreaterThan(0);
  });
});

describe("judgeThreeDimensional: head movements", () => {
  it("passes a shake of 30° each way on every face, with 1 px landmark noise", () => {
    for (const face of fixture.faces) {
      for (const seed of [1, 2, 3]) {
        const { outcome, figures } = judgeThreeDimensional(turnTrack(fixture, face, { axis: "yaw", amplitudeDeg: 30, noisePx: 1, seed }), "1", t);
        expect(outcome.passed, `sample${face.sample} seed ${seed}: ${outcome.detail}`).toBe(true);
        expect(figures.angleDeg).toBeGreaterThanOrEqual(t.shake.minAngleDeg);
      }
    }
  });

  it("passes a nod of 25° on every face, with 1 px landmark noise", () => {
    for (const face of fixture.faces) {
      for (const seed of [1, 2, 3]) {
        const { outcome } = judgeThreeDimensional(turnTrack(fixture, face, { axis: "pitch", amplitudeDeg: 25, noisePx: 1, seed }), "4", t);
        expect(outcome.passed, `sample${face.sample} seed ${seed}: ${outcome.detail}`).toBe(true);
      }
    }
  });

  it("fails a flat photo of the face turned or tilted in front of the camera (no parallax)", () => {
    for (const face of fixture.faces) {
      for (const [axis, action] of [["yaw", "1"], ["pitch", "4"]] as const) {
        const { outcome } = judgeThreeDimensional(turnTrack(fixture, face, { axis, amplitudeDeg: 30, noisePx: 1, flat: true }), action, t);
        expect(outcome, `sample${face.sample} ${axis}: ${outcome.detail}`).toMatchObject({ passed: false, failCode: VERIFY_CODES.actionNotThreeDimensional });
      }
    }
  });

  it("fails a turn too small to tell from a warp", () => {
    const face = fixture.faces[5];
    if (!face) throw new Error("warpedPhotos.json holds fewer than six faces");
    const { outcome } = judgeThreeDimensional(turnTrack(fixture, face, { axis: "pitch", amplitudeDeg: 8, noisePx: 1 }), "4", t);
    expect(outcome).toMatchObject({ passed: false, failCode: VERIFY_CODES.actionNotThreeDimensional });
  });

  it("fails when too few frames show one face", () => {
    const face = fixture.faces[0];
    if (!face) throw new Error("warpedPhotos.json is empty");
    const track = turnTrack(fixture, face, { axis: "yaw", amplitudeDeg: 30, noisePx: 1 }).map((f, k) => (k % 8 === 0 ? f : { ...f, faces: [] }));
    const { outcome } = judgeThreeDimensional(track, "1", t);
    expect(outcome).toMatchObject({ passed: false, failCode: VERIFY_CODES.actionNotThreeDimensional });
    expect(outcome.detail).toMatch(/too few frames/i);
  });
});
