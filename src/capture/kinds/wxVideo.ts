/**
 * The messaging app's own camera (spec §4, part of mode "video"): its JS-SDK records and the
 * page uploads the file. The video path is configured on Android only (spec §7), and the
 * app's version must allow it (src/device/messagingApp.ts, wxCameraPolicy.ts). It does not
 * need the page camera, so it is still preferred to the file input when that is unusable.
 */
import { DEVICE_MODES } from "../../../schemas/session";
import type { CaptureKindDescriptor } from "./descriptor";
import { RECORDING_ROUTES } from "./recordingRoutes";

export const wxVideoKind: CaptureKindDescriptor<"wxVideo"> = {
  kind: "wxVideo",
  load: () => import("../wxVideoHandler").then((m) => m.createWxVideoHandler),
  // A refused JS config (spec §8) rules the camera out for the rest of the session.
  isAvailable: ({ platform, wxCameraUsable, state }) => platform === "android" && wxCameraUsable && state.wxCameraUnusable !== true,
  traits: { recordsVideo: true, usesPageCamera: false, choosesFacing: false, deviceMode: DEVICE_MODES.video, page: "recording" },
  routes: RECORDING_ROUTES,
};
