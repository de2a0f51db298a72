/**
 * Where the built face worker and its models and wasm are. build.mjs bundles the worker
 * first, copies the assets into a folder named by their content hash, and hands both paths
 * to the app bundle as compile-time constants, so no hash is ever written by hand and a new
 * release never mixes with a cached old one.
 */

declare const __FACEFLOW_FACE_WORKER__: string | undefined;
declare const __FACEFLOW_FACE_ASSETS__: string | undefined;

export interface FaceAssets {
  /** Absolute URL of the worker's module script. */
  workerUrl: string;
  /** Absolute URL of the folder with the model files (.json + .bin), ending with "/". */
  modelBaseUrl: string;
  /** Absolute URL of the folder with the tfjs-backend-wasm .wasm files, ending with "/". */
  wasmBaseUrl: string;
}

/**
 * The built assets resolved against the page's URL; null when the code was not built by
 * build.mjs (unit tests), where there is no worker to start.
 */
export function builtFaceAssets(pageUrl: string): FaceAssets | null {
  const worker = typeof __FACEFLOW_FACE_WORKER__ === "string" ? __FACEFLOW_FACE_WORKER__ : null;
  const assets = typeof __FACEFLOW_FACE_ASSETS__ === "string" ? __FACEFLOW_FACE_ASSETS__ : null;
  if (worker === null || assets === null) return null;
  const folder = new URL(assets, pageUrl).href;
  return { workerUrl: new URL(worker, pageUrl).href, modelBaseUrl: folder, wasmBaseUrl: folder };
}
