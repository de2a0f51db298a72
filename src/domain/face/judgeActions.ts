/**
 * The requested actions, judged on a whole recording the service decoded: each action is
 * looked for only in the frames after its prompt was shown (less a slack for the moment the
 * prompt took to appear) and after the previous action was seen, so an action done before it
 * was asked, or out of order, does not count. The detectors are the browser's (actions.ts).
 */
import type { FaceConfig } from "../../../schemas/capture";
import { detectAction, isActionCode } from "./actions";
import { measureFace } from "./geometry";
import { singleFace } from "./quality";
import type { FaceMeasures, FrameObservation } from "./types";

interface ActionVerdict {
  code: string;
  /** When the page reported showing its prompt; null when it reported none (then the previous action's end counts). */
  promptAtMs: number | null;
  /** The frame the action was confirmed on; null when it was not seen. */
  seenAtMs: number | null;
  /** The frames that prove it (baseline, peak(s), return). */
  keyAtMs: number[];
}

/**
 * @example judgeActions(frames, ["1", "2"], [{ action: "1", atMs: 0 }, { action: "2", atMs: 1500 }], face, 300)
 *          // [{ code: "1", seenAtMs: 1125, ... }, { code: "2", seenAtMs: null, ... }]
 */
export function judgeActions(
  frames: readonly FrameObservation[],
  actions: readonly string[],
  prompts: readonly { action: string; atMs: number }[],
  config: FaceConfig,
  slackMs: number,
): ActionVerdict[] {
  const ordered = [...frames].sort((a, b) => a.atMs - b.atMs);
  const measures: FaceMeasures[] = [];
  for (const frame of ordered) {
    const face = singleFace(frame, config.quality);
    const m = face && measureFace(face, frame.atMs);
    if (m) measures.push(m);
  }
  const verdicts: ActionVerdict[] = [];
  let after = Number.NEGATIVE_INFINITY;
  const used = new Set<number>();
  for (const code of actions) {
    // The i-th prompt of this action code (an order may ask for the same action twice).
    const index = prompts.findIndex((p, i) => p.action === code && !used.has(i));
    if (index >= 0) used.add(index);
    const promptAtMs = index >= 0 ? (prompts[index]?.atMs ?? null) : null;
    const from = Math.max(after, promptAtMs === null ? Number.NEGATIVE_INFINITY : promptAtMs - slackMs);
    const verdict: ActionVerdict = { code, promptAtMs, seenAtMs: null, keyAtMs: [] };
    verdicts.push(verdict);
    if (!isActionCode(code) || after === Number.POSITIVE_INFINITY) {
      after = Number.POSITIVE_INFINITY;
      continue;
    }
    const segment: FaceMeasures[] = [];
    for (const m of measures) {
      if (m.atMs <= from) continue;
      segment.push(m);
      const found = detectAction(code, segment, config.actions);
      if (found.done) {
        verdict.seenAtMs = m.atMs;
        verdict.keyAtMs = found.keyAtMs;
        break;
      }
    }
    // A missing action ends the search: the ones after it cannot be "in order".
    after = verdict.seenAtMs ?? Number.POSITIVE_INFINITY;
  }
  return verdicts;
}
