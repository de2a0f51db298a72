/**
 * Which capture kind records this attempt (spec §4 "Mode choice", "Camera unsupported"), as a
 * pure function of the launch, the session state, what the browser can do, and the registered
 * capture kinds (src/capture/kinds/), tried in capture.json's order: the modes of `modeOrder`
 * (real-time video and websocket in the launch's order, then plain video), each mode's kinds of
 * `modeKinds` in turn; the first whose availability rule holds is chosen.
 *
 * Shipped, that is: a real-time mode (TRTC or websocket) while enabled and still supported;
 * then the messaging app's own camera on Android; then the in-page recorder; and last the file
 * input, which hands recording to the system camera app and so works wherever a page can pick
 * a file.
 *
 * "Video capture" (live_inter_type) in faceflow means recording in the page itself
 * (getUserMedia + MediaRecorder, kind "recorder"). When it is off, the recording is still
 * made and uploaded, but by the system camera through the file input: the partner has
 * asked not to drive the camera from the web page. The real-time modes have their own
 * switches (rtc_mode_switch, ws_mode_switch) and the messaging-app camera is the system
 * camera already, so neither is affected (the rule is isVideoCaptureOn in kinds/recorder.ts).
 */
import type { LaunchParams } from "../../schemas/launch";
import { DOWNGRADE_REASONS, type SessionState } from "../../schemas/session";
import { modeOrderKeyOf } from "../domain/modes";
import type { CaptureFacts, CapturePage, Platform } from "./kinds/descriptor";
import type { CaptureKindRegistry } from "./kinds/registry";

export type { Platform } from "./kinds/descriptor";

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
 * The capture kind for the next attempt. A page that runs only some kinds (the plain
 * recording pages run no real-time kind) passes its `page`: the other kinds are not tried.
 * Throws when no kind is available, which validate's check (every order reaches every kind,
 * the file input among them) rules out for the shipped kinds.
 * @example selectCaptureKind({ launch: { rtc_mode_switch: "1" }, state, cameraApi: true, cameraEligible: true, wxCameraUsable: false, platform: "other" }, rt.captureHandlers) === "trtc"
 */
export function selectCaptureKind<K extends string>(input: CaptureChoiceInput, kinds: CaptureKindRegistry<K>, page?: CapturePage): K {
  const facts: CaptureFacts = {
    launch: input.launch,
    state: input.state,
    // Every kind that streams or records from the page's own camera needs it (spec §4).
    pageCamera: pageCameraUsable(input),
    wxCameraUsable: input.wxCameraUsable,
    platform: input.platform,
  };
  const order = modeOrderKeyOf(input.launch);
  const candidates = kinds.inOrder(order).filter((d) => page === undefined || d.traits.page === page);
  const chosen = candidates.find((d) => d.isAvailable(facts));
  if (chosen === undefined) {
    throw new Error(`No capture kind is available${page === undefined ? "" : ` on a ${page} page`}; tried (modeOrder.${order}): ${candidates.map((d) => d.kind).join(", ") || "(none)"}`);
  }
  return chosen.kind;
}
