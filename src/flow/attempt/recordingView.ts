/**
 * The recording pages' view models (/vertify, /action/vertify, /willDegrade/index), as
 * pure selectors over the attempt's state and the recording's plan: the foot (start, stop,
 * kept recording; nothing while the page waits for the verdict, which waitView.ts shows as
 * the page's main content), the camera switch beside the start button, the line
 * under the viewport, what lies over the viewport, and the notice after a switch to the system camera. Texts are named by key
 * (textRef.ts); src/ui/screens/recording/ renders them.
 */
import type { CameraFacing, CaptureRequest } from "../../capture/contract";
import type { RecordingPlan } from "../../capture/recorder/recordingPlan";
import { canSwitchCamera, type AttemptState } from "./attemptState";
import type { GuidanceFailure } from "./ports";
import type { TextKey, TextRef } from "./textRef";

/** The foot of a recording page. */
export type RecordingFoot =
  /** The start button: record in the page, or shoot with the system camera (file input). */
  | { kind: "start"; label: Extract<TextKey<"capture">, "startRecord" | "startFile"> }
  /** The stop button, enabled once the recording passed the plan's earliest stop. */
  | { kind: "stop"; enabled: boolean }
  /** A disabled button saying what the page is busy with. */
  | { kind: "busy"; label: Extract<TextKey<"capture">, "preparing" | "opening" | "settling"> }
  /** The wait for the verdict (checking, sending, verifying, fetching it): the 核验中 view above says it all (selectWait). */
  | { kind: "wait" }
  /** An upload got no answer and its recording is kept: resend or give up. */
  | { kind: "kept" }
  /** Nothing (the action-failure view replaces the page). */
  | { kind: "none" };

/** The line under the viewport, in parts shown one after the other; empty when there is none. */
export type RecordingHint = readonly TextRef<"capture" | "recorder">[];

/** What lies over the viewport: the 3-2-1, or while recording the ring's done share and the seconds. */
export type RecordingOverlay =
  | { kind: "none" }
  | { kind: "countdown"; secondsLeft: number }
  /** done: 0..1 of the way to the automatic stop; seconds: elapsed, one decimal ("2.3"). */
  | { kind: "recording"; done: number; seconds: string };

type Plan = Pick<RecordingPlan, "earliestStopMs" | "autoStopMs"> | null;

/** The plan's earliest stop; 0 while there is no plan (preparing). */
const earliestStopOf = (plan: Plan) => plan?.earliestStopMs ?? 0;

/** The foot of a recording page in this state. */
export function selectRecordingFoot(state: AttemptState, plan: Plan): RecordingFoot {
  const { phase } = state;
  switch (phase.name) {
    case "preparing":
      return { kind: "busy", label: "preparing" };
    case "ready":
    // The chooser may have been dismissed in a browser that does not say so: picking again must stay possible.
    case "picking":
      return { kind: "start", label: state.kind === "recorder" ? "startRecord" : "startFile" };
    case "opening":
      return { kind: "busy", label: "opening" };
    case "preview":
    case "countdown":
      return { kind: "stop", enabled: false };
    case "recording":
      return { kind: "stop", enabled: phase.elapsedMs >= earliestStopOf(plan) };
    case "checking":
    case "uploading":
    case "verifying":
    case "settling":
      return { kind: "wait" };
    case "leaving":
      return { kind: "busy", label: "settling" };
    case "uploadFailed":
      return { kind: "kept" };
    case "guidanceFailed":
      return { kind: "none" };
  }
}

/** The 切换摄像头 button beside the start button: its label, the camera chosen now and the words saying which. */
export interface CameraSwitchView {
  label: Extract<TextKey<"recorder">, "switchCamera">;
  facing: CameraFacing;
  /** Said with the button (its description), so a screen reader user knows which camera films. */
  current: Extract<TextKey<"recorder">, "cameraFront" | "cameraBack">;
}

/**
 * The camera switch, or null where there is none: an app on the unchangeable list (spec §5),
 * a kind whose camera the page does not choose, or once the start was tapped.
 */
export function selectCameraSwitch(state: AttemptState): CameraSwitchView | null {
  if (!canSwitchCamera(state)) return null;
  return { label: "switchCamera", facing: state.facing, current: state.facing === "user" ? "cameraFront" : "cameraBack" };
}

const secondsOf = (ms: number) => String(Math.round(ms / 100) / 10);

/** What the system camera should record: the window in seconds, and reading the digits in number mode. */
function fileInputIntro(request: CaptureRequest): RecordingHint {
  const { min, max } = request.durationMs;
  const intro: TextRef<"capture"> = { section: "capture", key: "fileIntro", fill: { min: secondsOf(Math.max(min, 1000)), max: secondsOf(max) } };
  return request.liveMode === "number" ? [intro, { section: "capture", key: "fileNumber" }] : [intro];
}

const capture = (key: TextKey<"capture">): RecordingHint => [{ section: "capture", key }];

/** The line under the viewport: what the user should do now, worded for the in-page recorder or the system camera. */
export function selectRecordingHint(state: AttemptState, plan: Plan): RecordingHint {
  const { phase, kind, request } = state;
  switch (phase.name) {
    case "preparing":
      return capture("preparing");
    case "ready":
      return kind !== "recorder" && request ? fileInputIntro(request) : [{ section: "recorder", key: "idleHint" }];
    case "picking":
      return capture("picking");
    case "opening":
      return capture("openingHint");
    case "preview":
      return capture("previewHint");
    case "countdown":
      return capture("countdownHint");
    case "recording":
      return capture(phase.elapsedMs < earliestStopOf(plan) ? "stopSoon" : "stopNow");
    // The foot says what happens from here on.
    case "checking":
    case "uploading":
    case "uploadFailed":
    case "guidanceFailed":
    case "verifying":
    case "settling":
    case "leaving":
      return [];
  }
}

/** What lies over the viewport; the ring fills towards the plan's automatic stop. */
export function selectRecordingOverlay(state: AttemptState, plan: Plan): RecordingOverlay {
  const { phase } = state;
  if (phase.name === "countdown") return { kind: "countdown", secondsLeft: phase.secondsLeft };
  if (phase.name !== "recording") return { kind: "none" };
  const autoStopMs = plan?.autoStopMs ?? 1;
  return { kind: "recording", done: Math.min(1, phase.elapsedMs / Math.max(1, autoStopMs)), seconds: (phase.elapsedMs / 1000).toFixed(1) };
}

/** Why the page records with the system camera now (the recorder failed), or null when it did not switch. */
export function selectSwitchedNotice(state: AttemptState): Extract<TextKey<"capture">, "switched" | "switchedNoCamera"> | null {
  if (state.switched === null || state.switched === "kindUnusable") return null;
  return state.switched === "noCamera" ? "switchedNoCamera" : "switched";
}

/** On-device face guidance saw the recording's checks undone: the action-failure view's reason, else null. */
export function selectGuidanceFailure(state: AttemptState): GuidanceFailure | null {
  return state.phase.name === "guidanceFailed" ? state.phase.reason : null;
}
