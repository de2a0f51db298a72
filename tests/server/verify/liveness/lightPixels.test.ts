/**
 * From pixels to verdict: SYNTHETIC drawn faces lit by the sequence, measured by measureFrame
 * and judged by judgeLight, so the skin patches, the sides and the background are the ones the
 * service will measure, not made-up signals.
 */
import { describe, expect, it } from "vitest";
import { judgeLight } from "../../../../src/server/verify/checks/liveness/lightCheck";
import { lightAt, lightTimeline } from "../../../../src/server/verify/checks/liveness/lightTimeline";
import { measureFrame } from "../../../../src/server/verify/signals/frameSignals";
import { LIVE_SCENE, renderFrame, sceneFace, type Scene } from "../signals/syntheticPixels";
import { randomChallenge } from "./syntheticLight";

const challenge = randomChallenge(31);
const timeline = lightTimeline(challenge, [], 0);
const DELAY_MS = 130;

function record(over: Partial<Scene>, shows = timeline) {
  return Array.from({ length: 68 }, (_, i) => {
    const atMs = Math.round((i * 1000) / 15);
    const light = lightAt(shows, atMs - DELAY_MS) ?? [1, 1, 1];
    // Room light 0.4, the screen 0.12 a channel on a point facing it: an indoor room.
    const scene: Scene = { ...LIVE_SCENE, ...over, cx: 160 + 2 * Math.sin(atMs / 600), screen: light.map((c) => 0.12 * c) as Scene["screen"] };
    return measureFrame(renderFrame(atMs, scene, 900 + i), sceneFace(scene));
  });
}

describe("judgeLight on measured pixels", { timeout: 60_000 }, () => {
  it("passes the curved drawn face lit by this attempt's sequence", () => {
    const { outcome, figures } = judgeLight(record({}), challenge, []);
    expect(outcome, outcome.detail).toMatchObject({ passed: true });
    expect(figures.edgesOverCentre!).toBeLessThan(1 / 1.4);
  });

  it("fails (1031) the same drawing on a flat sheet, and (1029) a face lit by another sequence", () => {
    const flat = judgeLight(record({ flat: true }), challenge, []);
    expect(flat.outcome, flat.outcome.detail).toMatchObject({ passed: false, failCode: "1031" });
    const replay = judgeLight(record({}, lightTimeline(randomChallenge(32), [], 0)), challenge, []);
    expect(replay.outcome, replay.outcome.detail).toMatchObject({ passed: false, failCode: "1029" });
  });
});
