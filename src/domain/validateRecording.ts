/**
 * Checks of spec §5 on a recording before it is uploaded, each failure naming its catalogue
 * status (spec §8) so the user learns what to change without a round trip to the service.
 *
 * The service applies the same limits (src/server/upload/acceptRecording.ts and the verifier's
 * duration check) from the same flows/capture.json, through the same durationWindow, with the
 * same tolerance and comparisons, so a recording this accepts
 * is not refused for its duration or size there, and one refused here would be refused there.
 */
import type { CaptureFile, DurationRange } from "../../schemas/capture";
import type { ErrorStatus } from "../../schemas/errors";
import type { LiveMode } from "./modes";

/** The platform a recording is sized for: the keys of capture.json's minimum sizes (`sizeKB.min`). */
export type Platform = keyof CaptureFile["sizeKB"]["min"];

/** KB in capture.json's size limits (see schemas/capture.ts). */
const BYTES_PER_KB = 1024;

export type RecordingKind = "recorder" | "fileInput" | "wxVideo";

export interface ValidateRecordingInput {
  kind: RecordingKind;
  /** The recording; null when the picker or the recorder handed nothing over. */
  blob: Blob | null;
  /** Type reported by the recorder or the picked file ("" when the picker did not say). */
  mimeType: string;
  /** Measured or read duration; null when it could not be read (the service then judges it). */
  durationMs: number | null;
  liveMode: LiveMode;
  will: boolean;
  /** Action codes asked for, in order. */
  actions: string[];
  /** The recording showed the light challenge (action mode's window is longer then). */
  light: boolean;
  platform: Platform;
  limits: CaptureFile;
}

type ValidateRecordingResult = { ok: true } | { ok: false; status: ErrorStatus; detail: string };

/**
 * The recording window of a check: the spec's bounds (spec §5) with faceflow's additions
 * (capture.json `durationMs.ours`), without tolerance. Will mode uses the will window whatever
 * the live type, up to our maximum; action mode the longer maximum when more than one action
 * is asked, and longer by `ours.actionLightLeadMs` when the light challenge is shown (`light`:
 * the attempt shows it); silent mode, when capture.json sets no window, only needs a positive
 * duration (min 0, max null). The service uses this same function
 * (src/server/media/captureLimits.ts). Also what the recording screen counts down from.
 * @example durationWindow(capture, "action", false, ["1", "2"], false) // { min: 1000, max: 5000 }
 */
export function durationWindow(limits: Pick<CaptureFile, "durationMs">, liveMode: LiveMode, will: boolean, actions: readonly string[], light: boolean): DurationRange {
  const d = limits.durationMs;
  if (will) return { min: d.will.min, max: d.ours.willMaxMs };
  switch (liveMode) {
    case "number":
      return d.number;
    case "action":
      return { min: d.action.min, max: (actions.length > 1 ? d.action.maxMultipleActions : d.action.max) + promptLeadMs(limits, liveMode, will, light) };
    case "silent":
      return d.ours.silent ?? { min: 0, max: null };
  }
}

/** How long after recording starts the first action is prompted (capture.json `ours.actionLightLeadMs`): action mode showing the light, else 0. */
export function promptLeadMs(limits: Pick<CaptureFile, "durationMs">, liveMode: LiveMode, will: boolean, light: boolean): number {
  return liveMode === "action" && !will && light ? limits.durationMs.ours.actionLightLeadMs : 0;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function typeOf(input: ValidateRecordingInput): string {
  // The picker's File may know its type when the caller passed none, and the other way round.
  return (input.mimeType || input.blob?.type || "").toLowerCase();
}

/**
 * Check a recording before upload; the first failed check decides.
 * @example validateRecording({ kind: "recorder", blob, mimeType: blob.type, durationMs: 2800, liveMode: "number", will: false, actions: [], platform: "android", limits: capture })
 */
export function validateRecording(input: ValidateRecordingInput): ValidateRecordingResult {
  const { blob, limits } = input;
  if (blob === null || blob.size === 0) {
    return { ok: false, status: "chooseVideoException", detail: blob === null ? "no recording was handed over" : "the recording is empty" };
  }

  const type = typeOf(input);
  if (type.startsWith("image/")) {
    return { ok: false, status: "chooseImageException", detail: `a picture (${type}) was chosen instead of a video` };
  }
  // An empty type is common from Android pickers and tells nothing; any other non-video type is not a recording.
  if (type !== "" && !type.startsWith("video/")) {
    return { ok: false, status: "chooseVideoException", detail: `the chosen file is ${type}, not a video` };
  }

  if (input.durationMs !== null) {
    const window = durationWindow(limits, input.liveMode, input.will, input.actions, input.light);
    const tolerance = limits.durationMs.toleranceMs;
    const d = input.durationMs;
    if (d <= 0 || d < window.min - tolerance) {
      return { ok: false, status: "shortException", detail: `${seconds(d)} is shorter than the ${seconds(window.min)} required (±${tolerance} ms)` };
    }
    if (window.max !== null && d > window.max + tolerance) {
      return { ok: false, status: "longException", detail: `${seconds(d)} is longer than the ${seconds(window.max)} allowed (±${tolerance} ms)` };
    }
  }

  const minBytes = limits.sizeKB.min[input.platform] * BYTES_PER_KB;
  const maxBytes = limits.sizeKB.zip * BYTES_PER_KB;
  if (blob.size < minBytes) {
    return { ok: false, status: "smallException", detail: `${blob.size} bytes is below the ${minBytes} bytes required on ${input.platform}` };
  }
  if (blob.size > maxBytes) {
    // The messaging app's camera records big files with the rear camera; its screen says to use the front one.
    const status: ErrorStatus = input.kind === "wxVideo" ? "sizeException" : "largeException";
    return { ok: false, status, detail: `${blob.size} bytes is above the ${maxBytes} bytes allowed` };
  }
  return { ok: true };
}
