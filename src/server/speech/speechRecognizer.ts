/**
 * What the service needs from a speech recogniser: the text of a recording's 16 kHz mono
 * audio. Number mode matches the issued digits in it (chineseDigits.ts); will mode records
 * it. The real adapter is sherpaRecognizer.ts (a model configured by path in the
 * environment); without one the service judges only that voice is present.
 */

interface RecognizedSpeech {
  /** The recogniser's text, trimmed, never empty (nothing heard is null). */
  text: string;
}

export interface SpeechRecognizer {
  /** Names the recogniser in verdict details, e.g. "sherpa-onnx paraformer (model.int8.onnx)". */
  readonly name: string;
  /** The text spoken in the samples; null when the recogniser heard no words. Rejects when the engine fails. */
  recognize(samples: Float32Array, sampleRate: 16_000): Promise<RecognizedSpeech | null>;
}

/** A recogniser's raw text as the interface hands it on: trimmed, and null when empty. */
export function recognizedText(raw: string): RecognizedSpeech | null {
  const text = raw.trim();
  return text === "" ? null : { text };
}

/**
 * A recogniser for tests: always the same text, or the text a function gives for the samples.
 * @example createFakeSpeechRecognizer("一 二 三 四")
 * @example createFakeSpeechRecognizer((samples) => (samples.length > 16_000 ? "一二三四" : ""))
 */
export function createFakeSpeechRecognizer(
  heard: string | ((samples: Float32Array) => string | Promise<string>),
  name = "fake recogniser",
): SpeechRecognizer & { readonly calls: Float32Array[] } {
  const calls: Float32Array[] = [];
  return {
    name,
    calls,
    async recognize(samples, sampleRate) {
      if (sampleRate !== 16_000) throw new RangeError(`recognize() takes 16 kHz samples, not ${String(sampleRate)} Hz`);
      calls.push(samples);
      return recognizedText(typeof heard === "string" ? heard : await heard(samples));
    },
  };
}
