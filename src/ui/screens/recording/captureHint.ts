/**
 * The one-line hint under the camera viewport: what the user should do in this phase of the
 * attempt, worded for the in-page recorder or for the system camera (file input).
 */
import type { CaptureKind, CaptureRequest } from "../../../capture/contract";
import type { TextsOf } from "../../FlowProvider";
import { fillText } from "../textTemplate";
import type { AttemptPhase } from "../../../flow/attempt/attemptState";

const secondsOf = (ms: number) => String(Math.round(ms / 100) / 10);

/** What the system camera should record: the window in seconds, and reading the digits in number mode. */
function fileInputIntro(texts: TextsOf<"capture" | "recorder">, request: CaptureRequest): string {
  const t = texts.capture;
  const { min, max } = request.durationMs;
  const intro = fillText(t.fileIntro, { min: secondsOf(Math.max(min, 1000)), max: secondsOf(max) });
  return request.liveMode === "number" ? intro + t.fileNumber : intro;
}

export function captureHint(input: {
  texts: TextsOf<"capture" | "recorder">;
  phase: AttemptPhase;
  kind: CaptureKind | null;
  request: CaptureRequest | null;
  earliestStopMs: number;
}): string {
  const { texts, phase, kind, request } = input;
  const t = texts.capture;
  switch (phase.name) {
    case "preparing":
      return t.preparing;
    case "ready":
      return kind !== "recorder" && request ? fileInputIntro(texts, request) : texts.recorder.idleHint;
    case "picking":
      return t.picking;
    case "opening":
      return t.openingHint;
    case "preview":
      return t.previewHint;
    case "countdown":
      return t.countdownHint;
    case "recording":
      return phase.elapsedMs < input.earliestStopMs ? t.stopSoon : t.stopNow;
    case "checking":
    case "uploading":
    case "uploadFailed":
    case "guidanceFailed":
    case "verifying":
    case "settling":
    case "leaving":
      return "";
  }
}
