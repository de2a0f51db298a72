/**
 * The real-time video handler (`/action/trtc/record`, `/action/trtc/willRecord`): the user's
 * camera (and microphone) published into the order's TRTC room with trtc-sdk-v5, while the
 * page records the same tracks for the service to judge.
 *
 * Why both: the TRTC cloud is where a deployment's own real-time review or cloud recording
 * sees the user live, but it is external to faceflow's service, which therefore judges the
 * very tracks that were published, uploaded as a recording afterwards
 * ({kind: "recording"}, validated and uploaded like the recorder's).
 *
 *   order config → no room ticket: failed, downgrade trtcSdkCheckNoSupport (the SDK is
 *   never loaded) → import("trtc-sdk-v5") → TRTC.isSupported() (no: the same downgrade)
 *   → camera → preview, first frame → enter room and publish during 3-2-1 → record the
 *   mode's window (prompts as the recorder) → leave the room → the recording.
 *
 * SDK failures (loading, entering, a fatal event in the room) are front errors: the page
 * counts them and gives real-time video up at the threshold of spec §4.
 */
import type { OrderConfig } from "../../../schemas/api";
import type { CaptureFile } from "../../../schemas/capture";
import { DOWNGRADE_REASONS } from "../../../schemas/session";
import { openPageCamera } from "../pageCamera";
import { ApiError } from "../../api/apiError";
import { screenForApiError } from "../../api/screenForApiError";
import type { CaptureDeps, CaptureEvent, CaptureHandler, CaptureOutcome, CaptureRequest } from "../contract";
import { releaseStream, type OpenCameraResult } from "../permission";
import { waitForFirstFrame } from "../recorder/firstFrame";
import { recorderBitrates } from "../recorder/recorderFormat";
import { COUNTDOWN_SECONDS, recordingPlan } from "../recorder/recordingPlan";
import { speakQuestion, type SpeechWindow } from "../recorder/speakQuestion";
import { startStreamRecording, type MediaRecorderClass, type StreamRecording } from "../recorder/streamRecording";
import { countDown, createCaptureScope, type Timers } from "../stream/captureScope";
import { loadTrtcModule, type TrtcModule } from "./trtcModule";
import { joinRoom } from "./trtcRoom";
import { videoProfileOf } from "./videoProfile";

/** How often `recording` events go out while recording. */
const TICK_MS = 200;
/** Entering a room and publishing takes a second or two; longer means the network or the cloud is failing. */
const ENTER_ROOM_TIMEOUT_MS = 15_000;

type Failed = Extract<CaptureOutcome, { kind: "failed" }>;

const unsupported: Failed = { kind: "failed", status: "browserNotSupport", downgrade: DOWNGRADE_REASONS.trtcSdkCheckNoSupport };
const frontError = (status: Failed["status"]): Failed => ({ kind: "failed", status, frontError: true });

export interface TrtcHandlerEnv {
  loadSdk(): Promise<TrtcModule>;
  openCamera(audio: boolean): Promise<OpenCameraResult>;
  waitForFirstFrame(stream: MediaStream): { ready: Promise<void>; cancel(): void };
  /** MediaRecorder, or undefined where the browser has none. */
  Recorder: MediaRecorderClass | undefined;
  /** Speaks the will question during the countdown; returns its cancel. */
  speak(text: string): () => void;
  timers: Timers;
  countdownSeconds: number;
  firstFrameTimeoutMs: number;
  enterRoomTimeoutMs: number;
}

/** The browser's env; `capture`: the runtime's capture.json (wave timeout, camera limits). */
function browserTrtcEnv(win: Window, now: () => number, capture: CaptureFile, speechLanguage: string | undefined): TrtcHandlerEnv {
  const timers: Timers = {
    setTimeout: (callback, ms) => win.setTimeout(callback, ms),
    clearTimeout: (handle) => win.clearTimeout(handle as number),
  };
  return {
    loadSdk: loadTrtcModule,
    // The real-time pages offer no camera switch (only the recorder and the file input do): the front camera.
    openCamera: (audio) => openPageCamera(win, now, audio, "user", capture.camera),
    waitForFirstFrame: (stream) => waitForFirstFrame(win.document, stream),
    Recorder: (win as unknown as { MediaRecorder?: MediaRecorderClass }).MediaRecorder,
    speak: (text) => speakQuestion(win as unknown as SpeechWindow, text, speechLanguage).cancel,
    timers,
    countdownSeconds: COUNTDOWN_SECONDS,
    firstFrameTimeoutMs: capture.waveTimeoutMs,
    enterRoomTimeoutMs: ENTER_ROOM_TIMEOUT_MS,
  };
}

/** The handler over the page's browser and the real SDK. */
export function createTrtcHandler(deps: CaptureDeps): CaptureHandler {
  return createTrtcHandlerWith(deps, browserTrtcEnv(deps.win, deps.now, deps.capture, deps.speechLanguage));
}

export function createTrtcHandlerWith(deps: CaptureDeps, env: TrtcHandlerEnv): CaptureHandler {
  const scope = createCaptureScope(env.timers);
  let started = false;
  let stopRequested = false;
  let stopByUser: (() => void) | null = null;

  async function run(request: CaptureRequest, onEvent: (event: CaptureEvent) => void): Promise<void> {
    let config: OrderConfig;
    try {
      config = await deps.api.config();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return scope.settle({ kind: "failed", status: screenForApiError(error, { stats: deps.stats }) });
    }
    const room = config.trtc;
    // No ticket: the service has no TRTC credentials (or the launch did not ask for real-time
    // video). Without a recorder the service would have nothing to judge. Either way the SDK
    // is not worth its download.
    if (!room || env.Recorder === undefined) return scope.settle(unsupported);

    let sdk: TrtcModule;
    try {
      sdk = await env.loadSdk();
      if (!(await sdk.isSupported()).result) return scope.settle(unsupported);
    } catch {
      // The chunk failed to download, or the SDK is not the shape faceflow expects.
      return scope.settle(frontError("trtc_serviceError"));
    }
    if (scope.isSettled()) return;

    const camera = await env.openCamera(request.audio);
    if (!camera.ok) return scope.settle({ kind: "failed", status: camera.status, downgrade: camera.reason });
    const stream = camera.stream;
    scope.onCleanup(() => releaseStream(stream));
    if (scope.isSettled()) return;
    onEvent({ type: "preview", stream });

    const firstFrame = env.waitForFirstFrame(stream);
    scope.onCleanup(() => firstFrame.cancel());
    const noPicture = scope.after(env.firstFrameTimeoutMs, () => scope.settle({ kind: "failed", status: "trtc_cameraError", frontError: true }));
    await scope.until(firstFrame.ready);
    noPicture();
    if (scope.isSettled()) return;
    onEvent({ type: "cameraReady", atMs: deps.now() });

    const videoTrack = stream.getVideoTracks()[0];
    if (videoTrack === undefined) return scope.settle(frontError("trtc_cameraError"));
    const audioTrack = request.audio ? (stream.getAudioTracks()[0] ?? null) : null;

    if (request.will && request.question) scope.onCleanup(env.speak(request.question));
    const notEntered = scope.after(env.enterRoomTimeoutMs, () => scope.settle(frontError("trtc_opTimeout")));
    const entering = joinRoom({
      sdk,
      room,
      videoTrack,
      audioTrack,
      profile: videoProfileOf(deps.launch),
      onFatal: () => scope.settle(frontError("trtc_exception")),
    });
    // Leave the room whenever the attempt ends, also when it ends while still entering.
    scope.onCleanup(() => void entering.then((session) => session.leave(), () => undefined));
    try {
      await scope.until(Promise.all([entering, countDown(scope, env.countdownSeconds, (secondsLeft) => onEvent({ type: "countdown", secondsLeft }))]));
    } catch {
      return scope.settle(frontError("trtc_serviceError"));
    }
    notEntered();
    if (scope.isSettled()) return;
    await recordWindow(request, stream, onEvent, env.Recorder);
  }

  async function recordWindow(
    request: CaptureRequest,
    stream: MediaStream,
    onEvent: (event: CaptureEvent) => void,
    Recorder: MediaRecorderClass,
  ): Promise<void> {
    const plan = recordingPlan({ window: request.durationMs, actions: request.actions, will: request.will, leadMs: request.promptLeadMs });
    let recording: StreamRecording;
    try {
      recording = startStreamRecording({
        Recorder,
        stream,
        audio: request.audio,
        bitrates: recorderBitrates({ maxMs: plan.autoStopMs, maxBytes: deps.capture.sizeKB.zip * 1024, audio: request.audio }),
        now: deps.now,
        onError: () => scope.settle({ kind: "failed", status: "exception" }),
      });
    } catch {
      return scope.settle(unsupported);
    }
    scope.onCleanup(() => recording.abort());
    const startedAt = deps.now();
    const elapsed = () => deps.now() - startedAt;
    let finish: () => void = () => undefined;
    const done = new Promise<void>((resolve) => (finish = resolve));
    scope.onCleanup(() => finish());
    onEvent({ type: "recording", elapsedMs: 0 });
    plan.promptsAtMs.forEach((at, actionIndex) => scope.after(at, () => onEvent({ type: "prompt", actionIndex })));
    const tick = () =>
      scope.after(TICK_MS, () => {
        onEvent({ type: "recording", elapsedMs: Math.round(elapsed()) });
        tick();
      });
    tick();
    scope.after(plan.autoStopMs, finish);
    // A press before the earliest stop is kept and honoured at that moment.
    stopByUser = () => scope.after(Math.max(0, plan.earliestStopMs - elapsed()), finish);
    if (stopRequested) stopByUser();
    await done;
    stopByUser = null;
    if (scope.isSettled()) return;
    onEvent({ type: "captured" });
    const video = await recording.stop();
    scope.settle({ kind: "recording", blob: video.blob, mimeType: video.mimeType, durationMs: video.durationMs });
  }

  return {
    kind: "trtc",
    start(request, onEvent) {
      if (started) return Promise.reject(new Error("a real-time video handler runs one attempt; make a new one to retry"));
      started = true;
      run(request, onEvent).catch(() => scope.settle(frontError("trtc_exception")));
      return scope.outcome;
    },
    stop() {
      stopRequested = true;
      stopByUser?.();
    },
    dispose() {
      scope.settle({ kind: "cancelled" });
    },
  };
}
