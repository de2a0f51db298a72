/**
 * The websocket capture handler (`/action/ws/record`): the camera's pictures as JPEG at
 * about 10 fps over a WebSocket to the service's streaming endpoint, which takes the stream
 * on as an attempt and verifies it off the socket ({kind: "accepted"}: the page follows the
 * attempt to its verdict, as after an upload).
 *
 * One attempt: this browser can stream (a WebSocket and a canvas that encodes; no: failed,
 * downgrade websocketCheckNoSupport, spec §3 reason 5) → order number from the config → camera (permission.ts) → preview and first
 * frame → socket to the host of spec §4's rule, `start` → 3-2-1 while the service gets
 * ready → frames for the mode's window (recordingPlan, as the recorder) → `end` →
 * `verifying` with the attempt's number.
 * Every way the stream breaks on this side (socket, timeouts, the service refusing frames)
 * is `{kind: "failed", frontError: true}`, which the page counts towards giving the mode up.
 */
import type { CaptureFile } from "../../schemas/capture";
import { DOWNGRADE_REASONS } from "../../schemas/session";
import { openPageCamera } from "./pageCamera";
import { ApiError } from "../api/apiError";
import { screenForApiError } from "../api/screenForApiError";
import type { CaptureDeps, CaptureEvent, CaptureHandler, CaptureOutcome, CaptureRequest } from "./contract";
import { releaseStream, type OpenCameraResult } from "./permission";
import { COUNTDOWN_SECONDS, recordingPlan, type RecordingPlan } from "./recorder/recordingPlan";
import { createCanvasFrames, type FrameSource } from "./stream/canvasFrames";
import { countDown, createCaptureScope, type Timers } from "./stream/captureScope";
import { connectStream, type StreamConnection, type WebSocketLike } from "./stream/streamConnection";
import { streamBreakOutcome } from "./stream/streamOutcomes";
import { streamUrlFor } from "./stream/streamHost";

type StreamClientSettings = CaptureFile["streamClient"];

/** Everything the handler touches outside itself; the browser's by default, doubles in tests. */
export interface WebsocketHandlerEnv {
  openCamera(audio: boolean): Promise<OpenCameraResult>;
  frames(stream: MediaStream): FrameSource;
  openSocket(url: string): WebSocketLike;
  /** The page's hostname, for the host rule. */
  pageHostname: string;
  /** The browser has what streaming needs: WebSocket, and canvas.toBlob to encode frames. */
  streamingSupported: boolean;
  timers: Timers;
  settings: StreamClientSettings;
  /** How long the opened camera may take to show its first picture (spec §9 wave timeout). */
  firstFrameTimeoutMs: number;
  countdownSeconds: number;
}

/** The browser's env; `capture`: the runtime's capture.json (client settings, wave timeout, camera limits). */
function browserWebsocketEnv(win: Window, now: () => number, capture: CaptureFile): WebsocketHandlerEnv {
  const timers: Timers = {
    setTimeout: (callback, ms) => win.setTimeout(callback, ms),
    clearTimeout: (handle) => win.clearTimeout(handle as number),
  };
  const settings = capture.streamClient;
  return {
    // The real-time pages offer no camera switch (only the recorder and the file input do): the front camera.
    openCamera: (audio) => openPageCamera(win, now, audio, "user", capture.camera),
    frames: (stream) => createCanvasFrames({ doc: win.document, stream, maxWidth: settings.maxFrameWidth, quality: settings.jpegQuality }),
    openSocket: (url) => new (win as Window & typeof globalThis).WebSocket(url),
    pageHostname: win.location.hostname,
    streamingSupported: typeof (win as Window & typeof globalThis).WebSocket === "function" && typeof win.document.createElement("canvas").toBlob === "function",
    timers,
    settings,
    firstFrameTimeoutMs: capture.waveTimeoutMs,
    countdownSeconds: COUNTDOWN_SECONDS,
  };
}

/** The handler over the page's browser. */
export function createWebsocketHandler(deps: CaptureDeps): CaptureHandler {
  return createWebsocketHandlerWith(deps, browserWebsocketEnv(deps.win, deps.now, deps.capture));
}

export function createWebsocketHandlerWith(deps: CaptureDeps, env: WebsocketHandlerEnv): CaptureHandler {
  const scope = createCaptureScope(env.timers);
  let started = false;
  /** Set by stop(): end the stream as soon as the window's minimum allows. */
  let stopRequested = false;
  let finishStream: (() => void) | null = null;

  async function run(request: CaptureRequest, onEvent: (event: CaptureEvent) => void): Promise<void> {
    // The websocket's own check (spec §3 reason 5): the page gives the mode up at once.
    if (!env.streamingSupported) return scope.settle({ kind: "failed", status: "browserNotSupport", downgrade: DOWNGRADE_REASONS.websocketCheckNoSupport });
    let orderNo: string;
    try {
      orderNo = (await deps.api.config()).orderNo;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return scope.settle({ kind: "failed", status: screenForApiError(error, { stats: deps.stats }) });
    }
    if (scope.isSettled()) return;

    // Frames carry no sound, so the microphone is never asked for, whatever the mode.
    const camera = await env.openCamera(false);
    if (!camera.ok) return scope.settle({ kind: "failed", status: camera.status, downgrade: camera.reason });
    const stream = camera.stream;
    scope.onCleanup(() => releaseStream(stream));
    if (scope.isSettled()) return;
    onEvent({ type: "preview", stream });

    const frames = env.frames(stream);
    scope.onCleanup(() => frames.release());
    const noPicture = scope.after(env.firstFrameTimeoutMs, () => scope.settle(streamBreakOutcome("frames")));
    await scope.until(frames.ready);
    noPicture();
    if (scope.isSettled()) return;
    onEvent({ type: "cameraReady", atMs: deps.now() });

    // The same timeline as the recorder's: prompts in turn, automatic stop near the maximum.
    const plan = recordingPlan({ window: request.durationMs, actions: request.actions, will: request.will, leadMs: request.promptLeadMs });
    const expectedFrames = Math.max(1, Math.round((plan.autoStopMs / 1000) * env.settings.framesPerSecond));
    // The device as the flow knows it now (spec §3), sent with the stream's start; the stream goes without it if it cannot be built.
    const deviceInfo = await deps.describeDevice?.().catch(() => undefined);
    if (scope.isSettled()) return;
    const open = openConnection(orderNo, expectedFrames, onEvent, deviceInfo);
    if (open === null) return;
    // The 3-2-1 and the service getting ready overlap; streaming starts when both are done.
    await scope.until(Promise.all([countDown(scope, env.countdownSeconds, (secondsLeft) => onEvent({ type: "countdown", secondsLeft })), open.ready]));
    if (scope.isSettled()) return;
    streamFrames(plan, open, frames, onEvent);
  }

  interface OpenStream {
    connection: StreamConnection;
    /** Resolves on the service's "ready". */
    ready: Promise<void>;
    /** Frames sent but not acknowledged, when `nextSeq` is the next to send. */
    unacked(nextSeq: number): number;
    /** (Re)starts the wait for the service's next acknowledgement. */
    armWatchdog(): void;
  }

  function openConnection(orderNo: string, expectedFrames: number, onEvent: (event: CaptureEvent) => void, deviceInfo: string | undefined): OpenStream | null {
    const { settings } = env;
    let socket: WebSocketLike;
    try {
      socket = env.openSocket(streamUrlFor(deps.api.streamUrl(), env.pageHostname, settings));
    } catch {
      // A malformed URL or a content-security policy refusing the host throws here.
      scope.settle(streamBreakOutcome("connection"));
      return null;
    }
    let lastAcked = -1;
    let ackedCount = 0;
    let cancelWatchdog: () => void = () => undefined;
    let markReady: () => void = () => undefined;
    const ready = new Promise<void>((resolve) => (markReady = resolve));
    const notReady = scope.after(settings.connectTimeoutMs, () => scope.settle(streamBreakOutcome("timeout")));
    const open: OpenStream = {
      connection: connectStream(socket, orderNo, {
        onReady: () => {
          notReady();
          markReady();
        },
        onAck: (seq) => {
          lastAcked = seq;
          ackedCount += 1;
          cancelWatchdog();
          onEvent({ type: "progress", fraction: Math.min(0.99, ackedCount / expectedFrames) });
        },
        onAccepted: (attempt) => {
          onEvent({ type: "progress", fraction: 1 });
          scope.settle({ kind: "accepted", accepted: { state: "accepted", attempt } });
        },
        onFailure: (outcome) => scope.settle(outcome),
      }, deps.stats, { sessionToken: deps.api.streamSessionToken(), deviceInfo }),
      ready,
      unacked: (nextSeq) => nextSeq - 1 - lastAcked,
      armWatchdog: () => {
        cancelWatchdog();
        cancelWatchdog = scope.after(settings.ackTimeoutMs, () => scope.settle(streamBreakOutcome("timeout")));
      },
    };
    // A cancelled or failed attempt tells the service, so the attempt it opened is closed;
    // a socket still connecting is closed before it can start one.
    scope.onCleanup(() => {
      open.connection.end("cancel");
      open.connection.close();
    });
    return open;
  }

  function streamFrames(plan: RecordingPlan, open: OpenStream, frames: FrameSource, onEvent: (event: CaptureEvent) => void): void {
    const { settings } = env;
    const { connection } = open;
    const intervalMs = 1000 / settings.framesPerSecond;
    const startedAt = deps.now();
    let seq = 0;
    let grabbing = false;
    let nextPrompt = 0;
    let ended = false;
    /** When the first frame sent was captured: the light's times count from it (the service's first frame). */
    let firstSentAt: number | null = null;

    const end = () => {
      if (ended || scope.isSettled()) return;
      ended = true;
      // The last picture streamed is on the preview: the page keeps it in view while the service verifies.
      onEvent({ type: "captured" });
      connection.end("done", firstSentAt === null ? undefined : deps.lightShown?.(firstSentAt));
      scope.after(settings.resultTimeoutMs, () => scope.settle(streamBreakOutcome("timeout")));
    };
    finishStream = () => {
      if (deps.now() - startedAt >= plan.earliestStopMs) end();
    };

    const tick = () => {
      if (ended || scope.isSettled()) return;
      const elapsed = deps.now() - startedAt;
      if (elapsed >= plan.autoStopMs || (stopRequested && elapsed >= plan.earliestStopMs)) return end();
      onEvent({ type: "recording", elapsedMs: Math.round(elapsed) });
      while (nextPrompt < plan.promptsAtMs.length && elapsed >= (plan.promptsAtMs[nextPrompt] ?? Infinity)) {
        onEvent({ type: "prompt", actionIndex: nextPrompt });
        nextPrompt += 1;
      }
      // Skip a frame rather than queue it when the last one is still encoding or the link lags.
      if (!grabbing && open.unacked(seq) < settings.maxUnackedFrames) {
        grabbing = true;
        const capturedAt = deps.now();
        frames.grab().then(
          (jpeg) => {
            grabbing = false;
            if (jpeg === null || ended || scope.isSettled()) return;
            connection.sendFrame(seq, jpeg, capturedAt);
            if (seq === 0) firstSentAt = capturedAt;
            seq += 1;
            open.armWatchdog();
          },
          () => {
            // One picture that could not be encoded is one frame fewer, not a failed attempt.
            grabbing = false;
          },
        );
      }
      scope.after(intervalMs, tick);
    };
    tick();
  }

  return {
    kind: "websocket",
    start(request, onEvent) {
      if (started) return Promise.reject(new Error("a websocket handler runs one attempt; make a new one to retry"));
      started = true;
      run(request, onEvent).catch(() => scope.settle(streamBreakOutcome("connection")));
      return scope.outcome;
    },
    stop() {
      stopRequested = true;
      finishStream?.();
    },
    dispose() {
      scope.settle({ kind: "cancelled" } satisfies CaptureOutcome);
    },
  };
}
