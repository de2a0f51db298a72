/**
 * What a real-time page shows, as a pure reducer over one attempt: preparing (choosing the
 * mode, fetching digits), waiting for the user's start, the handler's events, and the
 * hand-over (a recording being checked and uploaded, then the service verifying the attempt
 * with its steps). No React and no timers, so every transition is unit-tested.
 */
import type { VerifyStep } from "../../../../schemas/api";
import type { CaptureEvent } from "../../../capture/contract";

export type StagePhase =
  | { name: "preparing" }
  | { name: "ready" }
  /** Start pressed; the camera is being asked for. */
  | { name: "opening" }
  /** The camera stream is shown; waiting for its first picture. */
  | { name: "preview" }
  | { name: "countdown"; secondsLeft: number }
  /** Frames streaming (websocket) or recording (real-time video); actionIndex -1 before the first prompt. */
  | { name: "capturing"; elapsedMs: number; actionIndex: number; fraction: number }
  /**
   * The stream ended or the recording was accepted, and the service verifies it: its step
   * (null until it said, e.g. while the last frames are acknowledged) and share of the work.
   */
  | { name: "verifying"; step: VerifyStep | null; progress: number }
  /** Real-time video: the recording is checked and uploaded (fraction of the upload). */
  | { name: "uploading"; fraction: number }
  /** Leaving the page (result, error or the next mode). */
  | { name: "leaving" };

export interface StageState {
  phase: StagePhase;
  digits: string | null;
  question: string | null;
  /** The camera gave no picture within the wave timeout (the record-timeout modal). */
  stalled: boolean;
}

export type StageAction =
  | { type: "prepared"; digits: string | null; question: string | null }
  | { type: "started" }
  | { type: "event"; event: CaptureEvent }
  | { type: "stalled" }
  /** The attempt ended without an outcome to act on (cancelled, reset after a stall). */
  | { type: "reset" }
  | { type: "uploading"; fraction: number }
  | { type: "verifying"; step: VerifyStep | null; progress: number }
  | { type: "leaving" };

export const INITIAL_STAGE_STATE: StageState = { phase: { name: "preparing" }, digits: null, question: null, stalled: false };

const LIVE_PHASES: ReadonlySet<StagePhase["name"]> = new Set(["opening", "preview", "countdown", "capturing", "verifying"]);

/** The handler owns the camera in these phases. */
function isLive(phase: StagePhase): boolean {
  return LIVE_PHASES.has(phase.name);
}

/** A stream's progress from here on means every frame is sent: the service takes over. */
const VERIFYING_FROM = 0.99;

function onEvent(state: StageState, event: CaptureEvent): StageState {
  const phase = state.phase;
  const capturing = phase.name === "capturing" ? phase : { elapsedMs: 0, actionIndex: -1, fraction: 0 };
  switch (event.type) {
    case "preview":
      return { ...state, phase: { name: "preview" } };
    case "cameraReady":
      return { ...state, stalled: false };
    case "countdown":
      return { ...state, stalled: false, phase: { name: "countdown", secondsLeft: event.secondsLeft } };
    case "recording":
      return { ...state, phase: { ...capturing, name: "capturing", elapsedMs: event.elapsedMs } };
    case "prompt":
      return { ...state, phase: { ...capturing, name: "capturing", actionIndex: event.actionIndex } };
    case "progress":
      if (event.fraction >= VERIFYING_FROM) return phase.name === "verifying" ? state : { ...state, phase: { name: "verifying", step: null, progress: 0 } };
      return phase.name === "capturing" ? { ...state, phase: { ...phase, fraction: event.fraction } } : state;
  }
}

export function stageReducer(state: StageState, action: StageAction): StageState {
  switch (action.type) {
    case "prepared":
      return { ...state, digits: action.digits, question: action.question, phase: { name: "ready" } };
    case "started":
      return { ...state, stalled: false, phase: { name: "opening" } };
    case "event":
      // Late events of an attempt the page already left behind change nothing.
      return isLive(state.phase) ? onEvent(state, action.event) : state;
    case "stalled":
      return isLive(state.phase) ? { ...state, stalled: true } : state;
    case "reset":
      return { ...state, stalled: false, phase: { name: "ready" } };
    case "uploading":
      return { ...state, stalled: false, phase: { name: "uploading", fraction: action.fraction } };
    case "verifying":
      return { ...state, stalled: false, phase: { name: "verifying", step: action.step, progress: action.progress } };
    case "leaving":
      return { ...state, stalled: false, phase: { name: "leaving" } };
  }
}
