import { describe, expect, it } from "vitest";
import { detectAction, relaxActionThresholds, type ActionCode } from "../../../src/domain/face/actions";
import type { FaceMeasures } from "../../../src/domain/face/types";
import { FACE } from "../../face/faceConfig";
import { measuresOf, NEUTRAL, seededNormal, type PoseKey } from "../../face/syntheticFace";

const t = FACE.actions;
const detect = (code: ActionCode, seq: FaceMeasures[], thresholds = t) => detectAction(code, seq, thresholds);
const base = (t.baselineFrames - 1) * 125 + 125; // first frame after the baseline, at 8 fps

// Each action done once, clearly, from a still start (times in ms).
const ACTIONS: Record<ActionCode, PoseKey[]> = {
  "1": [[0, {}], [base + 125, {}], [base + 500, { yaw: NEUTRAL.yaw - 0.3 }], [base + 1000, { yaw: NEUTRAL.yaw + 0.25 }], [base + 1400, { yaw: NEUTRAL.yaw }]],
  "2": [[0, {}], [base + 125, {}], [base + 250, { eye: 0.05 }], [base + 375, { eye: 0.05 }], [base + 500, { eye: NEUTRAL.eye }]],
  "3": [[0, {}], [base + 125, {}], [base + 500, { mouth: 0.6 }], [base + 750, { mouth: 0.6 }], [base + 1100, { mouth: NEUTRAL.mouth }]],
  "4": [[0, {}], [base + 125, {}], [base + 500, { pitch: NEUTRAL.pitch + 0.09 }], [base + 900, { pitch: NEUTRAL.pitch }]],
};
const CODES = Object.keys(ACTIONS) as ActionCode[];

describe.each(CODES)("action %s", (code) => {
  it("is detected, with the baseline, peak and return frames as proof", () => {
    const seq = measuresOf(ACTIONS[code]);
    const found = detect(code, seq);
    expect(found.done).toBe(true);
    const baselineAt = seq.slice(0, t.baselineFrames).map((m) => m.atMs);
    expect(found.keyAtMs.slice(0, t.baselineFrames)).toEqual(baselineAt);
    expect(found.keyAtMs.length).toBe(t.baselineFrames + (code === "1" ? 3 : 2));
    expect(found.keyAtMs).toEqual([...found.keyAtMs].sort((a, b) => a - b));
  });

  it("is detected through frame jitter, on every seed", () => {
    for (let seed = 1; seed <= 20; seed++) expect(detect(code, measuresOf(ACTIONS[code], { noise: 1, seed })).done, `seed ${seed}`).toBe(true);
  });

  it("is not detected on a still face with jitter only (5 s, 20 seeds)", () => {
    for (let seed = 1; seed <= 20; seed++) {
      const seq = measuresOf([[0, {}]], { noise: 1, seed, durationMs: 5000 });
      expect(detect(code, seq).done, `seed ${seed}`).toBe(false);
    }
  });

  it("is not detected before the baseline is complete, nor on an empty sequence", () => {
    expect(detect(code, []).done).toBe(false);
    expect(detect(code, measuresOf(ACTIONS[code]).slice(0, t.baselineFrames)).done).toBe(false);
  });

  it("is found again from any subset that keeps the proving frames", () => {
    const seq = measuresOf(ACTIONS[code], { noise: 1, seed: 7 });
    const found = detect(code, seq);
    const keys = new Set(found.keyAtMs);
    expect(detect(code, seq.filter((m) => keys.has(m.atMs)))).toEqual(found);
    const coin = seededNormal(3);
    expect(detect(code, seq.filter((m) => keys.has(m.atMs) || coin() > 0))).toEqual(found);
  });
});

describe("half actions and held poses are not actions", () => {
  const yaw = NEUTRAL.yaw;
  it.each<[string, ActionCode, PoseKey[]]>([
    ["shake to one side only", "1", [[0, {}], [base + 125, {}], [base + 500, { yaw: yaw - 0.5 }], [base + 1000, { yaw }]]],
    ["shake too small both ways", "1", [[0, {}], [base + 125, {}], [base + 500, { yaw: yaw - 0.12 }], [base + 1000, { yaw: yaw + 0.12 }], [base + 1400, { yaw }]]],
    ["shake far one way, a twitch the other", "1", [[0, {}], [base + 125, {}], [base + 500, { yaw: yaw - 0.5 }], [base + 1000, { yaw: yaw + 0.06 }], [base + 1400, { yaw }]]],
    ["shake ending turned away", "1", [[0, {}], [base + 125, {}], [base + 500, { yaw: yaw - 0.3 }], [base + 1000, { yaw: yaw + 0.3 }]]],
    ["eyes narrowed, not closed", "2", [[0, {}], [base + 125, {}], [base + 250, { eye: 0.2 }], [base + 500, { eye: NEUTRAL.eye }]]],
    ["eyes closed and kept closed", "2", [[0, {}], [base + 125, {}], [base + 250, { eye: 0.03 }]]],
    ["mouth opened a little", "3", [[0, {}], [base + 125, {}], [base + 500, { mouth: 0.25 }], [base + 900, { mouth: NEUTRAL.mouth }]]],
    ["mouth opened and kept open", "3", [[0, {}], [base + 125, {}], [base + 500, { mouth: 0.7 }]]],
    ["a slight nod", "4", [[0, {}], [base + 125, {}], [base + 500, { pitch: NEUTRAL.pitch + 0.03 }], [base + 900, { pitch: NEUTRAL.pitch }]]],
    ["head lowered and kept down", "4", [[0, {}], [base + 125, {}], [base + 500, { pitch: NEUTRAL.pitch + 0.1 }]]],
    ["head raised (pitch falls), then back", "4", [[0, {}], [base + 125, {}], [base + 500, { pitch: NEUTRAL.pitch - 0.1 }], [base + 900, { pitch: NEUTRAL.pitch }]]],
  ])("%s", (_name, code, keys) => {
    expect(detect(code, measuresOf(keys, { durationMs: 4000 })).done).toBe(false);
  });

  it("a photo of an open mouth or of a turned head proves nothing", () => {
    expect(detect("3", measuresOf([[0, { mouth: 0.7 }]], { durationMs: 3000 })).done).toBe(false);
    expect(detect("1", measuresOf([[0, { yaw: -0.6 }]], { durationMs: 3000 })).done).toBe(false);
  });

  it("a shake may start to either side", () => {
    const keys: PoseKey[] = [[0, {}], [base + 125, {}], [base + 500, { yaw: yaw + 0.3 }], [base + 1000, { yaw: yaw - 0.25 }], [base + 1400, { yaw }]];
    expect(detect("1", measuresOf(keys)).done).toBe(true);
  });

  it("a wide shake that comes to rest a few degrees off where it began is done; one that stays turned is not", () => {
    // ±30° each way is yaw about ±1.2; people stop a few degrees (0.1-0.2) from where they began.
    const wide = (end: number): PoseKey[] => [[0, {}], [base + 125, {}], [base + 500, { yaw: yaw + 1.2 }], [base + 1000, { yaw: yaw - 1.1 }], [base + 1400, { yaw: yaw + end }], [base + 2000, { yaw: yaw + end }]];
    expect(detect("1", measuresOf(wide(-0.18))).done).toBe(true);
    expect(detect("1", measuresOf(wide(-0.8))).done).toBe(false);
  });

  it("each side is measured from the user's own resting yaw, not from 0", () => {
    const rest = -0.4; // a face that rests turned (camera to one side)
    const keys: PoseKey[] = [[0, { yaw: rest }], [base + 125, {}], [base + 500, { yaw: rest + 0.3 }], [base + 1000, { yaw: rest - 0.25 }], [base + 1400, { yaw: rest }]];
    expect(detect("1", measuresOf(keys)).done).toBe(true);
    // Resting at -0.4, a "turn" to -0.2 and back crosses 0 yet is one-sided.
    const oneSided: PoseKey[] = [[0, { yaw: rest }], [base + 125, {}], [base + 500, { yaw: -0.2 }], [base + 1000, { yaw: rest }]];
    expect(detect("1", measuresOf(oneSided)).done).toBe(false);
  });

  it("a blink during the baseline does not spoil it (the median outvotes one frame)", () => {
    const keys: PoseKey[] = [[0, {}], [124, {}], [125, { eye: 0.03 }], [126, { eye: NEUTRAL.eye }], [base + 125, {}], [base + 250, { eye: 0.15 }], [base + 375, { eye: NEUTRAL.eye }]];
    expect(detect("2", measuresOf(keys)).done).toBe(true);
  });
});

describe("relaxActionThresholds (the service's re-check)", () => {
  const relaxed = relaxActionThresholds(t, t.recheckScale);

  it("lowers each swing by the scale and keeps the return band as wide", () => {
    expect(relaxed.shake.minYawSwing).toBeCloseTo(t.shake.minYawSwing * t.recheckScale, 9);
    expect(1 - relaxed.blink.closedRatio).toBeCloseTo((1 - t.blink.closedRatio) * t.recheckScale, 9);
    expect(relaxed.mouth.minOpening).toBeCloseTo(t.mouth.minOpening * t.recheckScale, 9);
    expect(relaxed.nod.minPitchSwing).toBeCloseTo(t.nod.minPitchSwing * t.recheckScale, 9);
    expect(relaxed.returnShare * relaxed.nod.minPitchSwing).toBeCloseTo(t.returnShare * t.nod.minPitchSwing, 9);
    expect(relaxed.baselineFrames).toBe(t.baselineFrames);
    expect(relaxed.shake.minSideShare).toBe(t.shake.minSideShare);
  });

  it("accepts an action just under the device's line, never a half one", () => {
    const nodBy = (rise: number): PoseKey[] => [[0, {}], [base + 125, {}], [base + 500, { pitch: NEUTRAL.pitch + rise }], [base + 900, { pitch: NEUTRAL.pitch }]];
    const near = measuresOf(nodBy(t.nod.minPitchSwing * 0.9));
    expect(detect("4", near).done).toBe(false);
    expect(detect("4", near, relaxed).done).toBe(true);
    expect(detect("4", measuresOf(nodBy(t.nod.minPitchSwing * 0.6)), relaxed).done).toBe(false);
  });
});
