// The sherpa-onnx offline recogniser adapter, without a model (none is available offline
// here; real ones are configured by path): the environment it reads, the exact config it would
// hand sherpa's OfflineRecognizer (the constructor is injected), and how it reads the result.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadSherpa, SpeechSetupError, type SherpaOfflineRecognizerConfig, type SherpaOfflineStream } from "../../../src/server/speech/sherpaAddon";
import {
  createSherpaOfflineRecognizer,
  offlineRecognizerConfig,
  readSpeechRecognizerEnv,
  speechRecognizerFromEnv,
  type OfflineRecognizerEngine,
} from "../../../src/server/speech/sherpaRecognizer";

// Files that pass the checks: an ONNX header byte (0x08) and a tokens list. Never given to
// the real sherpa, which would abort the process on them.
const dir = mkdtempSync(join(tmpdir(), "faceflow-asr-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, content: string | Uint8Array) => {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
};
const model = file("model.int8.onnx", new Uint8Array([0x08, 0x08, 0x12, 0x04]));
const encoder = file("tiny-encoder.onnx", new Uint8Array([0x08, 0x07]));
const decoder = file("tiny-decoder.onnx", new Uint8Array([0x08, 0x07]));
const tokens = file("tokens.txt", "<blk> 0\n一 1\n");
const notOnnx = file("README.md", "# not a model\n");
const empty = file("empty.txt", "");

const paraformerEnv = { FACEFLOW_ASR_KIND: "paraformer", FACEFLOW_ASR_MODEL: model, FACEFLOW_ASR_TOKENS: tokens };

describe("readSpeechRecognizerEnv", () => {
  it("is null when no FACEFLOW_ASR_ variable is set (empty ones count as unset)", () => {
    expect(readSpeechRecognizerEnv({})).toBeNull();
    expect(readSpeechRecognizerEnv({ PATH: "/usr/bin", FACEFLOW_DB: "x", FACEFLOW_ASR_KIND: "", FACEFLOW_ASR_MODEL: undefined })).toBeNull();
    expect(speechRecognizerFromEnv({ HOME: "/root" })).toBeNull();
  });

  it("reads paraformer, sense-voice and whisper settings with their defaults", () => {
    expect(readSpeechRecognizerEnv(paraformerEnv)).toEqual({ kind: "paraformer", model, tokens, threads: 1 });
    expect(readSpeechRecognizerEnv({ ...paraformerEnv, FACEFLOW_ASR_KIND: "sense-voice", FACEFLOW_ASR_THREADS: "2" })).toEqual({
      kind: "sense-voice",
      model,
      tokens,
      language: "zh",
      threads: 2,
    });
    expect(readSpeechRecognizerEnv({ FACEFLOW_ASR_KIND: "whisper", FACEFLOW_ASR_ENCODER: encoder, FACEFLOW_ASR_DECODER: decoder, FACEFLOW_ASR_TOKENS: tokens, FACEFLOW_ASR_LANGUAGE: "en" })).toEqual({
      kind: "whisper",
      encoder,
      decoder,
      tokens,
      language: "en",
      threads: 1,
    });
  });

  const refusals: [string, Record<string, string>, RegExp][] = [
    ["an unknown kind, listing the known ones", { ...paraformerEnv, FACEFLOW_ASR_KIND: "kaldi" }, /"kaldi" is not a known recogniser kind; known kinds: paraformer, sense-voice, whisper/],
    ["files without a kind", { FACEFLOW_ASR_MODEL: model, FACEFLOW_ASR_TOKENS: tokens }, /FACEFLOW_ASR_KIND is required when FACEFLOW_ASR_MODEL, FACEFLOW_ASR_TOKENS is set/],
    ["a missing model file", { ...paraformerEnv, FACEFLOW_ASR_MODEL: join(dir, "gone.onnx") }, /FACEFLOW_ASR_MODEL .*gone\.onnx cannot be read/],
    ["a model file that is not ONNX", { ...paraformerEnv, FACEFLOW_ASR_MODEL: notOnnx }, /FACEFLOW_ASR_MODEL .*README\.md is not an ONNX model/],
    ["a folder as the model", { ...paraformerEnv, FACEFLOW_ASR_MODEL: dir }, /FACEFLOW_ASR_MODEL .* is not a file/],
    ["an empty tokens file", { ...paraformerEnv, FACEFLOW_ASR_TOKENS: empty }, /FACEFLOW_ASR_TOKENS .*empty\.txt is empty/],
    ["no tokens", { FACEFLOW_ASR_KIND: "paraformer", FACEFLOW_ASR_MODEL: model }, /FACEFLOW_ASR_TOKENS/],
    ["a variable the kind does not use", { ...paraformerEnv, FACEFLOW_ASR_ENCODER: encoder }, /FACEFLOW_ASR_ENCODER/],
    ["whisper given one model", { FACEFLOW_ASR_KIND: "whisper", FACEFLOW_ASR_MODEL: model, FACEFLOW_ASR_TOKENS: tokens }, /FACEFLOW_ASR_ENCODER/],
    ["a misspelt variable", { ...paraformerEnv, FACEFLOW_ASR_THREAD: "2" }, /FACEFLOW_ASR_THREAD\b/],
    ["threads out of range", { ...paraformerEnv, FACEFLOW_ASR_THREADS: "0" }, /FACEFLOW_ASR_THREADS/],
    ["threads not a number", { ...paraformerEnv, FACEFLOW_ASR_THREADS: "many" }, /FACEFLOW_ASR_THREADS/],
    ["a language SenseVoice does not know", { ...paraformerEnv, FACEFLOW_ASR_KIND: "sense-voice", FACEFLOW_ASR_LANGUAGE: "fr" }, /FACEFLOW_ASR_LANGUAGE/],
  ];
  it.each(refusals)("refuses %s", (_, env, message) => {
    expect(() => readSpeechRecognizerEnv(env)).toThrow(SpeechSetupError);
    expect(() => readSpeechRecognizerEnv(env)).toThrow(message);
  });
});

describe("offlineRecognizerConfig", () => {
  it("gives sherpa the paraformer config of its examples", () => {
    expect(offlineRecognizerConfig({ kind: "paraformer", model, tokens, threads: 2 })).toEqual({
      featConfig: { sampleRate: 16_000, featureDim: 80 },
      modelConfig: { paraformer: { model }, tokens, numThreads: 2, provider: "cpu", debug: 0 },
      decodingMethod: "greedy_search",
    });
  });

  it("asks SenseVoice for inverse text normalisation in the language set", () => {
    expect(offlineRecognizerConfig({ kind: "sense-voice", model, tokens, language: "zh", threads: 1 }).modelConfig).toEqual({
      senseVoice: { model, language: "zh", useInverseTextNormalization: 1 },
      tokens,
      numThreads: 1,
      provider: "cpu",
      debug: 0,
    });
  });

  it("gives Whisper its two files, the language and transcription", () => {
    expect(offlineRecognizerConfig({ kind: "whisper", encoder, decoder, tokens, language: "zh", threads: 1 }).modelConfig).toEqual({
      whisper: { encoder, decoder, language: "zh", task: "transcribe", tailPaddings: -1 },
      tokens,
      numThreads: 1,
      provider: "cpu",
      debug: 0,
    });
  });
});

/** A stand-in for sherpa's OfflineRecognizer that records what it is given. */
function fakeEngine(result: unknown, options: { async?: boolean; refuse?: boolean } = {}) {
  const seen = { configs: [] as SherpaOfflineRecognizerConfig[], waves: [] as { samples: Float32Array; sampleRate: number }[], decoded: 0 };
  class FakeRecognizer {
    decodeAsync?: (stream: SherpaOfflineStream) => Promise<unknown>;
    constructor(config: SherpaOfflineRecognizerConfig) {
      if (options.refuse) throw new Error("Please check your config!");
      seen.configs.push(config);
      if (options.async !== false) {
        this.decodeAsync = async () => {
          seen.decoded += 1;
          return result;
        };
      }
    }
    createStream(): SherpaOfflineStream {
      return { acceptWaveform: (wave) => void seen.waves.push(wave) };
    }
    decode() {
      seen.decoded += 1;
    }
    getResult() {
      return result;
    }
  }
  const engine: OfflineRecognizerEngine = { OfflineRecognizer: FakeRecognizer };
  return { engine, seen };
}

describe("createSherpaOfflineRecognizer", () => {
  const settings = { kind: "paraformer", model, tokens, threads: 1 } as const;
  const sherpaResult = { lang: "", emotion: "", event: "", text: " 一二三四 ", timestamps: [], durations: [], tokens: ["一", "二", "三", "四"], ys_log_probs: [], words: [] };

  it("builds sherpa's recogniser from the settings and reads the text of its result", async () => {
    const { engine, seen } = fakeEngine(sherpaResult);
    const recognizer = createSherpaOfflineRecognizer(settings, engine);
    expect(seen.configs).toEqual([offlineRecognizerConfig(settings)]);
    expect(recognizer.name).toBe("sherpa-onnx paraformer (model.int8.onnx)");
    const samples = new Float32Array(16_000);
    expect(await recognizer.recognize(samples, 16_000)).toEqual({ text: "一二三四" });
    expect(seen.waves).toEqual([{ samples, sampleRate: 16_000 }]);
    expect(seen.decoded).toBe(1);
  });

  it("decodes synchronously when the engine has no decodeAsync", async () => {
    const { engine, seen } = fakeEngine(sherpaResult, { async: false });
    expect(await createSherpaOfflineRecognizer(settings, engine).recognize(new Float32Array(10), 16_000)).toEqual({ text: "一二三四" });
    expect(seen.decoded).toBe(1);
  });

  it("gives null for empty text, and for no samples without decoding", async () => {
    const { engine, seen } = fakeEngine({ ...sherpaResult, text: "" });
    const recognizer = createSherpaOfflineRecognizer(settings, engine);
    expect(await recognizer.recognize(new Float32Array(10), 16_000)).toBeNull();
    expect(await recognizer.recognize(new Float32Array(0), 16_000)).toBeNull();
    expect(seen.decoded).toBe(1);
  });

  it("rejects a result without text, and another sample rate", async () => {
    const recognizer = createSherpaOfflineRecognizer(settings, fakeEngine({ lang: "zh" }).engine);
    await expect(recognizer.recognize(new Float32Array(10), 16_000)).rejects.toThrow(/unexpected result/);
    await expect(recognizer.recognize(new Float32Array(10), 44_100 as 16_000)).rejects.toThrow(/16 kHz/);
  });

  it("turns sherpa's refusal into SpeechSetupError, and checks files before sherpa sees them", () => {
    expect(() => createSherpaOfflineRecognizer(settings, fakeEngine(sherpaResult, { refuse: true }).engine)).toThrow(/sherpa-onnx refused the paraformer recogniser: Please check your config!/);
    const { engine, seen } = fakeEngine(sherpaResult);
    expect(() => createSherpaOfflineRecognizer({ ...settings, model: notOnnx }, engine)).toThrow(SpeechSetupError);
    expect(seen.configs).toEqual([]);
  });

  it("is what speechRecognizerFromEnv makes from the environment", async () => {
    const { engine, seen } = fakeEngine(sherpaResult);
    const recognizer = speechRecognizerFromEnv({ ...paraformerEnv, FACEFLOW_ASR_THREADS: "3" }, engine);
    expect(recognizer?.name).toBe("sherpa-onnx paraformer (model.int8.onnx)");
    expect(seen.configs[0]?.modelConfig.numThreads).toBe(3);
  });

  it("finds an OfflineRecognizer in the installed sherpa-onnx-node", () => {
    const sherpa = loadSherpa();
    expect(typeof sherpa.OfflineRecognizer).toBe("function");
    expect(sherpa.version).toMatch(/^1\.\d+\.\d+/);
  });
});
