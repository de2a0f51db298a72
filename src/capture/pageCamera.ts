/**
 * Opening this page's camera the way every in-page handler does: the window's own media
 * devices and timers, the permission limits of flows/capture.json, the platform from the UA.
 */
import captureJson from "../../flows/capture.json";
import type { CaptureFile } from "../../schemas/capture";
import { openCamera, type OpenCameraResult } from "./permission";
import { platformOfUserAgent } from "./recorder/platform";

/** capture.json was validated by build.mjs before it was embedded. */
const capture = captureJson as CaptureFile;

export function openPageCamera(win: Window, now: () => number, audio: boolean): Promise<OpenCameraResult> {
  return openCamera({
    mediaDevices: win.navigator.mediaDevices,
    audio,
    now,
    setTimeout: (callback, ms) => win.setTimeout(callback, ms),
    clearTimeout: (handle) => win.clearTimeout(handle as number),
    timeoutMs: capture.camera.permissionTimeoutMs,
    quickDenialMs: capture.camera.quickDenialMs,
    platform: platformOfUserAgent(win.navigator.userAgent),
  });
}
