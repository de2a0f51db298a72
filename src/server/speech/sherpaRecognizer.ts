/**
 * The real speech recogniser: a sherpa-onnx offline (whole-clip) model, chosen and located by
 * the environment. No model ships with the service; an operator downloads one (e.g.
 * sherpa-onnx-paraformer-zh or sherpa-onnx-sense-voice-zh-en-ja-ko-yue) and names its files:
 *
 * | variable | meaning |
 * |---|---|
 * | FACEFLOW_ASR_KIND | paraformer, sense-voice or whisper |
 * | FACEFLOW_ASR_MODEL | the model .onnx (paraformer, sense-voice) |
 * | FACEFLOW_ASR_ENCODER, FACEFLOW_ASR_DECODER | the two .onnx files (whisper) |
 * | FACEFLOW_ASR_TOKENS | the model's tokens.txt |
 * | FACEFLOW_ASR_LANGUAGE | sense-voice and whisper; default zh (the service asks in Mandarin) |
 * | FACEFLOW_ASR_THREADS | onnxruntime threads per worker, 1..16 (default 1: each worker thread has its own) |
 *
 * None set: no recogniser, and the service judges only that voice is present. Anything else
 * wrong (an unknown kind, a missing file, a variable the kind does not use, a misspelt
 * FACEFLOW_ASR_ name) refuses to start: a file that is not a model would otherwise abort the
 * whole process inside sherpa (see sherpaAddon.ts).
 */
import { basename } from "node:path";
import * as z from "zod";
import {
  checkFile,
  checkOnnxFile,
  loadSherpa,
  SpeechSetupError,
  type SherpaOfflineRecognizer,
  type SherpaOfflineRecognizerConfig,
  type SherpaOfflineRecognizerConstructor,
} from "./sherpaAddon";
import { recognizedText, type SpeechRecognizer } from "./speechRecognizer";

const ASR_KINDS = ["paraformer", "sense-voice", "whisper"] as const;
type AsrKind = (typeof ASR_KINDS)[number];

type SherpaRecognizerSettings =
  | { kind: "paraformer"; model: string; tokens: string; threads: number }
  | { kind: "sense-voice"; model: string; tokens: string; language: string; threads: number }
  | { kind: "whisper"; encoder: string; decoder: string; tokens: string; language: string; threads: number };

const PREFIX = "FACEFLOW_ASR_";
const nonEmpty = z.string({ error: "is required by this kind (a file path)" }).min(1);
const threads = z.coerce.number().int().min(1).max(16).default(1);
// SenseVoice knows these five languages ("auto" lets it guess); Whisper takes a language code.
const senseVoiceLanguage = z.enum(["auto", "zh", "en", "ja", "ko", "yue"]).default("zh");
const whisperLanguage = z.string().regex(/^[a-z]{2,3}$/, "expected a Whisper language code such as zh").default("zh");

const envSchemas = {
  paraformer: z.strictObject({ FACEFLOW_ASR_KIND: z.literal("paraformer"), FACEFLOW_ASR_MODEL: nonEmpty, FACEFLOW_ASR_TOKENS: nonEmpty, FACEFLOW_ASR_THREADS: threads }),
  "sense-voice": z.strictObject({
    FACEFLOW_ASR_KIND: z.literal("sense-voice"),
    FACEFLOW_ASR_MODEL: nonEmpty,
    FACEFLOW_ASR_TOKENS: nonEmpty,
    FACEFLOW_ASR_LANGUAGE: senseVoiceLanguage,
    FACEFLOW_ASR_THREADS: threads,
  }),
  whisper: z.strictObject({
    FACEFLOW_ASR_KIND: z.literal("whisper"),
    FACEFLOW_ASR_ENCODER: nonEmpty,
    FACEFLOW_ASR_DECODER: nonEmpty,
    FACEFLOW_ASR_TOKENS: nonEmpty,
    FACEFLOW_ASR_LANGUAGE: whisperLanguage,
    FACEFLOW_ASR_THREADS: threads,
  }),
} satisfies Record<AsrKind, z.ZodType>;

const isKind = (value: string): value is AsrKind => (ASR_KINDS as readonly string[]).includes(value);

/**
 * The recogniser the environment configures, checked (files included); null when no
 * FACEFLOW_ASR_ variable is set. Throws SpeechSetupError naming the variable at fault.
 */
export function readSpeechRecognizerEnv(env: Readonly<Record<string, string | undefined>>): SherpaRecognizerSettings | null {
  // Only the variables with our prefix, and an empty one counts as unset (as in config.ts).
  const asr = Object.fromEntries(Object.entries(env).filter(([key, value]) => key.startsWith(PREFIX) && value !== undefined && value !== ""));
  if (Object.keys(asr).length === 0) return null;
  const kind = asr.FACEFLOW_ASR_KIND;
  const known = ASR_KINDS.join(", ");
  if (kind === undefined) throw new SpeechSetupError(`FACEFLOW_ASR_KIND is required when ${Object.keys(asr).join(", ")} is set; known kinds: ${known}`);
  if (!isKind(kind)) throw new SpeechSetupError(`FACEFLOW_ASR_KIND "${kind}" is not a known recogniser kind; known kinds: ${known}`);
  const parsed = envSchemas[kind].safeParse(asr);
  if (!parsed.success) throw new SpeechSetupError(`speech recogniser (FACEFLOW_ASR_KIND=${kind}): ${z.prettifyError(parsed.error)}`);
  const vars = parsed.data;
  let settings: SherpaRecognizerSettings;
  if (vars.FACEFLOW_ASR_KIND === "whisper") {
    settings = { kind: "whisper", encoder: vars.FACEFLOW_ASR_ENCODER, decoder: vars.FACEFLOW_ASR_DECODER, tokens: vars.FACEFLOW_ASR_TOKENS, language: vars.FACEFLOW_ASR_LANGUAGE, threads: vars.FACEFLOW_ASR_THREADS };
  } else if (vars.FACEFLOW_ASR_KIND === "sense-voice") {
    settings = { kind: "sense-voice", model: vars.FACEFLOW_ASR_MODEL, tokens: vars.FACEFLOW_ASR_TOKENS, language: vars.FACEFLOW_ASR_LANGUAGE, threads: vars.FACEFLOW_ASR_THREADS };
  } else {
    settings = { kind: "paraformer", model: vars.FACEFLOW_ASR_MODEL, tokens: vars.FACEFLOW_ASR_TOKENS, threads: vars.FACEFLOW_ASR_THREADS };
  }
  checkModelFiles(settings);
  return settings;
}

/** Throws SpeechSetupError unless every file the settings name is there and looks right. */
function checkModelFiles(settings: SherpaRecognizerSettings): void {
  if (settings.kind === "whisper") {
    checkOnnxFile(settings.encoder, "FACEFLOW_ASR_ENCODER");
    checkOnnxFile(settings.decoder, "FACEFLOW_ASR_DECODER");
  } else {
    checkOnnxFile(settings.model, "FACEFLOW_ASR_MODEL");
  }
  checkFile(settings.tokens, "FACEFLOW_ASR_TOKENS");
}

/** The config sherpa-onnx-node's OfflineRecognizer is built with (80-dim fbank at 16 kHz, greedy search: what these models expect). */
export function offlineRecognizerConfig(settings: SherpaRecognizerSettings): SherpaOfflineRecognizerConfig {
  const common = { tokens: settings.tokens, numThreads: settings.threads, provider: "cpu", debug: 0 } as const;
  const model =
    settings.kind === "paraformer"
      ? { paraformer: { model: settings.model } }
      : settings.kind === "sense-voice"
        ? // Inverse text normalisation writes numbers as digits ("1234"); chineseDigits.ts reads either form.
          { senseVoice: { model: settings.model, language: settings.language, useInverseTextNormalization: 1 } }
        : // tailPaddings -1: sherpa's default padding, which Whisper needs to finish the last word.
          { whisper: { encoder: settings.encoder, decoder: settings.decoder, language: settings.language, task: "transcribe" as const, tailPaddings: -1 } };
  return { featConfig: { sampleRate: 16_000, featureDim: 80 }, modelConfig: { ...model, ...common }, decodingMethod: "greedy_search" };
}

/** The name verdicts show, e.g. "sherpa-onnx paraformer (model.int8.onnx)". */
function sherpaRecognizerName(settings: SherpaRecognizerSettings): string {
  return `sherpa-onnx ${settings.kind} (${basename(settings.kind === "whisper" ? settings.encoder : settings.model)})`;
}

/** Injected in tests (no model is available to them); the service uses sherpa-onnx-node's. */
export interface OfflineRecognizerEngine {
  OfflineRecognizer: SherpaOfflineRecognizerConstructor;
}

// sherpa's result has more (lang, tokens, timestamps...); only the text is used.
const resultSchema = z.object({ text: z.string() });

/**
 * A recogniser over a sherpa-onnx offline model. Loads the model now (seconds for a large
 * one), so a bad configuration fails at start, not on a user's recording.
 */
export function createSherpaOfflineRecognizer(settings: SherpaRecognizerSettings, engine?: OfflineRecognizerEngine): SpeechRecognizer {
  checkModelFiles(settings);
  const { OfflineRecognizer } = engine ?? loadSherpa();
  let recognizer: SherpaOfflineRecognizer;
  try {
    recognizer = new OfflineRecognizer(offlineRecognizerConfig(settings));
  } catch (error) {
    // sherpa says only "Please check your config!"; its reasons went to stderr.
    throw new SpeechSetupError(`sherpa-onnx refused the ${settings.kind} recogniser: ${error instanceof Error ? error.message : String(error)}`);
  }
  const name = sherpaRecognizerName(settings);
  return {
    name,
    async recognize(samples, sampleRate) {
      if (sampleRate !== 16_000) throw new RangeError(`recognize() takes 16 kHz samples, not ${String(sampleRate)} Hz`);
      if (samples.length === 0) return null;
      // A stream holds one utterance; a new one per call keeps calls independent.
      const stream = recognizer.createStream();
      stream.acceptWaveform({ samples, sampleRate });
      let raw: unknown;
      if (typeof recognizer.decodeAsync === "function") raw = await recognizer.decodeAsync(stream);
      else {
        recognizer.decode(stream);
        raw = recognizer.getResult(stream);
      }
      const result = resultSchema.safeParse(raw);
      if (!result.success) throw new Error(`${name} returned an unexpected result: ${z.prettifyError(result.error)}`);
      return recognizedText(result.data.text);
    },
  };
}

/**
 * The recogniser the environment configures, loaded; null when none is configured.
 * @example const recognizer = speechRecognizerFromEnv(process.env) // in each worker thread
 */
export function speechRecognizerFromEnv(env: Readonly<Record<string, string | undefined>>, engine?: OfflineRecognizerEngine): SpeechRecognizer | null {
  const settings = readSpeechRecognizerEnv(env);
  return settings === null ? null : createSherpaOfflineRecognizer(settings, engine);
}
