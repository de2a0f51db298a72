/**
 * The service's face verdict over the evidence frames of an upload: how many show one face,
 * whether the asked actions (or the steady face) are seen in them, and the mean anti-spoofing
 * and liveness scores. It replays the same tracker the browser ran, with the thresholds relaxed
 * by actions.recheckScale, because the service re-measures the frames from JPEGs and each
 * figure moves by about its frame jitter.
 */
import type { FaceConfig } from "../../schemas/capture";
import { relaxActionThresholds } from "./actions";
import { facesOf, singleFace } from "./quality";
import { steadySingleFace } from "./silent";
import { createLivenessTracker } from "./tracker";
import type { FrameObservation } from "./types";

export interface FrameJudgement {
  frames: number;
  /** Frames with at least one face (of at least quality.minScore). */
  framesWithFace: number;
  framesWithSeveralFaces: number;
  /** Each asked action, in the order asked: seen (after the previous one) or not. */
  actions: { code: string; done: boolean }[];
  /** Silent mode: a steady single face was held; null when not asked. */
  steady: boolean | null;
  /** Mean anti-spoofing score over frames with one face; null when the model gave none. */
  real: number | null;
  /** Mean liveness score over frames with one face; null when the model gave none. */
  live: number | null;
}

function mean(values: number[]): number | null {
  return values.length ? values.reduce((a, b) => a + b, 0) / values.length : null;
}

/**
 * Judge the frames (any order; replayed by atMs) against what was asked.
 *
 * @example judgeFrames(observations, { actions: ["1", "2"], silent: false }, capture.face).actions
 *          // [{ code: "1", done: true }, { code: "2", done: false }]
 */
export function judgeFrames(frames: readonly FrameObservation[], ask: { actions: readonly string[]; silent: boolean }, config: FaceConfig): FrameJudgement {
  const ordered = [...frames].sort((a, b) => a.atMs - b.atMs);
  const relaxed: FaceConfig = { ...config, actions: relaxActionThresholds(config.actions, config.actions.recheckScale) };
  const tracker = createLivenessTracker({ actions: ask.actions, silent: false, config: relaxed });
  for (const frame of ordered) tracker.push(frame);
  const { actionIndex } = tracker.state;

  const single = ordered.map((f) => singleFace(f, config.quality)).filter((f) => f !== null);
  return {
    frames: ordered.length,
    framesWithFace: ordered.filter((f) => facesOf(f, config.quality).length > 0).length,
    framesWithSeveralFaces: ordered.filter((f) => facesOf(f, config.quality).length > 1).length,
    actions: ask.actions.map((code, i) => ({ code, done: i < actionIndex })),
    steady: ask.silent ? steadySingleFace(ordered, config.silent, config.quality).done : null,
    real: mean(single.flatMap((f) => (f.real === null ? [] : [f.real]))),
    live: mean(single.flatMap((f) => (f.live === null ? [] : [f.live]))),
  };
}
