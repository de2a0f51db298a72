/**
 * Loading @vladmandic/human's node-wasm build with only the face models the checks use
 * (detector, mesh, anti-spoofing, liveness), everything read from node_modules.
 *
 * Why by hand:
 * - the package's "exports" map spells its subpaths without "./", so Node cannot resolve
 *   "@vladmandic/human/dist/human.node-wasm.js": the file is required by absolute path,
 *   found from the package's main entry at run time (createRequire, so the bundled server in
 *   dist/server/ resolves node_modules the same way the sources do);
 * - tfjs in Node has no file:// loader (Node's fetch refuses file:), so a tfjs io router reads
 *   model.json and its weight files from the models directory, and nothing else.
 * Human's default model and wasm locations are a CDN; both are pointed at node_modules.
 */
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { basename, dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { io, Tensor, Rank } from "@tensorflow/tfjs-core";
import * as z from "zod";
import { humanFaceConfig } from "../../domain/face/humanConfig";
import { FaceAnalyzerUnavailableError } from "./analysisErrors";

/** The parts of Human's tfjs this module uses. */
interface HumanTf {
  io: { registerLoadRouter(router: (url: string | string[]) => io.IOHandler | null): void };
  tensor3d(values: Uint8Array, shape: [number, number, number], dtype: "int32"): Tensor<Rank.R3>;
  getBackend(): string;
}

/** The parts of a Human instance this module uses; detect's answer is parsed, not trusted. */
export interface HumanInstance {
  tf: HumanTf;
  load(): Promise<void>;
  detect(input: Tensor<Rank.R3>, config?: Record<string, unknown>): Promise<unknown>;
}

type HumanConstructor = new (config: Record<string, unknown>) => HumanInstance;

interface HumanPaths {
  /** The human.node-wasm.js file. */
  humanFile: string;
  /** Folder of the model json and bin files. */
  modelsDir: string;
  /** Folder of tfjs-backend-wasm's .wasm files. */
  wasmDir: string;
}

/** Where Human, its models and the wasm binaries are, from the installed packages. */
function resolveHumanPaths(): HumanPaths {
  const require = createRequire(import.meta.url);
  let humanDir: string;
  let wasmDir: string;
  try {
    // The package's main entry (dist/human.node.js) is resolvable; its folder's parent is the package.
    humanDir = dirname(dirname(require.resolve("@vladmandic/human")));
    wasmDir = dirname(require.resolve("@tensorflow/tfjs-backend-wasm"));
  } catch (error) {
    throw new FaceAnalyzerUnavailableError(`face analysis packages are not installed: ${message(error)}`);
  }
  const paths = { humanFile: join(humanDir, "dist", "human.node-wasm.js"), modelsDir: join(humanDir, "models"), wasmDir };
  const missing = [paths.humanFile, join(paths.modelsDir, "blazeface.json"), join(wasmDir, "tfjs-backend-wasm.wasm")].filter((f) => !existsSync(f));
  if (missing.length > 0) throw new FaceAnalyzerUnavailableError(`face analysis files are missing: ${missing.join(", ")}`);
  return paths;
}

/**
 * Human's configuration: the same as the browser's worker (src/domain/face/humanConfig.ts), with
 * more faces looked for (several must be seen to be refused) and the iris model always on,
 * since any evidence may have to show a blink.
 */
function humanConfig(paths: HumanPaths): Record<string, unknown> {
  return humanFaceConfig({
    wasmPath: `${pathToFileURL(paths.wasmDir).href}/`,
    modelBasePath: `${pathToFileURL(paths.modelsDir).href}/`,
    maxFaces: 5,
    iris: true,
  });
}

const weightGroup = z.object({
  paths: z.array(z.string().regex(/^[\w.-]+$/, "a weight file name, no folders")),
  // Checked for what tfjs indexes by; the rest (quantization) is passed through as tfjs wrote it.
  weights: z.array(z.looseObject({ name: z.string(), shape: z.array(z.number().int()), dtype: z.string() })),
});
const modelJson = z.object({
  modelTopology: z.unknown(),
  weightsManifest: z.array(weightGroup),
  format: z.string().optional(),
  generatedBy: z.string().optional(),
  convertedBy: z.string().optional(),
  signature: z.record(z.string(), z.unknown()).optional(),
  userDefinedMetadata: z.record(z.string(), z.unknown()).optional(),
});

/** Model artifacts of a graph model's json and its weight files, read from disk. */
function readModel(jsonPath: string): io.ModelArtifacts {
  const json = modelJson.parse(JSON.parse(readFileSync(jsonPath, "utf8")));
  const weightSpecs = json.weightsManifest.flatMap((g) => g.weights) as io.WeightsManifestEntry[];
  const buffers = json.weightsManifest.flatMap((g) => g.paths.map((p) => readFileSync(join(dirname(jsonPath), p))));
  const all = Buffer.concat(buffers);
  return {
    modelTopology: json.modelTopology as io.ModelArtifacts["modelTopology"],
    format: json.format,
    generatedBy: json.generatedBy,
    convertedBy: json.convertedBy ?? null,
    signature: json.signature,
    userDefinedMetadata: json.userDefinedMetadata as io.ModelArtifacts["userDefinedMetadata"],
    weightSpecs,
    weightData: all.buffer.slice(all.byteOffset, all.byteOffset + all.byteLength),
  };
}

/** A tfjs load router serving model.json URLs inside `modelsDir` only. */
function modelsRouter(modelsDir: string): (url: string | string[]) => io.IOHandler | null {
  const prefix = `${pathToFileURL(modelsDir).href}/`;
  return (url) => {
    if (typeof url !== "string" || !url.startsWith(prefix) || !url.endsWith(".json")) return null;
    const file = fileURLToPath(url);
    if (dirname(file) !== modelsDir) return null;
    return { load: async () => readModel(join(modelsDir, basename(file))) };
  };
}

/** Require Human, route its model loads to disk, load the models. Throws FaceAnalyzerUnavailableError on any failure. */
export async function loadHuman(paths: HumanPaths = resolveHumanPaths()): Promise<HumanInstance> {
  try {
    const require = createRequire(import.meta.url);
    const loaded = z.object({ Human: z.custom<HumanConstructor>((v) => typeof v === "function") }).safeParse(require(paths.humanFile));
    if (!loaded.success) throw new Error(`${paths.humanFile} exports no Human class`);
    const human = new loaded.data.Human(humanConfig(paths));
    human.tf.io.registerLoadRouter(modelsRouter(paths.modelsDir));
    await human.load();
    if (human.tf.getBackend() !== "wasm") throw new Error(`tfjs backend is ${human.tf.getBackend() || "none"}, not wasm`);
    return human;
  } catch (error) {
    if (error instanceof FaceAnalyzerUnavailableError) throw error;
    throw new FaceAnalyzerUnavailableError(`face models could not be loaded: ${message(error)}`);
  }
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
