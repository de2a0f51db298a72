/**
 * Which capture handler records this attempt (spec §4 "Mode choice", "Camera unsupported"),
 * as a pure function of the launch, the session state and what the browser can do.
 *
 * Order: a real-time mode (TRTC or websocket, in the launch's order) while enabled and still
 * supported; then the messaging app's own camera on Android; then the in-page recorder;
 * and last the file input, which hands recording to the system camera app and so works
 * wherever a page can pick a file.
 *
 * "Video capture" (live_inter_type) in faceflow means recording in the page itself
 * (getUserMedia + MediaRecorder, kind "recorder"). When it is off, the recording is still
 * made and uploaded, but by the system camera through the file input: the partner has
 * asked not to drive the camera from the web page. The real-time modes have their own
 * switches (rtc_mode_switch, ws_mode_switch) and the messaging-app camera is the system
 * camera already, so neither is affected.
 */
import type { LaunchParams } from "../../schemas/launch";
import { DOWNGRADE_REASONS, type SessionState } from "../../schemas/session";
import { firstRealtimeMode, isWillMode } from "../engine/modes";
import type { CaptureKind } from "./contract";

export type Platform = "ios" | "android" | "other";

export interface CaptureChoiceInput {
  launch: LaunchParams;
  state: SessionState;
  /** navigator.mediaDevices?.getUserMedia is present (it is missing outside a secure context). */
  cameraApi: boolean;
  /** Camera-input eligibility of src/device/eligibility.ts (spec §5). */
  cameraEligible: boolean;
  /** The messaging-app camera may be used here (src/device/messagingApp.ts, spec §4). */
  wxCameraUsable: boolean;
  platform: Platform;
}

/**
 * Spec §4: video capture is on by default; in will mode it is on unless live_inter_type is
 * "0", in the other modes it is off when live_inter_type is "1". Off means the in-page
 * recorder is not used and the system camera records through the file input (see above).
 */
export function isVideoCaptureOn(launch: LaunchParams): boolean {
  if (isWillMode(launch)) return launch.live_inter_type !== "0";
  return launch.live_inter_type !== "1";
}

/**
 * True when the page may open the camera itself: the API exists, this browser is not
 * blocked, and no earlier getUserMedia of this launch hung without an answer. After such a
 * hang (webcamNoPermissionTimeout) asking again would hang again, so the retry rule of
 * spec §4 ("switches to the non-real-time fallback") has to avoid getUserMedia altogether.
 */
export function pageCameraUsable(input: Pick<CaptureChoiceInput, "state" | "cameraApi" | "cameraEligible">): boolean {
  const hung = input.state.deviceInfo.h5downgrade.includes(DOWNGRADE_REASONS.webcamNoPermissionTimeout);
  return input.cameraApi && input.cameraEligible && !hung;
}

/**
 * The capture handler kind for the next attempt.
 * @example selectCaptureKind({ launch: { rtc_mode_switch: "1" }, state, cameraApi: true, cameraEligible: true, wxCameraUsable: false, platform: "other" }) === "trtc"
 */
export function selectCaptureKind(input: CaptureChoiceInput): CaptureKind {
  const { launch, state, platform } = input;
  const camera = pageCameraUsable(input);
  // Both real-time modes stream from the page's own camera: without it neither can run (spec §4).
  if (camera) {
    const realtime = firstRealtimeMode(launch, state);
    if (realtime === "trtc") return "trtc";
    if (realtime === "ws") return "websocket";
  }
  // The messaging app's JS-SDK video path is configured on Android only (spec §7).
  if (platform === "android" && input.wxCameraUsable) return "wxVideo";
  if (camera && isVideoCaptureOn(launch)) return "recorder";
  return "fileInput";
}
