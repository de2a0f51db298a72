/**
 * Attempt states for the view-model tests, reached the way a page reaches them (through the
 * attempt's reducer), and what a user reads for a view model's text keys (the shipped zh-CN texts).
 */
import type { CaptureEvent, CaptureKind, CaptureRequest } from "../../../src/capture/contract";
import { attemptReducer, INITIAL_ATTEMPT_STATE, type AttemptAction, type AttemptState } from "../../../src/flow/attempt/attemptState";
import type { TextRef } from "../../../src/flow/attempt/textRef";
import type { TextSection } from "../../../schemas/texts";
import { textsOf } from "../../../src/ui/screens/textRef";
import { shippedTexts } from "../../ui/shippedTexts";

export const NUMBER_REQUEST: CaptureRequest = {
  liveMode: "number",
  will: false,
  digits: "5820",
  actions: [],
  question: null,
  durationMs: { min: 3000, max: 8000 },
  audio: true,
  facing: "user",
  promptLeadMs: 0,
};

export const ACTION_REQUEST: CaptureRequest = { ...NUMBER_REQUEST, liveMode: "action", digits: null, actions: ["1", "2"], audio: false };

/** The state after `actions`, from a page prepared to capture `request` with `kind`. */
export function stateAfter(kind: CaptureKind, request: CaptureRequest, ...actions: AttemptAction[]): AttemptState {
  const prepared: AttemptAction = { type: "prepared", kind, request, guidance: false, cameraSwitch: false };
  return [prepared, ...actions].reduce(attemptReducer, INITIAL_ATTEMPT_STATE);
}

export const event = (e: CaptureEvent): AttemptAction => ({ type: "event", event: e });
export const recordingFor = (elapsedMs: number): AttemptAction[] => [{ type: "started" }, event({ type: "countdown", secondsLeft: 1 }), event({ type: "recording", elapsedMs })];

/** The text a user reads for `refs` one after the other (none for null), in the shipped zh-CN texts. */
export function shown(...refs: readonly (TextRef<TextSection> | null)[]): string {
  return textsOf(shippedTexts, refs.filter((ref): ref is TextRef<TextSection> => ref !== null));
}

/** The shipped zh-CN texts, to name what a view model's keys show. */
export { shippedTexts as zh };
