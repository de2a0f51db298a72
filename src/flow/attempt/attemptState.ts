/**
 * What a capture page shows, as one pure reducer over what happens in one attempt, for both
 * page families (the recording pages and the real-time pages): the page preparing (capture
 * kind, and the request with its digits or question), waiting for the user's start, the handler's events (preview,
 * camera ready, countdown, recording or streaming, prompts, the stream's progress), and the
 * hand-over (checking, uploading with progress, an upload that could not finish and keeps
 * its recording, the service verifying with its steps, settling, leaving). A reload while
 * the service verifies opens the page straight in "verifying" (the stored pending attempt).
 * No React and no timers, so every transition is unit-tested; createAttemptStore holds the
 * state for the attempt machine and tells the page of each change.
 */
import type { VerifyStep } from "../../../schemas/api";
import type { ErrorStatus } from "../../../schemas/errors";
import type { CameraFacing, CaptureEvent, CaptureKind, CaptureRequest } from "../../capture/contract";
import type { LightStep } from "./lightRoute";
import type { GuidanceFailure } from "./ports";

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
  /**
   * Recording (or streaming frames). actionIndex: the action prompted now (-1 before the
   * first prompt); fraction: the share of a stream's frames the service acknowledged.
   */
  | { name: "recording"; elapsedMs: number; actionIndex: number; fraction: number }
  /** The recording is in hand and being checked (spec §5) before upload. */
  | { name: "checking" }
  | { name: "uploading"; fraction: number }
  /** On-device face guidance saw the recording's checks undone: the action-failure view, nothing uploaded. */
  | { name: "guidanceFailed"; reason: GuidanceFailure }
  /** Every try failed without an answer; the recording is kept for another try. */
  | { name: "uploadFailed"; status: ErrorStatus }
  /** The service took the attempt on and verifies it: its step (null until known) and share of the work. */
  | { name: "verifying"; step: VerifyStep | null; progress: number }
  /** The service judged it; fetching the signed result. */
  | { name: "settling" }
  /** The page hands over (result, error screen, another capture kind's page). */
  | { name: "leaving" };

export type PhaseName = AttemptPhase["name"];

export interface AttemptState {
  phase: AttemptPhase;
  /** The handler kind this page records with; null while preparing. */
  kind: CaptureKind | null;
  /** What is asked of the user in this attempt; null while preparing. */
  request: CaptureRequest | null;
  /** The order wants on-device face guidance; null until prepared. */
  guidance: boolean | null;
  /** The camera gave no picture within the wave timeout (the record-timeout modal). */
  stalled: boolean;
  /**
   * Why the page switched to the file input after the recorder failed: the permission was
   * never answered (spec §4 retry rule), or the browser found no camera to open.
   */
  switched: SwitchReason | null;
  /** The camera the attempt records with: the front one until the user switches. */
  facing: CameraFacing;
  /**
   * The user may switch camera on this page: the app is not on flows/apps.json
   * `unchangeableCameraAppIds` (spec §5) and the kind records with a camera the page chooses.
   */
  cameraSwitch: boolean;
  /** Light modes: the notice, the user's choice and its challenge (lightRoute.ts); null when the mode shows none. */
  light: LightStep | null;
}

/** `kindUnusable`: the messaging app refused its JS config (spec §8: analytics only, no notice). */
export type SwitchReason = "permissionTimeout" | "noCamera" | "kindUnusable";

export type AttemptAction =
  | { type: "prepared"; kind: CaptureKind; request: CaptureRequest; guidance: boolean; cameraSwitch: boolean; light?: LightStep | null }
  /** Light modes: the notice's choice was made; its challenge is being fetched. */
  | { type: "lightFetching" }
  /** Light modes: the request now carries the sequence, or is number mode's (the alternative). */
  | { type: "lightChosen"; route: "light" | "alternative"; request: CaptureRequest }
  /** The recorder could not be used: the page switched to `kind` (the file input). */
  | { type: "switched"; kind: CaptureKind; reason: SwitchReason; cameraSwitch: boolean }
  /** The user switched between the front and the back camera (only while ready, where cameraSwitch allows it). */
  | { type: "cameraSwitched" }
  | { type: "started" }
  | { type: "event"; event: CaptureEvent }
  | { type: "stalled" }
  /** The attempt ended without a recording (cancelled, or reset after a stall). */
  | { type: "reset" }
  | { type: "checking" }
  | { type: "uploading" }
  | { type: "uploadProgress"; fraction: number }
  | { type: "uploadFailed"; status: ErrorStatus }
  | { type: "guidanceFailed"; reason: GuidanceFailure }
  | { type: "verifying"; step: VerifyStep | null; progress: number }
  | { type: "settling" }
  | { type: "leaving" };

export const INITIAL_ATTEMPT_STATE: AttemptState = {
  phase: { name: "preparing" },
  kind: null,
  request: null,
  guidance: null,
  stalled: false,
  switched: null,
  facing: "user",
  cameraSwitch: false,
  light: null,
};

const CAPTURING: ReadonlySet<PhaseName> = new Set(["opening", "picking", "preview", "countdown", "recording"]);

/** The phases in which the handler owns the camera or the chooser (a new start is refused). */
export function isCapturing(phase: AttemptPhase): boolean {
  return CAPTURING.has(phase.name);
}

/** Light modes: the notice is up or the challenge is on its way; the recording may not start yet. */
export function awaitsLightChoice(state: Pick<AttemptState, "light">): boolean {
  return state.light?.step === "notice" || state.light?.step === "fetching";
}

/**
 * The user may switch camera now: allowed on this page, and before the start, since a switch
 * while the camera is open would mean opening it again.
 */
export function canSwitchCamera(state: AttemptState): boolean {
  return state.cameraSwitch && state.request !== null && state.phase.name === "ready";
}

/** The attempt with `facing` as its camera, in its state and in what it asks the handler. */
function withFacing(state: AttemptState, facing: CameraFacing): AttemptState {
  return { ...state, facing, request: state.request && { ...state.request, facing } };
}

/** A stream's progress from here on means every frame is sent: the service takes over. */
const VERIFYING_FROM = 0.99;

const NOT_RECORDING = { elapsedMs: 0, actionIndex: -1, fraction: 0 };

function onEvent(state: AttemptState, event: CaptureEvent): AttemptState {
  const phase = state.phase;
  const recording = phase.name === "recording" ? phase : NOT_RECORDING;
  switch (event.type) {
    case "preview":
      return { ...state, phase: { name: "preview" } };
    case "cameraReady":
      return { ...state, stalled: false };
    case "countdown":
      return { ...state, stalled: false, phase: { name: "countdown", secondsLeft: event.secondsLeft } };
    case "recording":
      return { ...state, phase: { ...recording, name: "recording", elapsedMs: event.elapsedMs } };
    case "prompt":
      return { ...state, phase: { ...recording, name: "recording", actionIndex: event.actionIndex } };
    case "progress":
      // Only a stream reports progress while capturing; once every frame is sent the service verifies.
      if (event.fraction >= VERIFYING_FROM) return phase.name === "verifying" ? state : { ...state, stalled: false, phase: { name: "verifying", step: null, progress: 0 } };
      return phase.name === "recording" ? { ...state, phase: { ...phase, fraction: event.fraction } } : state;
    case "captured":
      // The preview keeps its last picture (the machine tells the preview port); the phase moves on with the outcome.
      return state;
  }
}

/**
 * The verification's next figure, or null when it would take the bar back: a poll answered
 * by an instance that does not run the job (queued, 0), a job tried again from its start, an
 * answer without a step after one with it. The bar the page shows never goes back.
 */
function verifyingAfter(phase: AttemptPhase, step: VerifyStep | null, progress: number): AttemptPhase | null {
  if (phase.name !== "verifying") return { name: "verifying", step, progress };
  if (progress < phase.progress || (step === null && phase.step !== null)) return null;
  return { name: "verifying", step, progress };
}

export function attemptReducer(state: AttemptState, action: AttemptAction): AttemptState {
  switch (action.type) {
    case "prepared":
      return withFacing({
        ...state,
        kind: action.kind,
        request: action.request,
        guidance: action.guidance,
        cameraSwitch: action.cameraSwitch,
        light: action.light ?? null,
        phase: { name: "ready" },
      }, action.cameraSwitch ? state.facing : "user");
    case "lightFetching":
      return state.light?.step === "notice" ? { ...state, light: { step: "fetching" } } : state;
    case "lightChosen":
      return withFacing({ ...state, request: action.request, light: { step: action.route } }, state.facing);
    case "switched":
      // The file input keeps the camera the user chose; a kind that cannot choose records with the front one.
      return withFacing(
        { ...state, kind: action.kind, stalled: false, switched: action.reason, cameraSwitch: action.cameraSwitch, phase: { name: "ready" } },
        action.cameraSwitch ? state.facing : "user",
      );
    case "cameraSwitched":
      return canSwitchCamera(state) ? withFacing(state, state.facing === "user" ? "environment" : "user") : state;
    case "started":
      return { ...state, stalled: false, phase: { name: state.kind === "fileInput" ? "picking" : "opening" } };
    case "event":
      // Late events of an attempt the page already left behind change nothing (a stream's
      // last acknowledgements after the hand-over keep it verifying).
      if (isCapturing(state.phase)) return onEvent(state, action.event);
      return state.phase.name === "verifying" && action.event.type === "progress" ? onEvent(state, action.event) : state;
    case "stalled":
      return isCapturing(state.phase) ? { ...state, stalled: true } : state;
    case "reset":
      return { ...state, stalled: false, phase: { name: "ready" } };
    case "checking":
      return { ...state, stalled: false, phase: { name: "checking" } };
    case "uploading":
      return { ...state, stalled: false, phase: { name: "uploading", fraction: 0 } };
    case "uploadProgress":
      // A retried upload starts again from zero: the bar holds until it passes the last try's share.
      return state.phase.name === "uploading" && action.fraction > state.phase.fraction ? { ...state, phase: { name: "uploading", fraction: action.fraction } } : state;
    case "uploadFailed":
      return { ...state, phase: { name: "uploadFailed", status: action.status } };
    case "guidanceFailed":
      return { ...state, stalled: false, phase: { name: "guidanceFailed", reason: action.reason } };
    case "verifying": {
      const phase = verifyingAfter(state.phase, action.step, action.progress);
      return phase === null ? state : { ...state, stalled: false, phase };
    }
    case "settling":
      return { ...state, stalled: false, phase: { name: "settling" } };
    case "leaving":
      return { ...state, stalled: false, phase: { name: "leaving" } };
  }
}

/** The attempt's state over attemptReducer, for the machine to change and the page to watch (useSyncExternalStore). */
export interface AttemptStore {
  getState(): AttemptState;
  /** Calls `listener` after every change of the state; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
  /** Applies `action`; listeners hear of it only when the state changed. */
  dispatch(action: AttemptAction): void;
}

export function createAttemptStore(): AttemptStore {
  let state = INITIAL_ATTEMPT_STATE;
  const listeners = new Set<() => void>();
  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    dispatch(action) {
      const next = attemptReducer(state, action);
      if (next === state) return;
      state = next;
      for (const listener of [...listeners]) listener();
    },
  };
}
