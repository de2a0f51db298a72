/**
 * Named questions the capture pages ask of the attempt's state, so the views read the state
 * one way (and the tests assert the same answers without a DOM). The pages' view models built
 * from them, with their texts named by key, are recordingView.ts and realtimeView.ts.
 */
import type { VerifyStep } from "../../../schemas/api";
import type { RecordingPlan } from "../../capture/recorder/recordingPlan";
import type { AttemptPhase, AttemptState, PhaseName } from "./attemptState";
import type { AttemptOptions } from "./ports";
import type { TextKey } from "./textRef";

/** What the camera viewport shows: the idle picture, a spinner, or the live picture. */
export type ViewportPhase = "idle" | "opening" | "live";

export function selectViewport(state: Pick<AttemptState, "phase">): ViewportPhase {
  switch (state.phase.name) {
    case "opening":
      return "opening";
    case "preview":
    case "countdown":
    case "recording":
      return "live";
    default:
      return "idle";
  }
}

/** The phase name a recording page reports (data-phase, and its modifier class). */
export function selectRecordingStage(state: AttemptState): PhaseName {
  return state.phase.name;
}

/** The phase name a real-time page reports (data-phase): its recording is "capturing", as it always was. */
export function selectRealtimeStage(state: AttemptState): Exclude<PhaseName, "recording"> | "capturing" {
  return state.phase.name === "recording" ? "capturing" : state.phase.name;
}

/** The user may tap start: prepared and idle, or a file chooser that may have been dismissed unseen. */
export function selectCanStart(state: AttemptState): boolean {
  return state.request !== null && (state.phase.name === "ready" || state.phase.name === "picking");
}

export function selectIsRecording(state: AttemptState): state is AttemptState & { phase: Extract<AttemptPhase, { name: "recording" }> } {
  return state.phase.name === "recording";
}

/** The seconds the 3-2-1 shows, or null when it does not count down. */
export function selectCountdown(state: AttemptState): number | null {
  return state.phase.name === "countdown" ? state.phase.secondsLeft : null;
}

/** The handler's prompted action (index into the request's actions); -1 when none is. */
export function selectActionIndex(state: AttemptState): number {
  return state.phase.name === "recording" ? state.phase.actionIndex : -1;
}

/** Will mode: the actions are done and the spoken answer is due. */
export function selectAnswering(state: AttemptState, plan: Pick<RecordingPlan, "answerAtMs"> | null): boolean {
  return state.phase.name === "recording" && plan !== null && plan.answerAtMs !== null && state.phase.elapsedMs >= plan.answerAtMs;
}

/** The share of the upload sent (0..1), or null when not uploading. */
export function selectUploadFraction(state: AttemptState): number | null {
  return state.phase.name === "uploading" ? state.phase.fraction : null;
}

/** A real-time page's stream bar: the share of the stream's frames acknowledged while capturing (the upload after is the wait's, waitView.ts). */
export function selectTransferFraction(state: AttemptState): number | null {
  return state.phase.name === "recording" ? state.phase.fraction : null;
}

/** The service's verification as the 核验中 view shows it, or null when it does not verify. */
export function selectVerifying(state: AttemptState): { step: VerifyStep | null; progress: number } | null {
  return state.phase.name === "verifying" ? { step: state.phase.step, progress: state.phase.progress } : null;
}

/**
 * Whether the page says what it will use: before the camera is on, when it tells the user what
 * the browser is about to ask for. Once the camera shows, the line would say nothing new.
 */
export function selectShowsNeeds(state: AttemptState): boolean {
  return state.phase.name === "preparing" || state.phase.name === "ready" || state.phase.name === "opening";
}

/** What the page says it will use: the camera, or the camera and the microphone. */
export function selectNeeds(options: Pick<AttemptOptions, "audio">): Extract<TextKey<"recorder">, "needsCamera" | "needsCameraMic"> {
  return options.audio ? "needsCameraMic" : "needsCamera";
}
