/**
 * What a recording page shows, as a pure reducer over what happens in one attempt: the
 * page preparing (handler kind, digits, question), waiting for the user's start, the
 * handler's events (preview, camera ready, countdown, recording, prompts), and the
 * submission (checking, uploading with progress, an upload that could not finish, the
 * service verifying with its steps, settling). A reload while the service verifies opens
 * the page straight in "verifying" (the stored pending attempt).
 * No React and no timers, so every transition is unit-tested.
 */
import type { VerifyStep } from "../../../schemas/api";
import type { CaptureEvent, CaptureKind } from "../../capture/contract";
import type { ErrorStatus } from "../../../schemas/errors";
import type { GuidanceFailure } from "../../ui/screens/recording/guidance/guidanceController";

export type AttemptPhase =
  /** Choosing the handler and fetching digits or the question. */
  | { name: "preparing" }
  /** Waiting for the user's tap. */
  | { name: "ready" }
  /** The page asked for the camera. */
  | { name: "opening" }
  /** The system camera or a file chooser is open (file input). */
  | { name: "picking" }
  /** The camera is granted; waiting for its first picture. */
  | { name: "preview" }
  | { name: "countdown"; secondsLeft: number }
  /** actionIndex: the action prompted now (-1 before the first prompt). */
  | { name: "recording"; elapsedMs: number; actionIndex: number }
  /** The recording is in hand and being checked (spec §5) before upload. */
  | { name: "checking" }
  | { name: "uploading"; fraction: number }
  /** On-device face guidance saw the recording's checks undone: the action-failure view, nothing uploaded. */
  | { name: "guidanceFailed"; reason: GuidanceFailure }
  /** Every try failed without an answer; the recording is kept for another try. */
  | { name: "uploadFailed"; status: ErrorStatus }
  /** The service accepted the recording and verifies it: its step (null until known) and share of the work. */
  | { name: "verifying"; step: VerifyStep | null; progress: number }
  /** The service judged it; fetching the signed result and leaving the page. */
  | { name: "settling" };

export interface AttemptState {
  phase: AttemptPhase;
  /** The handler kind this page records with; null while preparing. */
  kind: CaptureKind | null;
  /** Number mode: digits to read; will mode: the question. Null until fetched. */
  digits: string | null;
  question: string | null;
  /** The order wants on-device face guidance; null until prepared. */
  guidance: boolean | null;
  /** The camera gave no picture within the wave timeout (the record-timeout modal). */
  stalled: boolean;
  /**
   * Why the page switched to the file input after the recorder failed: the permission was
   * never answered (spec §4 retry rule), or the browser found no camera to open.
   */
  switched: SwitchReason | null;
}

export type SwitchReason = "permissionTimeout" | "noCamera";

export type AttemptAction =
  | { type: "prepared"; kind: CaptureKind; digits: string | null; question: string | null; guidance: boolean }
  /** The recorder could not be used: the page switched to `kind` (the file input). */
  | { type: "switched"; kind: CaptureKind; reason: SwitchReason }
  | { type: "started" }
  | { type: "event"; event: CaptureEvent }
  | { type: "stalled" }
  /** The attempt ended without a recording (cancelled, or reset after a stall). */
  | { type: "reset" }
  | { type: "checking" }
  | { type: "uploading" }
  | { type: "uploadFailed"; status: ErrorStatus }
  | { type: "guidanceFailed"; reason: GuidanceFailure }
  | { type: "verifying"; step: VerifyStep | null; progress: number }
  | { type: "settling" };

export const INITIAL_ATTEMPT_STATE: AttemptState = {
  phase: { name: "preparing" },
  kind: null,
  digits: null,
  question: null,
  guidance: null,
  stalled: false,
  switched: null,
};

/** The phases in which the handler owns the camera or the chooser (a new start is refused). */
export function isCapturing(phase: AttemptPhase): boolean {
  return ["opening", "picking", "preview", "countdown", "recording"].includes(phase.name);
}

function onEvent(state: AttemptState, event: CaptureEvent): AttemptState {
  const phase = state.phase;
  switch (event.type) {
    case "preview":
      return { ...state, phase: { name: "preview" } };
    case "cameraReady":
      return { ...state, stalled: false };
    case "countdown":
      return { ...state, stalled: false, phase: { name: "countdown", secondsLeft: event.secondsLeft } };
    case "recording":
      return {
        ...state,
        phase: { name: "recording", elapsedMs: event.elapsedMs, actionIndex: phase.name === "recording" ? phase.actionIndex : -1 },
      };
    case "prompt":
      return {
        ...state,
        phase: { name: "recording", elapsedMs: phase.name === "recording" ? phase.elapsedMs : 0, actionIndex: event.actionIndex },
      };
    case "progress":
      return phase.name === "uploading" ? { ...state, phase: { name: "uploading", fraction: event.fraction } } : state;
  }
}

export function attemptReducer(state: AttemptState, action: AttemptAction): AttemptState {
  switch (action.type) {
    case "prepared":
      return { ...state, kind: action.kind, digits: action.digits, question: action.question, guidance: action.guidance, phase: { name: "ready" } };
    case "switched":
      return { ...state, kind: action.kind, stalled: false, switched: action.reason, phase: { name: "ready" } };
    case "started":
      return { ...state, stalled: false, phase: { name: state.kind === "fileInput" ? "picking" : "opening" } };
    case "event":
      // Late events of an attempt the page already left behind change nothing.
      return isCapturing(state.phase) || action.event.type === "progress" ? onEvent(state, action.event) : state;
    case "stalled":
      return isCapturing(state.phase) ? { ...state, stalled: true } : state;
    case "reset":
      return { ...state, stalled: false, phase: { name: "ready" } };
    case "checking":
      return { ...state, stalled: false, phase: { name: "checking" } };
    case "uploading":
      return { ...state, phase: { name: "uploading", fraction: 0 } };
    case "uploadFailed":
      return { ...state, phase: { name: "uploadFailed", status: action.status } };
    case "guidanceFailed":
      return { ...state, stalled: false, phase: { name: "guidanceFailed", reason: action.reason } };
    case "verifying":
      return { ...state, stalled: false, phase: { name: "verifying", step: action.step, progress: action.progress } };
    case "settling":
      return { ...state, phase: { name: "settling" } };
  }
}
