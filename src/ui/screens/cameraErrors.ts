/**
 * Which error-catalogue status a failed camera start shows (spec §8), from the error
 * getUserMedia gave:
 * - NotAllowedError (the user or the system refused) and SecurityError (a permissions
 *   policy refused): the no-permission status of the platform; Android's offers a retry,
 *   because there the user can grant the permission and try again without leaving.
 * - no navigator.mediaDevices at all (an old browser, or plain http): browserNotSupport.
 * - NotFoundError (no camera the browser can use): uaDetectException, whose advice is to
 *   open the link in the system browser.
 * - anything else (NotReadableError: camera busy, OverconstrainedError, AbortError…):
 *   trtc_cameraError.
 */
import type { ErrorStatus } from "../../../schemas/errors";

export type CameraFailureStatus = Extract<
  ErrorStatus,
  "trtc_iosNoWebcamPermission" | "trtc_androidNoWebcamPermission" | "browserNotSupport" | "uaDetectException" | "trtc_cameraError"
>;

/** Thrown by openCamera when the browser has no navigator.mediaDevices.getUserMedia. */
export class NoMediaDevicesError extends Error {
  constructor() {
    super("navigator.mediaDevices.getUserMedia is not available (old browser or insecure context)");
    this.name = "NoMediaDevicesError";
  }
}

/** The DOMException name of an error, or its constructor name. */
export function errorNameOf(error: unknown): string {
  if (typeof error === "object" && error !== null && "name" in error && typeof error.name === "string") return error.name;
  return typeof error;
}

export function cameraFailureStatus(error: unknown, platform: { ios: boolean }): CameraFailureStatus {
  switch (errorNameOf(error)) {
    case "NotAllowedError":
    case "PermissionDeniedError": // pre-standard Chrome and some Android web-views
    case "SecurityError":
      return platform.ios ? "trtc_iosNoWebcamPermission" : "trtc_androidNoWebcamPermission";
    case "NoMediaDevicesError":
      return "browserNotSupport";
    case "NotFoundError":
    case "DevicesNotFoundError":
      return "uaDetectException";
    default:
      return "trtc_cameraError";
  }
}

/** The constraints of spec-compatible capture: ideal, never exact (the fake camera and many phones report no facingMode). */
export function cameraConstraints(audio: boolean): MediaStreamConstraints {
  return {
    video: { facingMode: { ideal: "user" }, width: { ideal: 640 }, height: { ideal: 480 } },
    audio,
  };
}

/** Asks for the camera (and microphone); rejects with NoMediaDevicesError when the API is missing. */
export async function openCamera(nav: Navigator, audio: boolean): Promise<MediaStream> {
  const media = (nav as Partial<Navigator>).mediaDevices;
  if (!media || typeof media.getUserMedia !== "function") throw new NoMediaDevicesError();
  return media.getUserMedia(cameraConstraints(audio));
}

export function stopStream(stream: MediaStream | null | undefined): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}
