/**
 * The file input (part of mode "video"): the system camera app records and the page only
 * picks the file. It works wherever a page can pick a file, so it is always available and
 * ends every mode order (the last resort after the camera was refused, hung or is missing).
 */
import { DEVICE_MODES } from "../../../schemas/session";
import type { CaptureKindDescriptor } from "./descriptor";
import { RECORDING_ROUTES } from "./recordingRoutes";

export const fileInputKind: CaptureKindDescriptor<"fileInput"> = {
  kind: "fileInput",
  load: () => import("../fileInputHandler").then((m) => m.createFileInputHandler),
  isAvailable: () => true,
  traits: { recordsVideo: true, usesPageCamera: false, choosesFacing: true, deviceMode: DEVICE_MODES.video, page: "recording" },
  routes: RECORDING_ROUTES,
};
