/**
 * The in-page recorder (capture kind "recorder"): the page opens the camera itself and
 * records with MediaRecorder.
 *
 *   openCamera (ideal constraints; microphone in number and will mode)
 *   → `preview` (the stream, for the page's <video>) → first frame → `cameraReady`
 *   → countdown 3-2-1 (will mode: the question is spoken meanwhile)
 *   → `recording` every 200 ms, `prompt` for each action in turn
 *   → stops just before the window's maximum, or at `stop()` (held back to the earliest
 *     allowed moment, so an early press still yields a valid recording): `captured`, while
 *     the camera is still on
 *   → `{ kind: "recording", blob, mimeType, durationMs }`.
 *
 * A camera that fails to open resolves `{ kind: "failed", status, downgrade }` with the
 * reason of spec §3 (9-12), which the page turns into the no-permission screen or, for a
 * permission never answered, the switch to the file input. Everything (camera, recorder,
 * timers, speech) is released by dispose(), which also resolves a pending start with
 * "cancelled"; the camera is released as soon as the recording is in hand.
 */
import { DOWNGRADE_REASONS } from "../../schemas/session";
import type { CaptureDeps, CaptureEvent, CaptureHandler, CaptureOutcome, CaptureRequest } from "./contract";
import { openPageCamera } from "./pageCamera";
import { releaseStream } from "./permission";
import { waitForFirstFrame, type FirstFrameWait } from "./recorder/firstFrame";
import { recorderBitrates } from "./recorder/recorderFormat";
import { COUNTDOWN_SECONDS, recordingPlan } from "./recorder/recordingPlan";
import { speakQuestion, type Speaking, type SpeechWindow } from "./recorder/speakQuestion";
import { startStreamRecording, type MediaRecorderClass, type StreamRecording } from "./recorder/streamRecording";

const TICK_MS = 200;
const CANCELLED: CaptureOutcome = { kind: "cancelled" };

/** Why recording stopped, when it was not the plan's own stop. */
type Interruption = { kind: "disposed" } | { kind: "recorderError" } | { kind: "trackEnded" };

export function createRecorderHandler(deps: CaptureDeps): CaptureHandler {
  const { win, now } = deps;
  let started = false;
  let disposed = false;
  let stream: MediaStream | null = null;
  let frameWait: FirstFrameWait | null = null;
  let speaking: Speaking | null = null;
  let recording: StreamRecording | null = null;
  const timers = new Set<number>();
  let stopRequested = false;
  /** Set while recording: ends the recording now (the plan's stop, the user's, or an interruption). */
  let finishRecording: ((why: Interruption | null) => void) | null = null;
  let stopByUser: (() => void) | null = null;
  let resolveDisposed: () => void = () => undefined;
  const whenDisposed = new Promise<"disposed">((resolve) => {
    resolveDisposed = () => resolve("disposed");
  });

  const later = (ms: number, run: () => void) => {
    const id = win.setTimeout(() => {
      timers.delete(id);
      run();
    }, Math.max(0, ms));
    timers.add(id);
  };
  const sleep = (ms: number) => new Promise<void>((resolve) => later(ms, resolve));
  const clearTimers = () => {
    for (const id of timers) win.clearTimeout(id);
    timers.clear();
  };

  function releaseCamera() {
    frameWait?.cancel();
    frameWait = null;
    releaseStream(stream);
    stream = null;
  }

  /** Records until the plan, the user or a failure ends it. */
  async function record(request: CaptureRequest, onEvent: (event: CaptureEvent) => void, live: MediaStream, Recorder: MediaRecorderClass): Promise<CaptureOutcome> {
    const plan = recordingPlan({ window: request.durationMs, actions: request.actions, will: request.will, leadMs: request.promptLeadMs });
    const ended = new Promise<Interruption | null>((resolve) => {
      finishRecording = resolve;
    });
    const onTrackEnded = () => finishRecording?.({ kind: "trackEnded" });
    const videoTrack = live.getVideoTracks?.()[0];
    videoTrack?.addEventListener("ended", onTrackEnded);
    let active: StreamRecording;
    try {
      active = startStreamRecording({
        Recorder,
        stream: live,
        audio: request.audio,
        bitrates: recorderBitrates({ maxMs: plan.autoStopMs, maxBytes: deps.capture.sizeKB.zip * 1024, audio: request.audio }),
        now,
        onError: () => finishRecording?.({ kind: "recorderError" }),
      });
    } catch {
      // The browser offers MediaRecorder but cannot record this stream (no encoder, bad type).
      videoTrack?.removeEventListener("ended", onTrackEnded);
      return { kind: "failed", status: "exception", downgrade: DOWNGRADE_REASONS.webcamOtherError };
    }
    recording = active;
    const startedAt = now();
    const elapsed = () => now() - startedAt;
    onEvent({ type: "recording", elapsedMs: 0 });
    plan.promptsAtMs.forEach((at, actionIndex) => later(at, () => onEvent({ type: "prompt", actionIndex })));
    const tick = () =>
      later(TICK_MS, () => {
        if (finishRecording === null) return;
        onEvent({ type: "recording", elapsedMs: Math.round(elapsed()) });
        tick();
      });
    tick();
    later(plan.autoStopMs, () => finishRecording?.(null));
    // A press before the earliest stop is kept and honoured at that moment.
    stopByUser = () => later(plan.earliestStopMs - elapsed(), () => finishRecording?.(null));
    if (stopRequested) stopByUser();

    const why = await Promise.race([ended, whenDisposed.then((): Interruption => ({ kind: "disposed" }))]);
    finishRecording = null;
    stopByUser = null;
    // Prompts, ticks and the automatic stop belong to this recording only.
    clearTimers();
    videoTrack?.removeEventListener("ended", onTrackEnded);
    speaking?.cancel();
    if (why !== null) {
      active.abort();
      recording = null;
      if (why.kind === "disposed") return CANCELLED;
      // The camera went away mid-recording (unplugged, permission revoked, taken by another app).
      if (why.kind === "trackEnded") return { kind: "failed", status: "trtc_cameraError", downgrade: DOWNGRADE_REASONS.webcamOtherError };
      return { kind: "failed", status: "exception" };
    }
    // Before the camera goes: the page keeps the last picture recorded in view while it waits.
    onEvent({ type: "captured" });
    const video = await active.stop();
    recording = null;
    releaseCamera();
    if (disposed) return CANCELLED;
    onEvent({ type: "recording", elapsedMs: video.durationMs });
    return { kind: "recording", blob: video.blob, mimeType: video.mimeType, durationMs: video.durationMs };
  }

  async function run(request: CaptureRequest, onEvent: (event: CaptureEvent) => void): Promise<CaptureOutcome> {
    // Checked before the camera: asking for a permission the page cannot use would only confuse.
    const Recorder = (win as unknown as { MediaRecorder?: MediaRecorderClass }).MediaRecorder;
    if (!Recorder) return { kind: "failed", status: "browserNotSupport", downgrade: DOWNGRADE_REASONS.webcamOtherError };
    const opened = await openPageCamera(win, now, request.audio, request.facing, deps.capture.camera);
    if (disposed) {
      if (opened.ok) releaseStream(opened.stream);
      return CANCELLED;
    }
    if (!opened.ok) return { kind: "failed", status: opened.status, downgrade: opened.reason };
    const live = opened.stream;
    stream = live;
    onEvent({ type: "preview", stream: live });

    frameWait = waitForFirstFrame(win.document, live);
    if ((await Promise.race([frameWait.ready.then(() => "ready" as const), whenDisposed])) === "disposed") return CANCELLED;
    frameWait = null;
    onEvent({ type: "cameraReady", atMs: now() });
    // Face guidance, when the page runs it, starts on the live picture before the countdown.
    if (deps.beforeCountdown && (await Promise.race([deps.beforeCountdown().then(() => "ready" as const), whenDisposed])) === "disposed") return CANCELLED;

    // Spoken during the countdown, so the user has heard the question when recording starts.
    if (request.will && request.question) speaking = speakQuestion(win as unknown as SpeechWindow, request.question, deps.speechLanguage);
    for (let secondsLeft = COUNTDOWN_SECONDS; secondsLeft >= 1; secondsLeft--) {
      onEvent({ type: "countdown", secondsLeft });
      if ((await Promise.race([sleep(1000), whenDisposed])) === "disposed") return CANCELLED;
    }
    return record(request, onEvent, live, Recorder);
  }

  return {
    kind: "recorder",
    start(request, onEvent) {
      if (started) return Promise.reject(new Error("a recorder handler records one attempt; make a new one to record again"));
      started = true;
      return run(request, onEvent).finally(() => {
        // Whatever ended the attempt, the camera light goes off.
        if (!disposed) releaseCamera();
      });
    },
    stop() {
      stopRequested = true;
      stopByUser?.();
    },
    dispose() {
      if (disposed) return;
      disposed = true;
      clearTimers();
      speaking?.cancel();
      recording?.abort();
      recording = null;
      releaseCamera();
      resolveDisposed();
    },
  };
}
