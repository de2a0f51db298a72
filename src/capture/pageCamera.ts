/**
 * Opening this page's camera the way every in-page handler does: the window's own media
 * devices and timers, the permission limits of flows/capture.json, the platform from the UA.
 */
import type { CaptureFile } from "../../schemas/capture";
import type { CameraFacing } from "./contract";
import { openCamera, type OpenCameraResult } from "./permission";
import { platformOfUserAgent } from "./recorder/platform";

/** `limits`: capture.json `camera` (the runtime's, passed in the handler's deps). */
export function openPageCamera(win: Window, now: () => number, audio: boolean, facing: CameraFacing, limits: CaptureFile["camera"]): Promise<OpenCameraResult> {
  return openCamera({
    mediaDevices: win.navigator.mediaDevices,
    audio,
    facing,
    now,
    setTimeout: (callback, ms) => win.setTimeout(callback, ms),
    clearTimeout: (handle) => win.clearTimeout(handle as number),
    timeoutMs: limits.permissionTimeoutMs,
    quickDenialMs: limits.quickDenialMs,
    failures: limits.failures,
    platform: platformOfUserAgent(win.navigator.userAgent),
  });
}
