import { describe, expect, it } from "vitest";
import { FROZEN_DEFAULTS, frozenThresholdsSchema, judgeFrozen } from "../../../../src/server/verify/checks/liveness/frozenCheck";
import { measureFrame, type FrameSignals } from "../../../../src/server/verify/signals/frameSignals";
import { seededNormal } from "../../../face/syntheticFace";
import { LIVE_SCENE, renderFrame, sceneFace, type Scene } from "../signals/syntheticPixels";

const FPS = 15;
const DURATION_MS = 3500;
const times = Array.from({ length: Math.floor((DURATION_MS * FPS) / 1000) }, (_, i) => Math.round((i * 1000) / FPS));

/** SYNTHETIC recordings: a scene per frame, measured as the service would. */
function record(sceneAt: (atMs: number, i: number) => Scene, faceOf: (s: Scene, i: number) => Scene = (s) => s): FrameSignals[] {
  return times.map((atMs, i) => {
    const s = sceneAt(atMs, i);
    return measureFrame(renderFrame(atMs, s, 1000 + i), sceneFace(faceOf(s, i)));
  });
}

/** A person sitting quietly: breathing sways the head 1-2 px, camera noise; blinks added below. */
const sittingQuietly = (atMs: number): Scene => ({ ...LIVE_SCENE, cx: 160 + 1.5 * Math.sin(atMs / 700), cy: 120 + 1 * Math.sin(atMs / 1300) });

/** The quiet person without a blink, measured once (rendering is the slow part of these tests). */
let still: FrameSignals[] | null = null;
const quietFrames = () => (still ??= record(sittingQuietly));

/** The quiet recording with these frames' eyes closed by `blink` (0..1). */
function withBlink(frames: Record<number, number>): FrameSignals[] {
  return quietFrames().map((s, i) => {
    const blink = frames[i];
    if (blink === undefined) return s;
    const scene = { ...sittingQuietly(s.atMs), blink };
    return measureFrame(renderFrame(s.atMs, scene, 1000 + i), sceneFace(scene));
  });
}
/** One blink of about 300 ms, 150 ms of it closed (frames 30-32 at 15 fps), as people blink. */
const BLINK = { 29: 0.5, 30: 1, 31: 1, 32: 1, 33: 0.5 };

/** A still photo shaken, zoomed and turned in 2D in front of the camera (or by software), with noise. */
function shakenPhoto(seed: number): (atMs: number) => Scene {
  const n = seededNormal(seed);
  return () => ({ ...LIVE_SCENE, cx: 160 + 3 * n(), cy: 120 + 3 * n(), size: 120 * (1 + 0.025 * n()), roll: 0.02 * n(), noise: 2 });
}

// Rendering 50 synthetic frames takes seconds on a busy 2-core machine.
describe("judgeFrozen", { timeout: 60_000 }, () => {
  it("has defaults its schema accepts", () => {
    expect(frozenThresholdsSchema.parse(FROZEN_DEFAULTS)).toEqual(FROZEN_DEFAULTS);
  });

  it("passes a person sitting quietly (a blink, breathing, noise)", () => {
    const { outcome, figures } = judgeFrozen(withBlink(BLINK));
    console.log("sitting quietly", figures);
    expect(outcome).toMatchObject({ name: "frozen", passed: true });
  });

  it("fails (1033) a looped still: every frame the same picture", () => {
    const frame = renderFrame(0, LIVE_SCENE, 7);
    const face = sceneFace(LIVE_SCENE);
    const frames = times.map((atMs) => ({ ...frame, atMs }));
    const { outcome, figures } = judgeFrozen(frames.map((f, i) => measureFrame(f, face, frames[i - 1])));
    expect(outcome).toMatchObject({ passed: false, failCode: "1033" });
    expect(figures.identical).toBe(times.length - 1);
  });

  it("fails (1033) a looped still whose face box jitters by a pixel from frame to frame (a tracker's or detector's wobble)", () => {
    const frame = renderFrame(0, LIVE_SCENE, 7);
    const frames = times.map((atMs) => ({ ...frame, atMs }));
    // Each frame's box off by a pixel or two from the one before: compared each in its own box,
    // the same picture's signatures land far apart; compared in one box, they are identical.
    const boxes = times.map((_, i) => sceneFace({ ...LIVE_SCENE, cx: LIVE_SCENE.cx + (i % 3) - 1, size: LIVE_SCENE.size * (1 + 0.01 * (i % 2)) }));
    const { outcome, figures } = judgeFrozen(frames.map((f, i) => measureFrame(f, boxes[i]!, frames[i - 1])));
    expect(outcome).toMatchObject({ passed: false, failCode: "1033" });
    expect(outcome.detail).toContain("repeated");
    expect(figures.identical).toBe(times.length - 1);
  });

  it("fails (1033) a still photo shaken, zoomed and turned in 2D, with fresh noise each frame", () => {
    // The detector follows the picture (the box and mesh move with it), a frame late at times.
    const { outcome, figures } = judgeFrozen(record(shakenPhoto(3), (s, i) => (i % 2 ? s : { ...s, cx: s.cx + 2, size: s.size * 1.02 })));
    console.log("shaken photo", figures);
    expect(outcome).toMatchObject({ passed: false, failCode: "1033" });
    expect(outcome.detail).toContain("2D");
    expect(figures.largestNonRigid).toBeLessThan(FROZEN_DEFAULTS.minNonRigid);
  });

  it("fails (1033) the quiet person with no blink, or with one odd frame only (a glitch is not a blink)", () => {
    expect(judgeFrozen(withBlink({ 30: 1 })).outcome).toMatchObject({ passed: false, failCode: "1033" });
    expect(judgeFrozen(quietFrames()).outcome).toMatchObject({ passed: false, failCode: "1033" });
  });

  it("fails (1033) a face without any sensor noise (a clean rendering)", () => {
    // The blinking face with the noise a noiseless rendering measures (0: frameSignals.test.ts): only the noise differs from the pass above.
    const clean = withBlink(BLINK).map((s) => ({ ...s, noise: 0 }));
    const { outcome, figures } = judgeFrozen(clean);
    expect(figures.noise).toBe(0);
    expect(outcome).toMatchObject({ passed: false, failCode: "1033" });
    expect(outcome.detail).toContain("noise");
  });

  it("fails (1033) when too few frames show a face", () => {
    const few = withBlink(BLINK).map((s, i) => (i < 5 ? s : { ...s, crop: null, noise: null }));
    expect(judgeFrozen(few).outcome).toMatchObject({ passed: false, failCode: "1033" });
  });
});
