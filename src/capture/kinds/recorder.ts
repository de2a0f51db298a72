/**
 * Recording in the page (spec §4 "video capture", part of mode "video"): getUserMedia and
 * MediaRecorder. Needs the page camera, and the launch must not have turned video capture
 * off (live_inter_type; then the system camera records through the file input instead).
 */
import type { LaunchParams } from "../../../schemas/launch";
import { DEVICE_MODES } from "../../../schemas/session";
import { isWillMode } from "../../domain/modes";
import type { CaptureKindDescriptor } from "./descriptor";
import { RECORDING_ROUTES } from "./recordingRoutes";

/**
 * Spec §4: video capture is on by default; in will mode it is on unless live_inter_type is
 * "0", in the other modes it is off when live_inter_type is "1". Off means the in-page
 * recorder is not used and the system camera records through the file input.
 */
export function isVideoCaptureOn(launch: LaunchParams): boolean {
  if (isWillMode(launch)) return launch.live_inter_type !== "0";
  return launch.live_inter_type !== "1";
}

export const recorderKind: CaptureKindDescriptor<"recorder"> = {
  kind: "recorder",
  load: () => import("../recorderHandler").then((m) => m.createRecorderHandler),
  isAvailable: ({ launch, pageCamera }) => pageCamera && isVideoCaptureOn(launch),
  traits: { recordsVideo: true, usesPageCamera: true, choosesFacing: true, deviceMode: DEVICE_MODES.video, page: "recording" },
  routes: RECORDING_ROUTES,
};
