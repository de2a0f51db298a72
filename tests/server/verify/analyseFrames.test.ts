/**
 * The verifier's frame analysis (src/server/verify/analyseFrames.ts): Human's mesh runs at the
 * mode's rate even when it does not divide the decoded rate, every decoded frame gets its pixel
 * signals, and a spliced stretch of another person is always described on both sides of its
 * cuts, not only when the random samples happen to fall in it. Frames are SYNTHETIC drawings
 * (tests/server/verify/signals/syntheticPixels.ts); the analyzer is a stand-in that reports the
 * drawn face and a descriptor saying which person it saw.
 */
import { describe, expect, it } from "vitest";
import type { FrameAnalyzer } from "../../../src/server/verify/frameAnalyzer";
import { analyseFrames, meshIndices } from "../../../src/server/verify/analyseFrames";
import type { DecodedFrame } from "../../../src/server/verify/mediaTypes";
import { MESH_SHARE_OF_ANALYSIS } from "../../../src/server/verify/verifyProgress";
import { loadCaptureLimits } from "../shippedLimits";
import { LIVE_SCENE, renderFrame, sceneFace, type Scene } from "./signals/syntheticPixels";

const limits = loadCaptureLimits();
const at15 = (n: number) => Array.from({ length: n }, (_, i) => Math.round((i * 1000) / 15));
const frameAt = (atMs: number): DecodedFrame => ({ atMs, width: 4, height: 4, rgb: new Uint8Array(48) });

describe("meshIndices", () => {
  it("holds 12 a second out of 15 decoded (every other frame would give 7.5)", () => {
    const frames = at15(60).map(frameAt);
    const picked = meshIndices(frames, 12);
    expect(picked.length).toBeGreaterThanOrEqual(47);
    expect(picked.length).toBeLessThanOrEqual(49);
    const gaps = picked.slice(1).map((k, i) => (frames[k] as DecodedFrame).atMs - (frames[picked[i] as number] as DecodedFrame).atMs);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(134);
  });

  it("takes every frame when the mesh rate is the decoded rate, and a third at 5 of 15", () => {
    const frames = at15(45).map(frameAt);
    expect(meshIndices(frames, 15)).toEqual(frames.map((_, i) => i));
    expect(meshIndices(frames, 5)).toEqual(Array.from({ length: 15 }, (_, k) => 3 * k));
    expect(meshIndices([], 10)).toEqual([]);
  });
});

/** SYNTHETIC: a face moving slowly, with another drawn person in frames [from, to). */
function recording(splice: [number, number] | null) {
  const scenes: Scene[] = at15(45).map((atMs, i) => ({ ...LIVE_SCENE, cx: 150 + atMs / 150, size: 118 + atMs / 1000, ...(splice && i >= splice[0] && i < splice[1] ? { other: true } : {}) }));
  const frames = scenes.map((s, i) => renderFrame((i * 1000) / 15, s, 900 + i));
  const byTime = new Map(frames.map((f, i) => [f.atMs, scenes[i] as Scene]));
  const described: number[] = [];
  const analyzer: FrameAnalyzer = {
    analyze: async (frame, options) => {
      const scene = byTime.get(frame.atMs) as Scene;
      if (options.describe) described.push(frame.atMs);
      const face = { ...sceneFace(scene), score: 0.95 };
      // The descriptor names the person: similarity 1 with the same, 0 with the other.
      const descriptor = scene.other ? [0, 1] : [1, 0];
      return { observation: { atMs: frame.atMs, width: frame.width, height: frame.height, luma: 120, faces: [face] }, descriptors: [options.describe ? descriptor : null] };
    },
  };
  return { frames, analyzer, described };
}

const options = (pickNothing: boolean) => ({
  meshFps: 5,
  iris: false,
  // The random samples drawn where the splice is not: only the cuts can find it.
  pick: (n: number) => ({ describe: new Set(pickNothing ? [] : [0, n - 1]), scored: new Set<number>() }),
  progress: () => {},
});

describe("analyseFrames", { timeout: 60_000 }, () => {
  it("measures every decoded frame's signals and runs the mesh at the mode's rate only", async () => {
    const { frames, analyzer } = recording(null);
    const result = await analyseFrames(frames, analyzer, limits, options(false));
    expect(result.signals).toHaveLength(45);
    expect(result.frames).toHaveLength(15);
    expect(result.signals.every((s) => s.skin !== null)).toBe(true);
    expect(result.cuts.found).toBe(0);
  });

  it("reports its share as each analysed frame is done (the face pass's part of the bar), then the whole once the pixel signals are measured", async () => {
    const { frames, analyzer } = recording(null);
    const shares: number[] = [];
    const seenAt: number[] = [];
    const counting: FrameAnalyzer = {
      analyze: (frame, o) => {
        seenAt.push(shares.length);
        return analyzer.analyze(frame, o);
      },
    };
    await analyseFrames(frames, counting, limits, { ...options(false), progress: (share) => shares.push(share) });
    // One report after each of the 15 analysed frames, and one at the end.
    expect(shares).toHaveLength(16);
    expect(seenAt).toEqual(Array.from({ length: 15 }, (_, k) => k));
    shares.slice(0, 15).forEach((share, k) => expect(share).toBeCloseTo(((k + 1) / 15) * MESH_SHARE_OF_ANALYSIS, 9));
    expect(shares.at(-1)).toBe(1);
  });

  it("describes both sides of each cut of a spliced fifth, whatever the random samples drew", async () => {
    const { frames, analyzer } = recording([20, 29]);
    const result = await analyseFrames(frames, analyzer, limits, options(true));
    expect(result.cuts.found).toBeGreaterThanOrEqual(2);
    const people = new Set(result.samples.map((s) => s.descriptor.join(",")));
    // Both people are among the compared descriptors, so the identity check sees the splice.
    expect(people).toEqual(new Set(["1,0", "0,1"]));
  });
});
