/**
 * Can this browser run face guidance at all? Checked before anything is downloaded, so an
 * old browser records without guidance at once instead of after a failed 4 MB download.
 */

/** The browser features the face session relies on, in the order they are checked. */
const FACE_FEATURES = ["Worker", "WebAssembly", "createImageBitmap", "OffscreenCanvas"] as const;
type FaceFeature = (typeof FACE_FEATURES)[number];

/**
 * The first feature `scope` (a window, or a worker's global scope) lacks; null when all are
 * there. OffscreenCanvas is needed inside the worker to scale frames, read their pixels and
 * encode the kept ones as JPEG (Safari has it from 16.4, the same release as wasm SIMD).
 * @example missingFaceFeature({ Worker, WebAssembly, createImageBitmap }) // "OffscreenCanvas"
 */
export function missingFaceFeature(scope: object): FaceFeature | null {
  const has = (name: string) => typeof (scope as Record<string, unknown>)[name] !== "undefined";
  for (const feature of FACE_FEATURES) if (!has(feature)) return feature;
  const canvas = (scope as { OffscreenCanvas?: { prototype?: object } }).OffscreenCanvas;
  if (!canvas?.prototype || !("convertToBlob" in canvas.prototype)) return "OffscreenCanvas";
  return null;
}
