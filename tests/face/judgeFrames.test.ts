import { describe, expect, it } from "vitest";
import { relaxActionThresholds } from "../../src/face/actions";
import { selectEvidenceFrames } from "../../src/face/evidence";
import { judgeFrames } from "../../src/face/judgeFrames";
import { createLivenessTracker } from "../../src/face/tracker";
import type { FrameObservation } from "../../src/face/types";
import { FACE, faceConfigWith } from "./faceConfig";
import { faceFrames, frameOf, NEUTRAL, syntheticFace, type PoseKey } from "./syntheticFace";

const { yaw, eye, pitch, mouth } = NEUTRAL;
const ALL_FOUR: PoseKey[] = [
  [0, {}],
  [500, { yaw }], [900, { yaw: yaw - 0.3 }], [1400, { yaw: yaw + 0.3 }], [1800, { yaw }],
  [2500, { eye }], [2625, { eye: 0.05 }], [2750, { eye: 0.05 }], [2875, { eye }],
  [3500, { mouth }], [3800, { mouth: 0.6 }], [4100, { mouth: 0.6 }], [4400, { mouth }],
  [5000, { pitch }], [5400, { pitch: pitch + 0.1 }], [5800, { pitch }],
];
const ACTIONS = ["1", "2", "3", "4"];

/** What the browser does: track every frame, then pick the evidence. */
function onDevice(frames: FrameObservation[], actions: string[], silent = false, config = FACE) {
  const tracker = createLivenessTracker({ actions, silent, config });
  for (const f of frames) tracker.push(f);
  const chosen = new Set(selectEvidenceFrames(frames.map((f) => f.atMs), tracker.state.keyAtMs, config.evidence.maxFrames));
  return { state: tracker.state, evidence: frames.filter((f) => chosen.has(f.atMs)) };
}

describe("judgeFrames", () => {
  it("finds every action in the evidence frames the device chose (four actions fit the budget)", () => {
    for (let seed = 1; seed <= 10; seed++) {
      const frames = faceFrames(ALL_FOUR, { durationMs: 7000, noise: 1, seed });
      const { state, evidence } = onDevice(frames, ACTIONS);
      expect(state.done, `seed ${seed}`).toBe(true);
      expect(evidence.length).toBeLessThanOrEqual(FACE.evidence.maxFrames);
      const judged = judgeFrames(evidence, { actions: ACTIONS, silent: false }, FACE);
      expect(judged.actions, `seed ${seed}`).toEqual(ACTIONS.map((code) => ({ code, done: true })));
    }
  });

  it("replaying the tracker over the evidence frames confirms each action at the same frame", () => {
    const frames = faceFrames(ALL_FOUR, { durationMs: 7000, noise: 1, seed: 4 });
    const { state, evidence } = onDevice(frames, ACTIONS);
    const replay = createLivenessTracker({ actions: ACTIONS, silent: false, config: FACE });
    for (const f of evidence) replay.push(f);
    expect(replay.state.confirmedAtMs).toEqual(state.confirmedAtMs);
    expect(replay.state.keyAtMs).toEqual(state.keyAtMs);
  });

  it("fails the action whose proving frames are missing, and every later one", () => {
    const frames = faceFrames(ALL_FOUR, { durationMs: 7000 });
    const { state, evidence } = onDevice(frames, ACTIONS);
    const blinkAt = state.confirmedAtMs[1] as number;
    const peakAt = state.keyAtMs[state.keyAtMs.indexOf(blinkAt) - 1] as number;
    expect(peakAt).toBeGreaterThanOrEqual(2625);
    // Without the closed-eye frames the blink is not seen, so nothing after it is looked for.
    const withoutBlink = evidence.filter((f) => f.atMs < 2625 || f.atMs > 2750);
    expect(withoutBlink.length).toBeLessThan(evidence.length);
    const judged = judgeFrames(withoutBlink, { actions: ACTIONS, silent: false }, FACE);
    expect(judged.actions.map((a) => a.done)).toEqual([true, false, false, false]);
  });

  it("accepts frames in any order", () => {
    const frames = faceFrames(ALL_FOUR, { durationMs: 7000, noise: 1, seed: 9 });
    const { evidence } = onDevice(frames, ACTIONS);
    const shuffled = [...evidence].reverse();
    expect(judgeFrames(shuffled, { actions: ACTIONS, silent: false }, FACE)).toEqual(judgeFrames(evidence, { actions: ACTIONS, silent: false }, FACE));
  });

  it("a still face (or a photo of one) shows no action", () => {
    const still = faceFrames([[0, {}]], { durationMs: 3000, noise: 1, seed: 3 });
    const judged = judgeFrames(still, { actions: ["1", "2"], silent: false }, FACE);
    expect(judged.actions).toEqual([{ code: "1", done: false }, { code: "2", done: false }]);
  });

  it("accepts on re-measured frames an action a little under the device's thresholds (recheckScale)", () => {
    const nod = (rise: number) => faceFrames([[0, {}], [500, { pitch }], [900, { pitch: pitch + rise }], [1300, { pitch }]], { durationMs: 2000 });
    const ask = { actions: ["4"], silent: false };
    expect(judgeFrames(nod(FACE.actions.nod.minPitchSwing * 0.9), ask, FACE).actions[0]?.done).toBe(true);
    expect(judgeFrames(nod(FACE.actions.nod.minPitchSwing * 0.6), ask, FACE).actions[0]?.done).toBe(false);
    const strict = faceConfigWith({ actions: { ...FACE.actions, recheckScale: 1 } });
    expect(judgeFrames(nod(FACE.actions.nod.minPitchSwing * 0.9), ask, strict).actions[0]?.done).toBe(false);
    expect(relaxActionThresholds(FACE.actions, 1)).toEqual(FACE.actions);
  });

  it("judges silent mode on the steady face, and says null when it was not asked", () => {
    const still = faceFrames([[0, {}]], { durationMs: 2000 });
    const { state, evidence } = onDevice(still, [], true);
    expect(state.done).toBe(true);
    expect(judgeFrames(evidence, { actions: [], silent: true }, FACE).steady).toBe(true);
    const moving = still.map((f, i) => ({ ...f, faces: [syntheticFace({ at: { cx: i % 2 ? 120 : 190 } })] }));
    expect(judgeFrames(moving, { actions: [], silent: true }, FACE).steady).toBe(false);
    expect(judgeFrames(still, { actions: [], silent: false }, FACE).steady).toBeNull();
  });

  it("counts faces per frame and averages the scores of single-face frames", () => {
    const frames = [
      frameOf(0, [syntheticFace({ real: 0.8, live: 0.6 })]),
      frameOf(125, [syntheticFace({ real: 0.6, live: 1 })]),
      frameOf(250, []),
      frameOf(375, [syntheticFace({ real: 0.1, live: 0.1 }), syntheticFace({ at: { cx: 40 }, real: 0.1, live: 0.1 })]),
      frameOf(500, [syntheticFace({ real: 0.1, live: 0.1, score: FACE.quality.minScore / 2 })]),
    ];
    const judged = judgeFrames(frames, { actions: [], silent: false }, FACE);
    expect(judged).toMatchObject({ frames: 5, framesWithFace: 2 + 1, framesWithSeveralFaces: 1, actions: [], steady: null });
    expect(judged.real).toBeCloseTo(0.7, 9);
    expect(judged.live).toBeCloseTo(0.8, 9);
  });

  it("gives null scores when the models gave none, and zero counts without frames", () => {
    const noScores = [frameOf(0, [syntheticFace({ real: null, live: null })])];
    expect(judgeFrames(noScores, { actions: [], silent: false }, FACE)).toMatchObject({ real: null, live: null, framesWithFace: 1 });
    expect(judgeFrames([], { actions: ["1"], silent: false }, FACE)).toEqual({
      frames: 0, framesWithFace: 0, framesWithSeveralFaces: 0, actions: [{ code: "1", done: false }], steady: null, real: null, live: null,
    });
  });
});
