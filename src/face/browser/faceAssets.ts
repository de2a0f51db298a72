/**
 * Where the built face worker and its models and wasm are, and how big. build.mjs bundles the
 * worker first, copies the assets into a folder named by their content hash, and hands both
 * paths and every file's sizes to the app bundle as compile-time constants, so no hash is ever
 * written by hand, a new release never mixes with a cached old one, and the page can say how
 * much of the files has arrived (faceDownload.ts).
 */

import { humanFaceConfig } from "../../domain/face/humanConfig";

declare const __FACEFLOW_FACE_WORKER__: string | undefined;
declare const __FACEFLOW_FACE_ASSETS__: string | undefined;
declare const __FACEFLOW_FACE_SIZES__: FaceFileSizes | undefined;

/** Each built face file's [decoded bytes, bytes on the wire], by file name (scripts/buildFace.mjs faceFileSizes). */
export type FaceFileSizes = Readonly<Record<string, readonly [number, number]>>;

/** One face file to fetch, with its sizes for the loading progress (src/face/browser/downloadProgress.ts). */
export interface FaceFile {
  url: string;
  /** What the page reads of it: its size decoded. */
  bytes: number;
  /** What downloading it costs: its compressed size, or its size where it is not compressed. */
  wire: number;
}

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

/** The sizes build.mjs measured; null when the code was not built by it (unit tests). */
export function builtFaceFileSizes(): FaceFileSizes | null {
  return typeof __FACEFLOW_FACE_SIZES__ === "object" ? __FACEFLOW_FACE_SIZES__ : null;
}

/**
 * tfjs-backend-wasm's binaries as build.mjs ships them (scripts/buildFace.mjs FACE_WASM):
 * tfjs loads the SIMD one where WebAssembly SIMD validates, the plain one elsewhere.
 */
export const FACE_WASM_FILES = { simd: "tfjs-backend-wasm-simd.wasm", plain: "tfjs-backend-wasm.wasm" } as const;

/** A minimal module using a SIMD instruction: what tfjs (through wasm-feature-detect) validates. */
const SIMD_PROBE = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11]);

export function wasmSimdSupported(wasm: Pick<typeof WebAssembly, "validate"> | undefined): boolean {
  try {
    return wasm?.validate(SIMD_PROBE) ?? false;
  } catch {
    return false;
  }
}

/**
 * Every file a face session fetches, in the order it needs them: the worker, the one wasm
 * binary tfjs will pick, and each model Human loads (.json and its weights, one .bin of the
 * same name, as the shipped models' weightsManifest says), the iris model only when asked for. The models come from the one Human configuration (humanConfig.ts).
 */
export function faceAssetUrls(assets: FaceAssets, options: { iris: boolean; simd: boolean }): string[] {
  const face = humanFaceConfig({ wasmPath: assets.wasmBaseUrl, modelBasePath: assets.modelBaseUrl, maxFaces: 1, iris: options.iris }).face;
  const models = [face.detector, face.mesh, face.iris, face.antispoof, face.liveness].filter((m) => m.enabled).map((m) => m.modelPath);
  const wasm = options.simd ? FACE_WASM_FILES.simd : FACE_WASM_FILES.plain;
  return [
    assets.workerUrl,
    new URL(wasm, assets.wasmBaseUrl).href,
    ...models.flatMap((json) => [new URL(json, assets.modelBaseUrl).href, new URL(json.replace(/\.json$/, ".bin"), assets.modelBaseUrl).href]),
  ];
}

/**
 * faceAssetUrls with each file's sizes. A file the build did not measure is a build defect,
 * not a file to show no progress for: it throws.
 */
export function faceAssetFiles(assets: FaceAssets, sizes: FaceFileSizes, options: { iris: boolean; simd: boolean }): FaceFile[] {
  return faceAssetUrls(assets, options).map((url) => {
    const name = new URL(url).pathname.split("/").pop() ?? "";
    const size = sizes[name];
    if (size === undefined) throw new Error(`face file ${name} has no size in the build (sizes of: ${Object.keys(sizes).join(", ")})`);
    return { url, bytes: size[0], wire: size[1] };
  });
}
