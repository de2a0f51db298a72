/**
 * The timeline of one recording, shared by the recorder (when to prompt, when to stop) and
 * the page (when the stop button may be pressed), so both agree without talking:
 *
 *   countdown 3-2-1 → recording starts (0 ms) → (action mode showing the light: a lead-in
 *   while the head holds still) → action prompts in turn → (will mode: the answer) → earliest
 *   stop → automatic stop just before the window's maximum.
 *
 * The automatic stop keeps a small margin below the maximum, and the earliest stop a small
 * margin above the minimum: the container's duration is measured from frame timestamps and
 * can differ from the page's clock by a frame or two, and a recording judged a few
 * milliseconds out of its window would cost the user an attempt.
 */

export const COUNTDOWN_SECONDS = 3;
/** How far below the window's maximum the recorder stops by itself. */
const STOP_MARGIN_MS = 250;
/** How far above the window's minimum the user may stop. */
const MIN_MARGIN_MS = 200;
/** Will mode: time given to each action before the consent is asked for. */
const WILL_ACTION_SLOT_MS = 2000;
/** Will mode: the least time left for answering the question (or nodding). */
const WILL_ANSWER_MS = 2000;
/** Action mode: the least time the last action is shown before the user may stop. */
const LAST_ACTION_MS = 1000;

export interface RecordingPlan {
  /** When the recorder stops by itself, ms after recording started. */
  autoStopMs: number;
  /** When the user may stop (the stop button is disabled before). */
  earliestStopMs: number;
  /** When each action of the request is prompted, by index. */
  promptsAtMs: number[];
  /** Will mode: when the answer is asked for (after the actions); null otherwise. */
  answerAtMs: number | null;
}

interface PlanInput {
  window: { min: number; max: number };
  /** Action codes prompted in turn (action mode, and will mode over action liveness). */
  actions: readonly string[];
  will: boolean;
  /** Action mode: when the first action is prompted (CaptureRequest.promptLeadMs; the window is longer by as much). */
  leadMs: number;
}

/**
 * @example recordingPlan({ window: { min: 1000, max: 5000 }, actions: ["2", "3"], will: false, leadMs: 0 })
 * // { autoStopMs: 4750, earliestStopMs: 3375, promptsAtMs: [0, 2375], answerAtMs: null }
 * @example recordingPlan({ window: { min: 1000, max: 4000 }, actions: ["1"], will: false, leadMs: 1000 })
 * // { autoStopMs: 3750, earliestStopMs: 2000, promptsAtMs: [1000], answerAtMs: null }
 */
export function recordingPlan({ window, actions, will, leadMs }: PlanInput): RecordingPlan {
  const margin = Math.min(STOP_MARGIN_MS, Math.max(0, (window.max - window.min) / 4));
  const autoStopMs = Math.max(window.min, window.max - margin);
  const clampStop = (ms: number) => Math.min(autoStopMs, Math.max(window.min + MIN_MARGIN_MS, ms));
  const n = actions.length;
  if (will) {
    const promptsAtMs = actions.map((_, i) => i * WILL_ACTION_SLOT_MS);
    const answerAtMs = n * WILL_ACTION_SLOT_MS;
    return { autoStopMs, earliestStopMs: clampStop(answerAtMs + WILL_ANSWER_MS), promptsAtMs, answerAtMs };
  }
  if (n === 0) return { autoStopMs, earliestStopMs: clampStop(0), promptsAtMs: [], answerAtMs: null };
  const lead = Math.min(leadMs, autoStopMs);
  const slot = (autoStopMs - lead) / n;
  const promptsAtMs = actions.map((_, i) => Math.round(lead + i * slot));
  const lastAt = promptsAtMs[n - 1] ?? 0;
  return { autoStopMs, earliestStopMs: clampStop(lastAt + Math.min(slot, LAST_ACTION_MS)), promptsAtMs, answerAtMs: null };
}
