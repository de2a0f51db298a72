/**
 * The capture kind of a recording page: selectCaptureKind (src/capture/modeChoice.ts) fed
 * with what this browser can do and the runtime's capture kinds. The recording pages record a
 * video, so the real-time kinds are out of the question there (they have their own pages):
 * only the kinds whose page is "recording" are tried, shipped the messaging app's camera, the
 * in-page recorder and the file input.
 */
import type { CaptureKind } from "../../../capture/contract";
import { selectCaptureKind } from "../../../capture/modeChoice";
import { platformOfUserAgent } from "../../../capture/recorder/platform";
import type { FlowRuntime } from "../../../runtime/runtime";
import { loadCameraCheck } from "../cameraCheck";

/** getUserMedia and MediaRecorder both exist: the page can record by itself. */
function hasRecorderApi(win: Window): boolean {
  const media = (win.navigator as Partial<Navigator>).mediaDevices;
  const Recorder = (win as unknown as { MediaRecorder?: unknown }).MediaRecorder;
  return typeof media?.getUserMedia === "function" && typeof Recorder === "function";
}

/**
 * False only when the browser says it has no camera at all. Before any permission browsers
 * still list one entry per kind of device present (without labels), so an empty list means
 * none; a browser that cannot enumerate is given the benefit of the doubt.
 */
async function hasCamera(win: Window): Promise<boolean> {
  const media = (win.navigator as Partial<Navigator>).mediaDevices;
  if (typeof media?.enumerateDevices !== "function") return true;
  try {
    return (await media.enumerateDevices()).some((device) => device.kind === "videoinput");
  } catch {
    return true;
  }
}

export async function chooseRecordingKind(rt: FlowRuntime): Promise<CaptureKind> {
  // Loaded on demand, as on the start pages: the user-agent parser is not in the first screen.
  const cameraCheck = await loadCameraCheck(rt);
  const state = rt.readSessionState();
  // Without a camera the page has nothing to open; the file input can still hand over a video.
  const cameraApi = hasRecorderApi(rt.win) && (await hasCamera(rt.win));
  return selectCaptureKind(
    {
      launch: rt.launch,
      state,
      cameraApi,
      cameraEligible: cameraCheck.check().allowed,
      wxCameraUsable: rt.wxCameraUsable,
      platform: platformOfUserAgent(rt.win.navigator.userAgent),
    },
    rt.captureHandlers,
    "recording",
  );
}
