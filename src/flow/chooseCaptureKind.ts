/**
 * The capture kind of a capture page: selectCaptureKind (src/capture/modeChoice.ts) fed with
 * the session state, what this browser can do and the runtime's capture kinds — the attempt
 * machine's `chooseKind` port. The camera check loads on demand, as on the start pages: the
 * user-agent parser is not in the first screen.
 *
 * - A recording page records a video, so the real-time kinds (which have their own pages) are
 *   out of the question there: only the kinds whose page is "recording" are tried, shipped the
 *   messaging app's camera, the in-page recorder and the file input. Without a camera the page
 *   has nothing to open; the file input can still hand over a video.
 * - On a real-time page every kind is a candidate, the real-time ones included, in the
 *   launch's order (spec §4); a kind of another page sends the user there.
 */
import type { CaptureKind } from "../capture/contract";
import type { CapturePage } from "../capture/kinds/descriptor";
import { selectCaptureKind } from "../capture/modeChoice";
import { platformOfUserAgent } from "../capture/recorder/platform";
import type { CameraFacts, KindChoice } from "./attempt/ports";
import type { FlowRuntime } from "../runtime/runtime";
import { loadCameraCheck } from "./cameraCheck";

/** getUserMedia exists (it is missing outside a secure context and in old browsers). */
function hasCameraApi(win: Window): boolean {
  return typeof (win.navigator as Partial<Navigator>).mediaDevices?.getUserMedia === "function";
}

/** getUserMedia and MediaRecorder both exist: the page can record by itself. */
function hasRecorderApi(win: Window): boolean {
  const Recorder = (win as unknown as { MediaRecorder?: unknown }).MediaRecorder;
  return hasCameraApi(win) && typeof Recorder === "function";
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

/** The kind a page of `page` records with now. */
export async function chooseCaptureKind(rt: FlowRuntime, page: CapturePage): Promise<KindChoice> {
  const cameraCheck = await loadCameraCheck(rt);
  const recording = page === "recording";
  // A real-time page reads the session store (it records its choice there); a recording page what was last persisted.
  const state = recording ? rt.readSessionState() : (await rt.sessionState()).get();
  const facts: CameraFacts = {
    cameraApi: recording ? hasRecorderApi(rt.win) && (await hasCamera(rt.win)) : hasCameraApi(rt.win),
    cameraEligible: cameraCheck.check().allowed,
    inMessagingApp: rt.messagingApp.kind !== "none",
  };
  const kind = selectCaptureKind(
    { launch: rt.launch, state, ...facts, wxCameraUsable: rt.wxCameraUsable, platform: platformOfUserAgent(rt.win.navigator.userAgent) },
    rt.captureHandlers,
    recording ? "recording" : undefined,
  );
  return { kind, facts };
}

/** The kind a recording page records with now (the start page's guidance prefetch asks too). */
export async function chooseRecordingKind(rt: FlowRuntime): Promise<CaptureKind> {
  return (await chooseCaptureKind(rt, "recording")).kind;
}
