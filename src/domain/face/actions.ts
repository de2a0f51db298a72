/**
 * The four requested actions, detected from a sequence of mesh figures (src/domain/face/geometry.ts):
 * 1 shake head (yaw), 2 blink (eye aspect), 3 open mouth (mouth opening), 4 nod (pitch).
 *
 * Every detector follows one pattern, so that the browser and the service can be reasoned
 * about together:
 * - the baseline is the median of the first `baselineFrames` figures: the user's own neutral
 *   face, since eye shape, mouth and head pose at rest differ from person to person;
 * - the action needs a peak (a frame whose figure moved from the baseline by at least the
 *   threshold), then a return frame (back within `returnShare` of the threshold), so a face
 *   that stays turned, or a photo, proves nothing and the next action starts from rest;
 * - jitter is handled by thresholds many times the measured frame-to-frame noise, not by
 *   smoothing: a detection is then "some frames of the sequence, in order, show it", so any
 *   subsequence holding the baseline, peak and return frames (the keyAtMs) detects the action
 *   at the same frame. That is what lets the service re-check a few evidence frames.
 */
import type { FaceConfig } from "../../../schemas/capture";
import type { ACTION_CODES } from "../../../schemas/launch";
import type { FaceMeasures } from "./types";

export type ActionCode = (typeof ACTION_CODES)[keyof typeof ACTION_CODES];
type ActionThresholds = FaceConfig["actions"];

export interface ActionDetection {
  done: boolean;
  /** The frames that prove the action (baseline, peak(s), return), ascending; empty when not done. */
  keyAtMs: number[];
}

type Detector = (seq: readonly FaceMeasures[], t: ActionThresholds) => ActionDetection;

/** A fresh answer each time, so no caller can alter another's keyAtMs. */
const notDone = (): ActionDetection => ({ done: false, keyAtMs: [] });

function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

/** The baseline frames and the rest, or null while there are not yet frames beyond the baseline. */
function splitBaseline(seq: readonly FaceMeasures[], t: ActionThresholds): { base: FaceMeasures[]; rest: FaceMeasures[] } | null {
  const n = Math.max(1, t.baselineFrames);
  if (seq.length <= n) return null;
  return { base: seq.slice(0, n), rest: seq.slice(n) };
}

/**
 * One-way action: `deviationFrom(baseline)` gives each frame's distance from the baseline in
 * the action's direction (null: no usable baseline). Done at the first frame back within
 * returnShare × threshold after a frame at or beyond the threshold.
 */
function detectPeakAndReturn(
  seq: readonly FaceMeasures[],
  t: ActionThresholds,
  threshold: number,
  deviationFrom: (base: FaceMeasures[]) => ((m: FaceMeasures) => number) | null,
): ActionDetection {
  const split = splitBaseline(seq, t);
  const deviation = split && deviationFrom(split.base);
  if (!split || !deviation) return notDone();
  const back = t.returnShare * threshold;
  let peak: { dev: number; atMs: number } | null = null;
  for (const m of split.rest) {
    const dev = deviation(m);
    if (peak && peak.dev >= threshold && dev <= back) {
      return { done: true, keyAtMs: [...split.base.map((b) => b.atMs), peak.atMs, m.atMs] };
    }
    if (!peak || dev > peak.dev) peak = { dev, atMs: m.atMs };
  }
  return notDone();
}

/** Shake: yaw must swing to both sides of the baseline (in either order), then come back. */
const detectShake: Detector = (seq, t) => {
  const split = splitBaseline(seq, t);
  if (!split) return notDone();
  const base = median(split.base.map((m) => m.yaw));
  const { minYawSwing, minSideShare } = t.shake;
  const minSide = minSideShare * minYawSwing;
  let left = { dev: 0, atMs: -1 };
  let right = { dev: 0, atMs: -1 };
  for (const m of split.rest) {
    const dev = m.yaw - base;
    const swung = left.dev >= minSide && right.dev >= minSide && left.dev + right.dev >= minYawSwing;
    // Back within returnShare of an average side's swing, the swing the person made (at least
    // the minimum): after turning 30° each way people stop a few degrees from where they
    // began (yaw about 0.04 a degree), which a tolerance sized on the minimum swing refused.
    const back = (t.returnShare * Math.max(minYawSwing, left.dev + right.dev)) / 2;
    if (swung && Math.abs(dev) <= back) {
      const extremes = [left.atMs, right.atMs].sort((a, b) => a - b);
      return { done: true, keyAtMs: [...split.base.map((b) => b.atMs), ...extremes, m.atMs] };
    }
    if (dev > right.dev) right = { dev, atMs: m.atMs };
    if (-dev > left.dev) left = { dev: -dev, atMs: m.atMs };
  }
  return notDone();
};

/** Blink: the eye aspect falls below closedRatio × the open-eye baseline, then reopens. */
const detectBlink: Detector = (seq, t) =>
  detectPeakAndReturn(seq, t, 1 - t.blink.closedRatio, (base) => {
    const open = median(base.map((b) => b.eye));
    // Eyes closed from the start: there is no open eye to blink from.
    return open > 0 ? (m) => (open - m.eye) / open : null;
  });

/** Open mouth: the opening rises minOpening above the baseline, then the mouth closes again. */
const detectMouth: Detector = (seq, t) =>
  detectPeakAndReturn(seq, t, t.mouth.minOpening, (base) => {
    const rest = median(base.map((b) => b.mouth));
    return (m) => m.mouth - rest;
  });

/** Nod: the pitch figure rises minPitchSwing above the baseline (head down), then comes back up. */
const detectNod: Detector = (seq, t) =>
  detectPeakAndReturn(seq, t, t.nod.minPitchSwing, (base) => {
    const rest = median(base.map((b) => b.pitch));
    return (m) => m.pitch - rest;
  });

const DETECTORS = { "1": detectShake, "2": detectBlink, "3": detectMouth, "4": detectNod } satisfies Record<ActionCode, Detector>;

/** The action codes, "1".."4": the keys of the exhaustive detector record. */
export const ACTION_CODE_LIST = Object.keys(DETECTORS) as ActionCode[];

export function isActionCode(code: string): code is ActionCode {
  return Object.hasOwn(DETECTORS, code);
}

/**
 * Whether `seq` (the figures since this action was prompted, oldest first) shows the action.
 *
 * @example detectAction("2", measures, config.actions) // { done: true, keyAtMs: [0, 125, 250, 500, 625] }
 */
export function detectAction(code: ActionCode, seq: readonly FaceMeasures[], t: ActionThresholds): ActionDetection {
  return DETECTORS[code](seq, t);
}

/**
 * The thresholds the service applies: each swing scaled by `scale` (0..1], the return band kept
 * as wide as on the device (returnShare grows as the thresholds shrink), so an action the
 * device saw just over the line still passes when the service re-measures the frames.
 */
export function relaxActionThresholds(t: ActionThresholds, scale: number): ActionThresholds {
  return {
    ...t,
    returnShare: t.returnShare / scale,
    shake: { ...t.shake, minYawSwing: t.shake.minYawSwing * scale },
    blink: { closedRatio: 1 - (1 - t.blink.closedRatio) * scale },
    mouth: { minOpening: t.mouth.minOpening * scale },
    nod: { minPitchSwing: t.nod.minPitchSwing * scale },
  };
}
