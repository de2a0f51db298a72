// The recogniser contract's test double: what verification tests hand the service instead of
// a model.
import { describe, expect, it } from "vitest";
import { createFakeSpeechRecognizer, recognizedText } from "../../../src/server/speech/speechRecognizer";

describe("createFakeSpeechRecognizer", () => {
  it("hears the same text every time, trimmed, and records what it was given", async () => {
    const recognizer = createFakeSpeechRecognizer("  一 二 三 四 ");
    const samples = new Float32Array(16_000);
    expect(await recognizer.recognize(samples, 16_000)).toEqual({ text: "一 二 三 四" });
    expect(recognizer.calls).toEqual([samples]);
    expect(recognizer.name).toBe("fake recogniser");
  });

  it("hears what a function says for the samples, sync or async", async () => {
    const bySize = createFakeSpeechRecognizer((samples) => (samples.length > 16_000 ? "一二三四" : "一二"), "by size");
    expect(await bySize.recognize(new Float32Array(32_000), 16_000)).toEqual({ text: "一二三四" });
    expect(await bySize.recognize(new Float32Array(8_000), 16_000)).toEqual({ text: "一二" });
    expect(bySize.name).toBe("by size");
    const later = createFakeSpeechRecognizer(async () => "我同意");
    expect(await later.recognize(new Float32Array(1), 16_000)).toEqual({ text: "我同意" });
  });

  it("gives null when nothing was heard", async () => {
    expect(await createFakeSpeechRecognizer("").recognize(new Float32Array(1), 16_000)).toBeNull();
    expect(await createFakeSpeechRecognizer(" \n ").recognize(new Float32Array(1), 16_000)).toBeNull();
  });

  it("refuses another sample rate, as the real one does", async () => {
    await expect(createFakeSpeechRecognizer("x").recognize(new Float32Array(1), 8_000 as 16_000)).rejects.toThrow(/16 kHz/);
  });
});

describe("recognizedText", () => {
  it("trims, and makes empty text null", () => {
    expect(recognizedText(" 一二三四\n")).toEqual({ text: "一二三四" });
    expect(recognizedText("")).toBeNull();
  });
});
