import { describe, expect, it } from "vitest";
import { CUT_DEFAULTS, cutThresholdsSchema, findCuts, framesAroundCuts } from "../../../../src/server/verify/checks/liveness/cuts";
import { measureFrame, type FrameSignals } from "../../../../src/server/verify/signals/frameSignals";
import { LIVE_SCENE, renderFrame, sceneFace, type Scene } from "../signals/syntheticPixels";

const times = Array.from({ length: 45 }, (_, i) => Math.round((i * 1000) / 15));
/** SYNTHETIC: a face moving slowly across the frame and blinking once, measured as the service would. */
const moving = (atMs: number, i: number): Scene => ({ ...LIVE_SCENE, cx: 150 + atMs / 150, cy: 118 + 2 * Math.sin(atMs / 500), size: 118 + atMs / 1000, blink: i === 20 || i === 21 ? 1 : 0 });
const record = (sceneAt: (atMs: number, i: number) => Scene): FrameSignals[] =>
  times.map((atMs, i) => {
    const s = sceneAt(atMs, i);
    return measureFrame(renderFrame(atMs, s, 500 + i), sceneFace(s));
  });

let live: FrameSignals[] | null = null;
let other: FrameSignals[] | null = null;
const liveFrames = () => (live ??= record(moving));
/** The same movement by another drawn person. */
const otherFrames = () => (other ??= record((atMs, i) => ({ ...moving(atMs, i), other: true })));

describe("findCuts", { timeout: 60_000 }, () => {
  it("has defaults its schema accepts", () => {
    expect(cutThresholdsSchema.parse(CUT_DEFAULTS)).toEqual(CUT_DEFAULTS);
  });

  it("finds no cut in one face moving, turning its box and blinking", () => {
    expect(findCuts(liveFrames())).toEqual([]);
  });

  it("finds both ends of a fifth of frames of another person spliced in", () => {
    const spliced = liveFrames().map((s, i) => (i >= 27 && i < 36 ? otherFrames()[i]! : s));
    expect(findCuts(spliced).map((c) => c.index)).toEqual([27, 36]);
  });

  it("compares across frames without a face, and finds a cut hidden behind them", () => {
    const hidden = liveFrames().map((s, i) => (i === 15 || i === 16 ? { ...s, crop: null } : i > 16 ? otherFrames()[i]! : s));
    expect(findCuts(hidden).map((c) => c.index)).toEqual([17]);
  });

  it("describes the frames around the largest jumps first, so smaller jumps earlier in the recording cannot fill the cap before a splice", () => {
    // Four reshading jumps (a dim room's colour changes) before a splice's two.
    const cuts = [
      { index: 10, jump: 0.3 }, { index: 16, jump: 0.33 }, { index: 22, jump: 0.31 }, { index: 28, jump: 0.3 },
      { index: 30, jump: 0.45 }, { index: 41, jump: 0.42 },
    ];
    expect(framesAroundCuts(cuts, 60).slice(0, 4)).toEqual([29, 30, 40, 41]);
    expect(framesAroundCuts(cuts, 60).slice(0, 6)).toEqual([29, 30, 40, 41, 15, 16]);
    // Both sides of a cut at the first frame that exist, each frame once.
    expect(framesAroundCuts([{ index: 0, jump: 0.5 }, { index: 1, jump: 0.4 }], 60)).toEqual([0, 1]);
  });
});
