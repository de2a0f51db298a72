import { describe, expect, it } from "vitest";
import { steadySingleFace } from "../../../src/domain/face/silent";
import type { FrameObservation } from "../../../src/domain/face/types";
import { FACE } from "../../face/faceConfig";
import { frameOf, seededNormal, syntheticFace } from "../../face/syntheticFace";

const s = FACE.silent;
const q = FACE.quality;
const steady = (frames: FrameObservation[]) => steadySingleFace(frames, s, q);
const STEP = 125;

/** Frames at 8 fps with one face whose box centre is at cx(i), cy(i). */
function frames(n: number, cx: (i: number) => number = () => 160, cy: (i: number) => number = () => 120, faces?: (i: number) => FrameObservation["faces"]): FrameObservation[] {
  return Array.from({ length: n }, (_, i) => frameOf(i * STEP, faces ? faces(i) : [syntheticFace({ at: { cx: cx(i), cy: cy(i), size: 108 } })]));
}
const needed = Math.ceil(s.steadyMs / STEP) + 1; // frames spanning steadyMs

describe("steadySingleFace", () => {
  it("is done once one good face has been held still for steadyMs", () => {
    expect(steady(frames(needed - 1)).done).toBe(false);
    const held = steady(frames(needed + 4));
    expect(held).toEqual({ done: true, keyAtMs: [0, (needed - 1) * STEP] });
  });

  it("allows the small movement of a hand-held camera", () => {
    const wobble = seededNormal(5);
    const jitter = (s.maxMovement * 320) / 6;
    expect(steady(frames(needed, () => 160 + jitter * wobble(), () => 120 + jitter * wobble())).done).toBe(true);
  });

  it("is not done when the face moves more than maxMovement (across or up-down)", () => {
    // 1.5 × maxMovement within every steadyMs.
    const span = s.maxMovement * 320 * 1.5;
    const perFrame = (span * STEP) / s.steadyMs;
    expect(steady(frames(needed + 8, (i) => 120 + perFrame * i)).done).toBe(false);
    expect(steady(frames(needed + 8, undefined, (i) => 110 + (i % 2) * span)).done).toBe(false);
  });

  it("restarts the stretch after a bad frame: no face, several faces, or a face too far", () => {
    const twoFaces = [syntheticFace(), syntheticFace({ at: { cx: 40, cy: 40, size: 60 } })];
    for (const bad of [[], twoFaces, [syntheticFace({ at: { size: 40 } })]]) {
      const interrupted = frames(needed + 2, undefined, undefined, (i) => (i === 3 ? bad : [syntheticFace()]));
      // Stretches on both sides of frame 3 are too short; a longer tail would do.
      expect(steady(interrupted).done).toBe(false);
      const later = frames(needed + 4 + needed, undefined, undefined, (i) => (i === 3 ? bad : [syntheticFace()]));
      expect(steady(later)).toEqual({ done: true, keyAtMs: [4 * STEP, (3 + needed) * STEP] });
    }
  });

  it("finds the still stretch after a moving start", () => {
    const moving = frames(needed * 2 + 4, (i) => (i < 6 ? 60 + i * 10 : 160));
    const held = steady(moving);
    expect(held.done).toBe(true);
    expect(held.keyAtMs[0]).toBeGreaterThanOrEqual(5 * STEP);
  });

  it("stays steady on any subset that keeps the two proving frames", () => {
    const all = frames(needed + 6);
    const held = steady(all);
    const keys = new Set(held.keyAtMs);
    expect(steady(all.filter((f) => keys.has(f.atMs))).done).toBe(true);
    expect(steady(all.filter((f, i) => keys.has(f.atMs) || i % 3 === 0)).done).toBe(true);
  });

  it("is not done without frames", () => {
    expect(steady([])).toEqual({ done: false, keyAtMs: [] });
  });
});
