/**
 * The face-analysis worker: Human (face detector, mesh, anti-spoofing and liveness models)
 * on the tfjs WebAssembly backend, off the page's main thread so the camera preview stays
 * smooth. It answers one message at a time: each frame comes in as an ImageBitmap and goes
 * back as a FrameObservation, with the frame as JPEG when the page is keeping evidence.
 *
 * Built as its own bundle by build.mjs, which points "@vladmandic/human" at Human's
 * build without tfjs inside (human.esm-nobundle.js) and leaves out tfjs's WebGL and WebGPU
 * backends: in headless and low-end browsers they are slower than wasm (over 2 s a frame
 * here) and they are most of tfjs's size.
 */
import { Human, type Config } from "@vladmandic/human";
import { parseFaceWorkerRequest, type FaceWorkerFailure, type FaceWorkerResponse, type FaceWorkerSettings } from "../../../schemas/faceWorker";
import { humanFaceConfig } from "../../domain/face/humanConfig";
import { guardedFetch } from "./fetchGuard";
import { toFaceObservations } from "./humanResult";
import { meanLuma } from "./luma";
import { missingFaceFeature } from "./support";

/** The parts of the worker's global scope used here (the project's TypeScript lib is DOM). */
interface WorkerScope {
  onmessage: ((event: MessageEvent<unknown>) => void) | null;
  postMessage(message: FaceWorkerResponse): void;
  location: { href: string; origin: string };
  fetch: typeof fetch;
}

/** Human's names for the models we load; load() must have loaded every one of them. */
const REQUIRED_MODELS = ["blazeface", "facemesh", "antispoof", "liveness"] as const;

/** An init failure with the reason the page reports (wasm backend or model loading). */
class WorkerFailure extends Error {
  constructor(
    readonly reason: FaceWorkerFailure,
    cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
  }
}

/** The shared face configuration (src/domain/face/humanConfig.ts) with the worker's own settings. */
function humanConfig(settings: FaceWorkerSettings): Partial<Config> {
  return {
    ...humanFaceConfig({ wasmPath: settings.wasmBaseUrl, modelBasePath: settings.modelBaseUrl, maxFaces: settings.maxFaces, iris: settings.iris }),
    // The worker's fetch (fetchGuard.ts) loads the wasm, so only our own origin is reached.
    wasmPlatformFetch: false,
    // "face" warms every face model on Human's built-in sample face.
    warmup: "face",
  };
}

/** Frame in, observation out: one instance per worker, created on "init". */
function createAnalyser(human: Human, settings: FaceWorkerSettings) {
  let canvas: OffscreenCanvas | null = null;
  let context: OffscreenCanvasRenderingContext2D | null = null;

  /** Draws the frame at analysis size: browsers that ignore createImageBitmap's resize options send it whole. */
  function draw(bitmap: ImageBitmap): OffscreenCanvasRenderingContext2D {
    const width = Math.min(bitmap.width, settings.analysisWidth);
    const height = Math.max(1, Math.round((bitmap.height * width) / bitmap.width));
    if (!canvas || canvas.width !== width || canvas.height !== height) {
      canvas = new OffscreenCanvas(width, height);
      // Pixels are read back every frame: keep them in CPU memory.
      context = canvas.getContext("2d", { willReadFrequently: true });
    }
    if (!context) throw new Error("no 2d context on OffscreenCanvas");
    context.drawImage(bitmap, 0, 0, width, height);
    return context;
  }

  /** The drawn frame as JPEG within maxFrameBytes: lower quality first, then give up (null). */
  async function jpeg(target: OffscreenCanvas): Promise<Blob | null> {
    let quality = settings.jpegQuality;
    for (let attempt = 0; attempt < 3; attempt++) {
      const blob = await target.convertToBlob({ type: "image/jpeg", quality });
      if (blob.size <= settings.maxFrameBytes) return blob;
      quality *= 0.7;
    }
    return null;
  }

  return async function analyse(bitmap: ImageBitmap, atMs: number, keep: boolean) {
    const started = performance.now();
    let ctx: OffscreenCanvasRenderingContext2D;
    try {
      ctx = draw(bitmap);
    } finally {
      bitmap.close();
    }
    const { width, height } = ctx.canvas;
    const pixels = ctx.getImageData(0, 0, width, height);
    // Every 4th pixel is plenty for a mean and a quarter of the work.
    const luma = meanLuma(pixels.data, 4);
    // A tensor straight from the pixels: given an image, Human would draw it on a canvas again.
    const input = human.tf.browser.fromPixels(pixels);
    let result: Awaited<ReturnType<Human["detect"]>>;
    try {
      result = await human.detect(input);
    } finally {
      input.dispose();
    }
    if (result.error) throw new Error(`Human: ${result.error}`);
    const frame = { atMs, width, height, luma, faces: toFaceObservations(result.face) };
    const frameMs = performance.now() - started;
    return { frame, frameMs, jpeg: keep ? await jpeg(ctx.canvas) : null };
  };
}

/** Loads Human on our own copies of the wasm and models; throws a FaceWorkerFailure reason. */
async function loadHuman(settings: FaceWorkerSettings): Promise<{ human: Human; loadMs: number }> {
  const started = performance.now();
  const human = new Human(humanConfig(settings));
  // Threads need a cross-origin-isolated page (SharedArrayBuffer); say so up front so tfjs
  // never asks for the threaded binary, which the build does not ship.
  human.tf.env().set("WASM_HAS_MULTITHREAD_SUPPORT", false);
  try {
    await human.load();
  } catch (error) {
    throw new WorkerFailure(human.tf.getBackend() === "wasm" ? "load" : "wasm", error);
  }
  // Human logs a backend that failed to start and carries on with tfjs's CPU backend,
  // which takes seconds a frame: that is the wasm failing, not a working setup.
  const backend = human.tf.getBackend();
  if (backend !== "wasm") throw new WorkerFailure("wasm", new Error(`tfjs backend is ${String(backend)}, not wasm`));
  // models.loaded() lists a model whose weights failed to download (Human logs the error
  // and keeps the empty model, which then "detects" faces in anything); the load stats say
  // whether the weights really arrived.
  const loaded = new Set(human.models.stats().modelStats.filter((m) => m.loaded && m.sizeLoadedWeights > 0).map((m) => m.name));
  const missing = REQUIRED_MODELS.filter((name) => !loaded.has(name));
  if (missing.length > 0) throw new WorkerFailure("load", new Error(`models not loaded: ${missing.join(", ")} (loaded: ${[...loaded].join(", ") || "none"})`));
  try {
    await human.warmup();
  } catch (error) {
    throw new WorkerFailure("load", error);
  }
  return { human, loadMs: performance.now() - started };
}

const failure = (error: unknown, fallback: FaceWorkerFailure, id: number | null): FaceWorkerResponse => ({
  type: "error",
  reason: error instanceof WorkerFailure ? error.reason : fallback,
  id,
  message: error instanceof Error ? error.message : String(error),
});

/** Wires the message handler; messages are handled strictly one after another. */
function runFaceWorker(scope: WorkerScope): void {
  let initialised = false;
  let analyse: ReturnType<typeof createAnalyser> | null = null;
  let queue: Promise<void> = Promise.resolve();

  async function handle(data: unknown): Promise<void> {
    const parsed = parseFaceWorkerRequest(data);
    if (!parsed.success) {
      // A bitmap in a message we refuse would otherwise hold its memory until collected.
      const bitmap: unknown = typeof data === "object" && data !== null ? (data as { bitmap?: unknown }).bitmap : undefined;
      if (typeof ImageBitmap !== "undefined" && bitmap instanceof ImageBitmap) bitmap.close();
      scope.postMessage({ type: "error", reason: "message", id: null, message: `unexpected message: ${parsed.error}` });
      return;
    }
    const request = parsed.data;
    if (request.type === "init") {
      if (initialised) {
        scope.postMessage({ type: "error", reason: "message", id: null, message: "init sent twice" });
        return;
      }
      initialised = true;
      const missing = missingFaceFeature(scope);
      if (missing) {
        scope.postMessage({ type: "error", reason: "unsupported", id: null, message: `${missing} is not available in a worker` });
        return;
      }
      const { modelBaseUrl, wasmBaseUrl } = request.settings;
      const origins = [scope.location.origin, new URL(modelBaseUrl).origin, new URL(wasmBaseUrl).origin];
      scope.fetch = guardedFetch(scope.fetch.bind(scope), scope.location.href, origins);
      try {
        const { human, loadMs } = await loadHuman(request.settings);
        analyse = createAnalyser(human, request.settings);
        scope.postMessage({ type: "ready", backend: human.tf.getBackend(), loadMs });
      } catch (error) {
        scope.postMessage(failure(error, "load", null));
      }
      return;
    }
    if (!analyse) {
      request.bitmap.close();
      scope.postMessage({ type: "error", reason: "message", id: request.id, message: "frame before the models were loaded" });
      return;
    }
    try {
      const { frame, frameMs, jpeg } = await analyse(request.bitmap, request.atMs, request.keep);
      scope.postMessage({ type: "result", id: request.id, frame, frameMs, jpeg });
    } catch (error) {
      scope.postMessage(failure(error, "frame", request.id));
    }
  }

  scope.onmessage = (event) => {
    queue = queue.then(() => handle(event.data));
  };
}

runFaceWorker(globalThis as unknown as WorkerScope);
