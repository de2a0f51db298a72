// Build of on-device face guidance (issue 7), called by build.mjs: the face worker bundle
// and our own copies of the models and tfjs wasm it loads. Nothing here is part of the
// first screen: the app reaches the worker only from the capture routes' lazy chunk.
import { build } from "esbuild";
import { createHash } from "node:crypto";
import { copyFileSync, mkdirSync, readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { basename, join, relative } from "node:path";

/** Human's models the worker loads (face detector, mesh, anti-spoofing, liveness). */
// iris refines the eyelids for blinks; the worker loads it only when a blink is asked for.
export const FACE_MODELS = ["blazeface", "facemesh", "iris", "antispoof", "liveness"];
/**
 * tfjs-backend-wasm binaries: SIMD for every browser that has it, plain as the fallback.
 * The threaded build is left out: threads need a cross-origin-isolated page, which we are
 * not, and the worker tells tfjs so (WASM_HAS_MULTITHREAD_SUPPORT=false).
 */
export const FACE_WASM = ["tfjs-backend-wasm-simd.wasm", "tfjs-backend-wasm.wasm"];

/**
 * Human's package "exports" map mixes conditions and subpaths, so its builds cannot be
 * imported by subpath: "@vladmandic/human" is pointed at the build that leaves tfjs to us
 * (human.esm-nobundle.js). Of tfjs's backends the worker uses wasm (and cpu, which wasm
 * builds on); WebGL and WebGPU become empty modules: they are most of tfjs's size and on
 * the devices that struggle they are slower than wasm.
 */
function faceWorkerResolver(root) {
  return {
    name: "face-worker-resolve",
    setup(b) {
      b.onResolve({ filter: /^@vladmandic\/human$/ }, () => ({ path: join(root, "node_modules/@vladmandic/human/dist/human.esm-nobundle.js") }));
      b.onResolve({ filter: /^@tensorflow\/tfjs-backend-(webgl|webgpu)(\/.*)?$/ }, (args) => ({ path: args.path, namespace: "face-empty" }));
      b.onLoad({ filter: /.*/, namespace: "face-empty" }, () => ({ contents: "export {};", loader: "js" }));
    },
  };
}

/** Bundles src/face/browser/worker.ts as one ES module with a hashed name; returns its output path. */
export async function buildFaceWorker({ root, appOut, target }) {
  const result = await build({
    plugins: [faceWorkerResolver(root)],
    entryPoints: { faceWorker: join(root, "src/face/browser/worker.ts") },
    bundle: true,
    format: "esm",
    platform: "browser",
    target,
    outdir: join(appOut, "assets"),
    entryNames: "[name]-[hash]",
    minify: true,
    metafile: true,
    legalComments: "none",
    define: { "process.env.NODE_ENV": '"production"' },
    logLevel: "error",
  });
  const file = Object.keys(result.metafile.outputs).find((f) => f.endsWith(".js"));
  if (!file) throw new Error("build: the face worker produced no .js output");
  return join(root, file);
}

/**
 * Copies the models and wasm into dist/app/face-HASH/, HASH being of their content, so the
 * folder can be cached for good (staticApp.ts) and a release with other models gets
 * another folder. Names inside stay Human's and tfjs's own: the model .json files name
 * their .bin by it and tfjs picks its wasm file by it.
 */
export function copyFaceAssets({ root, appOut }) {
  const sources = [
    ...FACE_MODELS.flatMap((name) => [".json", ".bin"].map((ext) => ({ kind: "models", name: name + ext, from: join(root, "node_modules/@vladmandic/human/models", name + ext) }))),
    ...FACE_WASM.map((name) => ({ kind: "wasm", name, from: join(root, "node_modules/@tensorflow/tfjs-backend-wasm/dist", name) })),
  ];
  const hash = createHash("sha256");
  for (const s of sources) hash.update(s.name).update(readFileSync(s.from));
  const folder = `face-${hash.digest("hex").slice(0, 8).toUpperCase()}`;
  mkdirSync(join(appOut, folder), { recursive: true });
  for (const s of sources) copyFileSync(s.from, join(appOut, folder, s.name));
  return { folder, files: sources.map((s) => ({ kind: s.kind, file: join(appOut, folder, s.name) })) };
}

/** A file's bytes and its gzip size, measured once a build (the face files are megabytes). */
const measured = new Map();
const sizes = (file) => {
  let size = measured.get(file);
  if (size === undefined) {
    const bytes = readFileSync(file);
    size = { raw: bytes.length, gz: gzipSync(bytes, { level: 9 }).length };
    measured.set(file, size);
  }
  return size;
};

/**
 * Every face file's size by its name, for the page's loading progress
 * (src/face/browser/faceAssets.ts): [decoded bytes, bytes on the wire]. The page counts the
 * decoded bytes it reads, and weighs each file by what it costs to download, so the percentage
 * moves with the time the download takes: the worker's JavaScript shrinks to a third when
 * compressed, the model weights hardly at all. Gzip stands for the wire: compress.mjs keeps a
 * compressed copy only below 95% of the file, and brotli, where the browser asks for it, is
 * smaller by about the same share for every file.
 */
export function faceFileSizes({ workerFile, assets }) {
  const entry = (file) => {
    const { raw, gz } = sizes(file);
    return [basename(file), [raw, gz < raw * 0.95 ? gz : raw]];
  };
  return Object.fromEntries([workerFile, ...assets.files.map((f) => f.file)].map(entry));
}

/**
 * The bytes the capture route adds, JS apart from models and wasm. A browser fetches the
 * worker, every model and one wasm binary (SIMD where supported), so "download" counts the
 * SIMD binary only.
 */
export function faceSizes({ appOut, workerFile, assets }) {
  const worker = { file: relative(appOut, workerFile), ...sizes(workerFile) };
  const list = (kind) => assets.files.filter((f) => f.kind === kind).map((f) => ({ file: relative(appOut, f.file), ...sizes(f.file) }));
  const models = list("models");
  const wasm = list("wasm");
  const sum = (rows, key) => rows.reduce((s, r) => s + r[key], 0);
  const fetchedWasm = wasm.find((w) => w.file.endsWith(FACE_WASM[0]));
  return {
    worker,
    models: { raw: sum(models, "raw"), gz: sum(models, "gz"), files: models },
    wasm: { raw: fetchedWasm.raw, gz: fetchedWasm.gz, files: wasm },
    download: { js: worker.raw, models: sum(models, "raw"), wasm: fetchedWasm.raw },
  };
}

/** The face figures' lines, under the chunk table of the size report. */
export function faceSizeLines(face) {
  const kb = (n) => (n / 1024).toFixed(1).padStart(7) + " KB";
  return [
    "face guidance (capture routes only, loaded on demand; raw, gzip):",
    `  ${kb(face.worker.raw)} ${kb(face.worker.gz)}  face worker JS  ${face.worker.file}`,
    `  ${kb(face.models.raw)} ${kb(face.models.gz)}  models  ${face.models.files.filter((f) => f.file.endsWith(".bin")).map((f) => f.file.split("/").pop().replace(".bin", "")).join(", ")}`,
    `  ${kb(face.wasm.raw)} ${kb(face.wasm.gz)}  wasm (SIMD, the one fetched; ${face.wasm.files.length} shipped)  ${face.wasm.files[0].file.split("/")[0]}/`,
  ];
}
