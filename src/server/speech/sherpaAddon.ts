/**
 * sherpa-onnx-node, the native speech engine, seen through the few parts the service uses.
 *
 * Why by hand:
 * - the package is CommonJS with no type declarations: it is required through createRequire
 *   (so the bundled worker in dist/server/ resolves node_modules as the sources do), and what
 *   comes back is checked before it is typed;
 * - the native side does not fail gracefully. A missing model file gives a detector whose
 *   handle is null (it logs to stderr, then finds no speech, ever), and a file that is not an
 *   ONNX model throws a C++ exception nobody catches: the whole process aborts (SIGABRT, also
 *   from a worker thread). So every model file is checked here before sherpa sees it.
 * Measured with sherpa-onnx-node 1.13.8 (onnxruntime 1.28.2) on linux-x64.
 */
import { closeSync, openSync, readSync, statSync } from "node:fs";
import { createRequire } from "node:module";

/** The service's speech engine cannot start: a package or model file is missing or unusable. */
export class SpeechSetupError extends Error {
  override readonly name = "SpeechSetupError";
}

/** sherpa's Silero settings (seconds, not ms, as sherpa spells them). */
interface SherpaVadConfig {
  sileroVad: {
    model: string;
    threshold: number;
    minSilenceDuration: number;
    minSpeechDuration: number;
    maxSpeechDuration: number;
    windowSize: number;
  };
  sampleRate: number;
  numThreads: number;
  provider: "cpu";
  debug: boolean;
}

/** sherpa's voice-activity detector: fed windows, it queues finished speech segments. */
export interface SherpaVad {
  acceptWaveform(samples: Float32Array): void;
  isEmpty(): boolean;
  /** The oldest queued segment, `{ start, samples }` (checked by the caller). */
  front(enableExternalBuffer?: boolean): unknown;
  pop(): void;
  /** Ends the segment in progress so a clip that stops mid-speech still reports it. */
  flush(): void;
  /** Forgets all state, including the sample count segment starts are measured from. */
  reset(): void;
}
export type SherpaVadConstructor = new (config: SherpaVadConfig, bufferSizeInSeconds: number) => SherpaVad;

/** The offline recogniser config (only the fields this service sets; see sherpaRecognizer.ts). */
export interface SherpaOfflineRecognizerConfig {
  featConfig: { sampleRate: number; featureDim: number };
  modelConfig: {
    paraformer?: { model: string };
    senseVoice?: { model: string; language: string; useInverseTextNormalization: number };
    whisper?: { encoder: string; decoder: string; language: string; task: "transcribe"; tailPaddings: number };
    tokens: string;
    numThreads: number;
    provider: "cpu";
    debug: number;
  };
  decodingMethod: "greedy_search";
}

export interface SherpaOfflineStream {
  acceptWaveform(wave: { samples: Float32Array; sampleRate: number }): void;
}

export interface SherpaOfflineRecognizer {
  createStream(): SherpaOfflineStream;
  /** Present since 1.12: decodes on libuv's pool and resolves with the result object. */
  decodeAsync?(stream: SherpaOfflineStream): Promise<unknown>;
  decode(stream: SherpaOfflineStream): void;
  /** `{ text, lang, tokens, timestamps, ... }` (checked by the caller). */
  getResult(stream: SherpaOfflineStream): unknown;
}
export type SherpaOfflineRecognizerConstructor = new (config: SherpaOfflineRecognizerConfig) => SherpaOfflineRecognizer;

interface SherpaModule {
  Vad: SherpaVadConstructor;
  OfflineRecognizer: SherpaOfflineRecognizerConstructor;
  version: string;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Loads sherpa-onnx-node (its native addon comes from sherpa-onnx-<platform>-<arch>); throws SpeechSetupError when it cannot. */
export function loadSherpa(): SherpaModule {
  const require = createRequire(import.meta.url);
  let loaded: unknown;
  try {
    loaded = require("sherpa-onnx-node");
  } catch (error) {
    throw new SpeechSetupError(`sherpa-onnx-node could not be loaded: ${message(error)}`);
  }
  if (typeof loaded !== "object" || loaded === null) throw new SpeechSetupError("sherpa-onnx-node exported nothing usable");
  const { Vad, OfflineRecognizer, version } = loaded as Record<string, unknown>;
  const missing = [["Vad", Vad], ["OfflineRecognizer", OfflineRecognizer]].filter(([, v]) => typeof v !== "function").map(([name]) => name);
  if (missing.length > 0) throw new SpeechSetupError(`sherpa-onnx-node has no ${missing.join(" or ")}; this service was written against 1.13.8`);
  return {
    Vad: Vad as SherpaVadConstructor,
    OfflineRecognizer: OfflineRecognizer as SherpaOfflineRecognizerConstructor,
    version: typeof version === "string" ? version : "unknown",
  };
}

/**
 * Throws SpeechSetupError unless `path` is a non-empty file that starts like an ONNX model.
 * An ONNX file is a protobuf ModelProto whose first field is ir_version (tag byte 0x08): a
 * cheap guard against the wrong file reaching sherpa and aborting the process, not a proof.
 */
export function checkOnnxFile(path: string, what: string): void {
  checkFile(path, what);
  const first = Buffer.alloc(1);
  const fd = openSync(path, "r");
  try {
    readSync(fd, first, 0, 1, 0);
  } finally {
    closeSync(fd);
  }
  if (first[0] !== 0x08) throw new SpeechSetupError(`${what} ${path} is not an ONNX model (it does not start with an ONNX header)`);
}

/** Throws SpeechSetupError unless `path` is a non-empty regular file. */
export function checkFile(path: string, what: string): void {
  let size: number;
  try {
    const stat = statSync(path);
    if (!stat.isFile()) throw new SpeechSetupError(`${what} ${path} is not a file`);
    size = stat.size;
  } catch (error) {
    if (error instanceof SpeechSetupError) throw error;
    throw new SpeechSetupError(`${what} ${path} cannot be read: ${message(error)}`);
  }
  if (size === 0) throw new SpeechSetupError(`${what} ${path} is empty`);
}
