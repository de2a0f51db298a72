import { describe, expect, it } from "vitest";
import { createLivenessTracker, type TrackerState } from "../../src/face/tracker";
import type { FrameObservation } from "../../src/domain/face/types";
import { FACE } from "./faceConfig";
import { faceFrames, frameOf, NEUTRAL, syntheticFace, type PoseKey } from "./syntheticFace";

const run = (actions: string[], frames: FrameObservation[], silent = false): TrackerState[] => {
  const tracker = createLivenessTracker({ actions, silent, config: FACE });
  return frames.map((f) => tracker.push(f));
};
const last = (states: TrackerState[]): TrackerState => {
  const s = states[states.length - 1];
  if (!s) throw new Error("no frames");
  return s;
};
const { yaw, eye, pitch, mouth } = NEUTRAL;

/** Pose keyframes of one action starting at `t` (about 1.5 s, ending at rest). */
const SHAKE = (t: number): PoseKey[] => [[t, { yaw }], [t + 400, { yaw: yaw - 0.3 }], [t + 900, { yaw: yaw + 0.3 }], [t + 1300, { yaw }]];
const BLINK = (t: number): PoseKey[] => [[t, { eye }], [t + 125, { eye: 0.05 }], [t + 250, { eye: 0.05 }], [t + 375, { eye }]];
const MOUTH = (t: number): PoseKey[] => [[t, { mouth }], [t + 300, { mouth: 0.6 }], [t + 600, { mouth: 0.6 }], [t + 900, { mouth }]];
const NOD = (t: number): PoseKey[] => [[t, { pitch }], [t + 400, { pitch: pitch + 0.1 }], [t + 800, { pitch }]];

describe("createLivenessTracker with actions", () => {
  it("confirms each action in turn and is done after the last", () => {
    const frames = faceFrames([[0, {}], ...SHAKE(500), ...BLINK(2500), ...MOUTH(3500), ...NOD(5000)], { durationMs: 6500, noise: 1, seed: 2 });
    const states = run(["1", "2", "3", "4"], frames);
    const end = last(states);
    expect(end.done).toBe(true);
    expect(end.actionIndex).toBe(4);
    expect(end.confirmedAtMs).toHaveLength(4);
    // Each confirmation falls at the end of its action, in order.
    const [shake, blink, open, nod] = end.confirmedAtMs as [number, number, number, number];
    expect(shake).toBeGreaterThanOrEqual(1500);
    expect(shake).toBeLessThan(2500);
    expect(blink).toBeGreaterThan(2500);
    expect(blink).toBeLessThan(3500);
    expect(open).toBeGreaterThan(3500);
    expect(open).toBeLessThan(5000);
    expect(nod).toBeGreaterThan(5000);
    // The prompt index moves by one at each confirmation and is never skipped.
    const indices = states.map((s) => s.actionIndex);
    expect(indices.every((v, i) => i === 0 || v - (indices[i - 1] as number) <= 1)).toBe(true);
    expect(states.findIndex((s) => s.done)).toBe(frames.findIndex((f) => f.atMs === nod));
    expect(end.keyAtMs).toEqual([...new Set(end.keyAtMs)].sort((a, b) => a - b));
    for (const at of end.confirmedAtMs) expect(end.keyAtMs).toContain(at);
  });

  it("does not count an action done before the previous one was confirmed", () => {
    // Asked: shake, then blink. The user blinks first, then shakes, then rests.
    const early = faceFrames([[0, {}], ...BLINK(500), ...SHAKE(1200)], { durationMs: 4000 });
    const states = run(["1", "2"], early);
    expect(last(states).actionIndex).toBe(1);
    expect(last(states).done).toBe(false);
    // Blinking once more, after the shake, completes it.
    const again = faceFrames([[0, {}], ...BLINK(500), ...SHAKE(1200), ...BLINK(3500)], { durationMs: 4500 });
    expect(last(run(["1", "2"], again)).done).toBe(true);
  });

  it("does not count a blink made in the middle of the shake", () => {
    const during = faceFrames([[0, {}], [500, { yaw }], [900, { yaw: yaw - 0.3 }], ...BLINK(1000).map(([t, p]): PoseKey => [t, { ...p, yaw: yaw - 0.3 }]), [1800, { yaw: yaw + 0.3 }], [2200, { yaw }]], { durationMs: 3500 });
    const end = last(run(["1", "2"], during));
    expect(end.actionIndex).toBe(1);
    expect(end.done).toBe(false);
  });

  it("skips frames without one measurable face instead of failing the action", () => {
    const frames = faceFrames([[0, {}], ...NOD(500)], { durationMs: 2000 }).map((f, i) => (i % 3 === 2 ? { ...f, faces: [] } : f));
    expect(last(run(["4"], frames)).done).toBe(true);
    const twoFaces = faceFrames([[0, {}], ...NOD(500)], { durationMs: 2000 }).map((f) => ({ ...f, faces: [...f.faces, syntheticFace({ at: { cx: 40, cy: 40, size: 50 } })] }));
    expect(last(run(["4"], twoFaces)).done).toBe(false);
  });

  it("throws on an unknown action code, naming the known ones", () => {
    expect(() => createLivenessTracker({ actions: ["1", "9"], silent: false, config: FACE })).toThrow('Unknown action code "9"; known codes: 1, 2, 3, 4');
  });
});

describe("createLivenessTracker in number and silent modes", () => {
  it("number mode is done at the first frame with one good face", () => {
    const frames = [
      frameOf(0, []),
      frameOf(125, [syntheticFace({ at: { size: 40 } })]),
      frameOf(250, [syntheticFace()]),
      frameOf(375, []),
    ];
    const states = run([], frames);
    expect(states.map((s) => s.done)).toEqual([false, false, true, true]);
    expect(last(states).keyAtMs).toEqual([250]);
    expect(last(states).actionIndex).toBe(0);
  });

  it("silent mode is done once the face was held still", () => {
    const still = faceFrames([[0, {}]], { durationMs: 2000 });
    const states = run([], still, true);
    const first = states.findIndex((s) => s.done);
    expect(still[first]?.atMs).toBe(FACE.silent.steadyMs);
    expect(last(states).keyAtMs).toEqual([0, FACE.silent.steadyMs]);
    const wandering = still.map((f, i) => ({ ...f, faces: [syntheticFace({ at: { cx: i % 2 ? 120 : 190 } })] }));
    expect(last(run([], wandering, true)).done).toBe(false);
  });
});

describe("tracker state", () => {
  it("counts every frame's hint and keeps each returned state unchanged", () => {
    const tracker = createLivenessTracker({ actions: ["2"], silent: false, config: FACE });
    expect(tracker.state).toMatchObject({ hint: "noFace", actionIndex: 0, done: false, frames: 0, keyAtMs: [] });
    const first = tracker.push(frameOf(0, []));
    tracker.push(frameOf(125, [syntheticFace()], 10));
    tracker.push(frameOf(250, [syntheticFace()]));
    const now = tracker.push(frameOf(375, [syntheticFace(), syntheticFace({ at: { cx: 40 } })]));
    expect(first.frames).toBe(1);
    expect(first.hintCounts.noFace).toBe(1);
    expect(now).toBe(tracker.state);
    expect(now.frames).toBe(4);
    expect(now.hint).toBe("manyFaces");
    expect(now.hintCounts).toEqual({ tooDark: 1, noFace: 1, manyFaces: 1, tooFar: 0, tooClose: 0, offCentre: 0, ok: 1 });
  });
});
