/**
 * Messages between the page and the face-analysis worker (src/face/browser/worker.ts).
 * postMessage crosses a realm boundary like a network call does, so both sides parse what
 * they receive: a worker from another release (a cached page talking to a newer worker
 * file) or a bug on either side then fails loudly instead of feeding garbage to the checks.
 * Written with zod/mini: it is bundled into the worker and the lazily loaded capture code.
 *
 * The two values that are not plain data (the frame's ImageBitmap, the kept JPEG Blob) are
 * checked with instanceof in parseFaceWorkerRequest / parseFaceWorkerResponse rather than
 * with z.custom: esbuild splits zod by module, so z.custom's few bytes would land in the
 * zod chunk the first screen loads, for code only the capture route runs.
 */
import * as z from "zod/mini";
import type { FrameObservation } from "./faceObservation";

// zod 4 numbers reject NaN and ±Infinity already.
const finite = z.number();
const unit = finite.check(z.gte(0), z.lte(1));
const nonNegative = finite.check(z.gte(0));
const size = z.int().check(z.gte(1), z.lte(8192));

const pointSchema = z.strictObject({ x: finite, y: finite, z: z.optional(finite) });

const faceObservationSchema = z.strictObject({
  score: unit,
  box: z.strictObject({ x: finite, y: finite, width: nonNegative, height: nonNegative }),
  mesh: z.nullable(z.array(pointSchema)),
  real: z.nullable(unit),
  live: z.nullable(unit),
});

const frameObservationSchema = z.strictObject({
  // Any time on the page's clock: frames before a recording starts may come out negative.
  atMs: finite,
  width: size,
  height: size,
  luma: finite.check(z.gte(0), z.lte(255)),
  faces: z.array(faceObservationSchema),
});

// The schema and faceObservation.ts describe one shape: a drift in either fails to compile.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _frameShapeMatches: Same<z.infer<typeof frameObservationSchema>, FrameObservation> = true;
void _frameShapeMatches;

/** What the worker needs to start: where our own copies of the models and wasm are, and limits. */
const faceWorkerSettingsSchema = z.strictObject({
  /** Absolute URL of the folder holding blazeface.json, facemesh.json, … (ends with "/"). */
  modelBaseUrl: z.url(),
  /** Absolute URL of the folder holding the tfjs-backend-wasm .wasm files (ends with "/"). */
  wasmBaseUrl: z.url(),
  /** Frames wider than this are scaled down before analysis. */
  analysisWidth: z.int().check(z.gte(64), z.lte(1920)),
  /** Faces the detector reports at most; 2 or more are needed to tell "several faces". */
  maxFaces: z.int().check(z.gte(1), z.lte(10)),
  /** Quality of kept JPEGs, 0..1 as OffscreenCanvas.convertToBlob takes it. */
  jpegQuality: finite.check(z.gt(0), z.lte(1)),
  /** A kept JPEG larger than this is re-encoded at lower quality, or dropped. */
  maxFrameBytes: z.int().check(z.gte(1024)),
  /**
   * Run the iris model too: it refines the eyelid points, without which the mesh barely
   * moves on a blink (measured: 0.28 vs 0.06 eye aspect on nearly closed eyes). It costs
   * 2.6 MB and about half again the frame time, so only a blink request turns it on.
   */
  iris: z.boolean(),
});
export type FaceWorkerSettings = z.infer<typeof faceWorkerSettingsSchema>;

/** Page → worker, plain-data part (a frame's `bitmap` is checked by parseFaceWorkerRequest). */
const requestDataSchema = z.union([
  z.strictObject({ type: z.literal("init"), settings: faceWorkerSettingsSchema }),
  z.strictObject({
    type: z.literal("frame"),
    /** Echoed in the answer, so a late answer is never taken for another frame's. */
    id: z.int().check(z.gte(0)),
    atMs: finite,
    /** Also encode the frame as JPEG and send it back (evidence for the service). */
    keep: z.boolean(),
  }),
]);
type RequestData = z.infer<typeof requestDataSchema>;
/** A frame's bitmap is transferred, not copied; the worker closes it. */
export type FaceWorkerRequest = Exclude<RequestData, { type: "frame" }> | (Extract<RequestData, { type: "frame" }> & { bitmap: ImageBitmap });

/** Why the worker cannot analyse: the wasm backend did not start, or a model did not load. */
const FACE_WORKER_FAILURES = ["wasm", "load", "unsupported", "frame", "message"] as const;
export type FaceWorkerFailure = (typeof FACE_WORKER_FAILURES)[number];

/** Worker → page, plain-data part (a result's `jpeg` is checked by parseFaceWorkerResponse). */
const responseDataSchema = z.union([
  z.strictObject({
    type: z.literal("ready"),
    /** The tfjs backend in use ("wasm"); anything else means the wasm backend did not start. */
    backend: z.string(),
    /** Models loaded and warmed up, ms. */
    loadMs: nonNegative,
  }),
  z.strictObject({
    type: z.literal("result"),
    id: z.int().check(z.gte(0)),
    frame: frameObservationSchema,
    /** Time the worker spent on this frame (scaling, luma, detection), ms. */
    frameMs: nonNegative,
  }),
  z.strictObject({
    type: z.literal("error"),
    reason: z.enum(FACE_WORKER_FAILURES),
    /** The frame the error is about, when it is about one. */
    id: z.nullable(z.int().check(z.gte(0))),
    message: z.string(),
  }),
]);
type ResponseData = z.infer<typeof responseDataSchema>;
/** A result's `jpeg`: the frame as JPEG when it was asked to keep it and it fit maxFrameBytes; else null. */
export type FaceWorkerResponse = Exclude<ResponseData, { type: "result" }> | (Extract<ResponseData, { type: "result" }> & { jpeg: Blob | null });

type Parsed<T> = { success: true; data: T } | { success: false; error: string };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
// The globals are looked up when used: Node (unit tests) has Blob but no ImageBitmap.
const isImageBitmap = (value: unknown): value is ImageBitmap => typeof ImageBitmap !== "undefined" && value instanceof ImageBitmap;
const isBlob = (value: unknown): value is Blob => typeof Blob !== "undefined" && value instanceof Blob;

/**
 * Parses `data` with `schema` after taking out `key`, whose value must pass `check`; the
 * field is required when the message's type is `type`, and absent otherwise.
 */
function parseWithInstance<D extends { type: string }, V>(schema: z.ZodMiniType<D>, data: unknown, type: string, key: string, check: (value: unknown) => value is V, expected: string): Parsed<D & Record<string, V>> {
  if (!isRecord(data)) return { success: false, error: "expected an object" };
  const { [key]: value, ...rest } = data;
  const carries = data.type === type;
  if (carries && !check(value)) return { success: false, error: `${key}: expected ${expected}` };
  if (!carries && key in data) return { success: false, error: `${key}: unexpected on a ${String(data.type)} message` };
  const parsed = schema.safeParse(rest);
  if (!parsed.success) return { success: false, error: parsed.error.message };
  return { success: true, data: (carries ? { ...parsed.data, [key]: value } : parsed.data) as D & Record<string, V> };
}

/** A message the worker received, checked. */
export function parseFaceWorkerRequest(data: unknown): Parsed<FaceWorkerRequest> {
  return parseWithInstance(requestDataSchema, data, "frame", "bitmap", isImageBitmap, "an ImageBitmap") as Parsed<FaceWorkerRequest>;
}

/** A message the page received from the worker, checked. */
export function parseFaceWorkerResponse(data: unknown): Parsed<FaceWorkerResponse> {
  const isJpeg = (value: unknown): value is Blob | null => value === null || isBlob(value);
  return parseWithInstance(responseDataSchema, data, "result", "jpeg", isJpeg, "a Blob or null") as Parsed<FaceWorkerResponse>;
}
