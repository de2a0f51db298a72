/**
 * What one attempt asks of the user (the capture contract's CaptureRequest), from the page's
 * check, its actions and what the service issued (digits, question): the actions in order,
 * the recording window of spec §5 and whether the microphone is needed.
 */
import type { CaptureFile } from "../../../schemas/capture";
import type { CameraFacing, CaptureRequest } from "../../capture/contract";
import type { LightChallenge } from "../../../schemas/lightChallenge";
import { durationWindow, promptLeadMs } from "../../domain/validateRecording";
import type { LiveMode } from "../../domain/modes";

/**
 * A check whose window has no upper bound (silent mode when capture.json sets none) still
 * needs the recorder to stop by itself: long enough to hold still, short enough to upload.
 */
const OPEN_ENDED_RECORDING_MS = 5000;

interface CaptureRequestInput {
  liveMode: LiveMode;
  will: boolean;
  audio: boolean;
  /** The asked-for action codes (the launch's traditional_action, as the page shows them). */
  actions: readonly string[];
  digits: string | null;
  question: string | null;
  /** The camera chosen on the page (front unless the user switched). */
  facing: CameraFacing;
  limits: CaptureFile;
  /** The colour sequence the page shows while recording; null before it is fetched, or in a mode without it. */
  light: LightChallenge | null;
}

export function captureRequestOf(input: CaptureRequestInput): CaptureRequest {
  const actions = input.liveMode === "action" ? [...input.actions] : [];
  const shown = input.light !== null;
  const window = durationWindow(input.limits, input.liveMode, input.will, actions, shown);
  return {
    liveMode: input.liveMode,
    will: input.will,
    digits: input.liveMode === "number" ? input.digits : null,
    actions,
    question: input.will ? input.question : null,
    durationMs: { min: window.min, max: window.max ?? Math.max(window.min, OPEN_ENDED_RECORDING_MS) },
    audio: input.audio,
    facing: input.facing,
    light: input.light,
    promptLeadMs: promptLeadMs(input.limits, input.liveMode, input.will, shown),
  };
}
