/**
 * On-device face analysis of the live camera preview, for guidance while recording.
 *
 * Starts the face worker (Human on tfjs wasm, see worker.ts), then takes frames from the
 * preview <video>: one frame in flight at a time, at most guidance.framesPerSecond, each
 * scaled to guidance.analysisWidth by createImageBitmap and transferred to the worker.
 * Each answer is parsed (schemas/faceWorker.ts) and handed to onFrame. When the browser
 * lacks what it needs, the models or wasm do not load in time, or frames take too long,
 * the session stops itself and says why once through onUnavailable: the recording then goes
 * on without guidance.
 *
 * Loaded by the recording page with import(): nothing here reaches the first screen.
 */
import type { FaceConfig } from "../../../schemas/capture";
import { parseFaceWorkerResponse, type FaceWorkerFailure, type FaceWorkerRequest, type FaceWorkerResponse } from "../../../schemas/faceWorker";
import type { FrameObservation } from "../../domain/face/types";
import { builtFaceAssets, type FaceAssets } from "./faceAssets";
import { isTooSlow, median, nextFrameDelay } from "./frameTiming";
import { missingFaceFeature } from "./support";

export type FaceUnavailableReason = "wasm" | "load" | "slow" | "worker" | "unsupported";

interface FaceFrameInfo {
  /** From taking the frame to its answer on the page (scaling, transfer, analysis), ms. */
  frameMs: number;
  /** The worker's share of it (drawing, luma, detection, JPEG when kept), ms. */
  workerMs: number;
}

export interface FaceSessionOptions {
  win: Window;
  video: HTMLVideoElement;
  config: FaceConfig;
  /** The capture clock: each frame's atMs. */
  now(): number;
  onFrame(frame: FrameObservation, info: FaceFrameInfo): void;
  /** Once at most; `detail` says what failed, in English, for logs (not for users). */
  onUnavailable(reason: FaceUnavailableReason, detail: string): void;
  /** Where the worker and its assets are; defaults to what build.mjs built in. */
  assets?: FaceAssets;
  /** Load the iris model as well (a blink is asked for; see schemas/faceWorker.ts). */
  iris?: boolean;
}

export interface FaceSession {
  /** True once the models are loaded and warm; false when guidance is unavailable or stopped first. */
  ready: Promise<boolean>;
  /** Keep a JPEG of each analysed frame from now on (recording); turning it on starts a fresh set. */
  keepFrames(on: boolean): void;
  /** The kept JPEGs for these atMs, in the order asked (times never kept are left out). */
  frames(atMs: number[]): Promise<{ atMs: number; jpeg: Blob }[]>;
  stats(): { frames: number; medianFrameMs: number | null };
  /** Terminates the worker, drops kept frames, stops the loop; onUnavailable is not called. */
  stop(): void;
}

/** Faces the detector looks for: two are enough to say "several faces"; more costs time. */
const MAX_FACES = 3;
/** createImageBitmap failing this many times in a row (no frames from the video) ends the session. */
const MAX_GRAB_FAILURES = 20;
/** HTMLMediaElement.HAVE_CURRENT_DATA: the video has a frame to copy. */
const HAVE_CURRENT_DATA = 2;

/** What each worker failure means for the page. */
const UNAVAILABLE_FOR: Record<FaceWorkerFailure, FaceUnavailableReason> = {
  wasm: "wasm",
  load: "load",
  unsupported: "unsupported",
  frame: "worker",
  message: "worker",
};

interface InFlight {
  id: number;
  atMs: number;
  startedAt: number;
  /** Keep its JPEG: asked while keeping, in the kept set numbered `keepSet`. */
  keep: boolean;
  keepSet: number;
  /** Resolves when its answer arrived or the session stopped. */
  done: Promise<void>;
  settle(): void;
}

/** Starts analysing `opts.video`; see FaceSession for what it offers. */
export function startFaceSession(opts: FaceSessionOptions): FaceSession {
  const { win, video, config } = opts;
  const guidance = config.guidance;
  const clock = () => win.performance.now();
  let resolveReady: (ok: boolean) => void = () => {};
  const ready = new Promise<boolean>((resolve) => (resolveReady = resolve));
  let ended = false;
  let worker: Worker | null = null;
  let loadTimer: ReturnType<Window["setTimeout"]> | null = null;
  let nextTimer: ReturnType<Window["setTimeout"]> | null = null;
  let keep = false;
  // Numbers each recording's kept set, so a late answer never lands in the next one.
  let keepSet = 0;
  const kept = new Map<number, Blob>();
  const frameTimes: number[] = [];
  let nextId = 0;
  let inFlight: InFlight | null = null;
  let lastStart: number | null = null;
  let grabFailures = 0;

  function stop() {
    if (ended) return;
    ended = true;
    if (loadTimer !== null) win.clearTimeout(loadTimer);
    if (nextTimer !== null) win.clearTimeout(nextTimer);
    worker?.terminate();
    worker = null;
    kept.clear();
    inFlight?.settle();
    inFlight = null;
    resolveReady(false);
  }

  function fail(reason: FaceUnavailableReason, detail: string) {
    if (ended) return;
    stop();
    opts.onUnavailable(reason, detail);
  }

  function schedule(delayMs: number) {
    if (ended) return;
    nextTimer = win.setTimeout(() => {
      nextTimer = null;
      void grab();
    }, delayMs);
  }

  /** Takes the current preview frame and sends it to the worker. */
  async function grab() {
    if (ended || inFlight || !worker) return;
    const interval = 1000 / Math.max(1, guidance.framesPerSecond);
    if (video.readyState < HAVE_CURRENT_DATA || video.videoWidth === 0) return schedule(interval);
    const atMs = opts.now();
    const startedAt = clock();
    const scale = Math.min(1, guidance.analysisWidth / video.videoWidth);
    let bitmap: ImageBitmap;
    try {
      bitmap = await win.createImageBitmap(video, {
        resizeWidth: Math.round(video.videoWidth * scale),
        resizeHeight: Math.max(1, Math.round(video.videoHeight * scale)),
        resizeQuality: "low",
      });
    } catch {
      // The video can lose its frame between the check and the copy (camera switched, track
      // ended); only a run of failures means frames cannot be taken at all here.
      grabFailures += 1;
      if (grabFailures >= MAX_GRAB_FAILURES) return fail("unsupported", `createImageBitmap failed ${grabFailures} times in a row`);
      return schedule(interval);
    }
    grabFailures = 0;
    if (ended || !worker) return bitmap.close();
    const id = nextId++;
    let settle = () => {};
    const done = new Promise<void>((resolve) => (settle = resolve));
    inFlight = { id, atMs, startedAt, keep, keepSet, done, settle };
    lastStart = startedAt;
    const request: FaceWorkerRequest = { type: "frame", id, atMs, bitmap, keep };
    worker.postMessage(request, [bitmap]);
  }

  function onResult(message: Extract<FaceWorkerResponse, { type: "result" }>) {
    const frame = inFlight;
    if (!frame || frame.id !== message.id) return;
    inFlight = null;
    const frameMs = clock() - frame.startedAt;
    frameTimes.push(frameMs);
    // Kept even if keeping stopped meanwhile: the frame was taken while the recording ran.
    if (frame.keep && frame.keepSet === keepSet && message.jpeg) kept.set(frame.atMs, message.jpeg);
    frame.settle();
    opts.onFrame(message.frame, { frameMs, workerMs: message.frameMs });
    if (ended) return;
    if (isTooSlow(frameTimes, guidance)) return fail("slow", `median of the last ${guidance.slowAfterFrames} frames is over ${guidance.slowFrameMs} ms`);
    schedule(nextFrameDelay(lastStart, clock(), guidance.framesPerSecond));
  }

  function onMessage(data: unknown) {
    if (ended) return;
    const parsed = parseFaceWorkerResponse(data);
    if (!parsed.success) return fail("worker", `unexpected message from the worker: ${parsed.error}`);
    const message = parsed.data;
    if (message.type === "ready") {
      if (loadTimer !== null) win.clearTimeout(loadTimer);
      loadTimer = null;
      if (message.backend !== "wasm") return fail("wasm", `the worker runs on ${message.backend}, not wasm`);
      resolveReady(true);
      return schedule(0);
    }
    if (message.type === "error") return fail(UNAVAILABLE_FOR[message.reason], `${message.reason}: ${message.message}`);
    onResult(message);
  }

  function start(assets: FaceAssets) {
    let started: Worker;
    try {
      // Window's type does not list the Worker constructor, though every window has it.
      const WorkerClass = (win as Window & { Worker: typeof Worker }).Worker;
      started = new WorkerClass(assets.workerUrl, { type: "module", name: "faceflow-face" });
    } catch (error) {
      return fail("worker", `new Worker failed: ${String(error)}`);
    }
    worker = started;
    // A worker script that does not load or throws while starting reports here, not as a message.
    started.onerror = (event) => {
      event.preventDefault();
      fail("worker", `worker error: ${event.message || "the script did not load"}`);
    };
    started.onmessageerror = () => fail("worker", "a message from the worker could not be read");
    started.onmessage = (event: MessageEvent<unknown>) => onMessage(event.data);
    loadTimer = win.setTimeout(() => fail("load", `models not ready after ${guidance.loadTimeoutMs} ms`), guidance.loadTimeoutMs);
    const init: FaceWorkerRequest = {
      type: "init",
      settings: {
        modelBaseUrl: assets.modelBaseUrl,
        wasmBaseUrl: assets.wasmBaseUrl,
        analysisWidth: guidance.analysisWidth,
        maxFaces: MAX_FACES,
        jpegQuality: config.evidence.jpegQuality,
        maxFrameBytes: config.evidence.maxFrameBytes,
        iris: opts.iris ?? false,
      },
    };
    started.postMessage(init);
  }

  // Decided after returning, so the caller holds the session before any callback runs.
  void Promise.resolve().then(() => {
    if (ended) return;
    const missing = missingFaceFeature(win);
    if (missing !== null) return fail("unsupported", `this browser has no ${missing}`);
    const assets = opts.assets ?? builtFaceAssets(win.location.href);
    if (!assets) return fail("load", "no face worker was built into this bundle");
    start(assets);
  });

  return {
    ready,
    keepFrames(on) {
      if (on && !keep) {
        kept.clear();
        keepSet += 1;
      }
      keep = on;
    },
    async frames(atMs) {
      // The frame being analysed may be one of those asked for: let it arrive first, but
      // never hold up the upload for more than a slow frame's time if the worker hangs.
      const pending = inFlight;
      if (pending) {
        let timer: ReturnType<Window["setTimeout"]> | null = null;
        await Promise.race([pending.done, new Promise<void>((resolve) => (timer = win.setTimeout(resolve, guidance.slowFrameMs)))]);
        if (timer !== null) win.clearTimeout(timer);
      }
      return atMs.flatMap((at) => {
        const jpeg = kept.get(at);
        return jpeg ? [{ atMs: at, jpeg }] : [];
      });
    },
    stats: () => ({ frames: frameTimes.length, medianFrameMs: median(frameTimes) }),
    stop,
  };
}
