import { describe, expect, it } from "vitest";
import type { FrameObservation } from "../../../src/domain/face/types";
import { loadCaptureLimits } from "../shippedLimits";
import type { HeardSpeech } from "../../../src/server/verify/checks/analysis";
import { answerWindowStart, checkFaceWhileSpeaking, checkSpeech, checkVoice } from "../../../src/server/verify/checks/voiceChecks";
import { frameOf, syntheticFace } from "../../face/syntheticFace";

const { face, verification } = loadCaptureLimits();
const { voice } = verification;

function heard(segments: [number, number][], extra: Partial<HeardSpeech> = {}): HeardSpeech {
  return { present: true, segments: segments.map(([startMs, endMs]) => ({ startMs, endMs })), transcript: null, recognizer: null, ...extra };
}

describe("answerWindowStart", () => {
  it("starts at the digits or question prompt, else at the recording's start", () => {
    const prompts = [{ what: "action" as const, action: "1" as const, atMs: 100 }, { what: "digits" as const, atMs: 800 }, { what: "question" as const, atMs: 1200 }];
    expect(answerWindowStart(prompts, "digits")).toBe(800);
    expect(answerWindowStart(prompts, "question")).toBe(1200);
    expect(answerWindowStart([], "digits")).toBe(0);
  });
});

describe("checkVoice", () => {
  it("fails (1008) media without a sound track", () => {
    const result = checkVoice({ present: false, segments: [], transcript: null, recognizer: null }, 0, voice);
    expect(result.outcome).toMatchObject({ name: "voice", passed: false, failCode: "1008" });
    expect(result.heard).toEqual([]);
  });

  it("fails (1021) when the voice was heard only before the prompt", () => {
    const result = checkVoice(heard([[100, 900]]), 1000, voice);
    expect(result.outcome).toMatchObject({ passed: false, failCode: "1021" });
    expect(result.outcome.detail).toContain("no voice heard");
    expect(checkVoice(heard([]), 0, voice).outcome.failCode).toBe("1021");
  });

  it("counts only the voice after the prompt, and at least voice.minSpeechMs of it", () => {
    expect(voice.minSpeechMs).toBe(400);
    // 700 ms of speech, 300 ms of it after the prompt.
    const short = checkVoice(heard([[700, 1400]]), 1100, voice);
    expect(short.outcome).toMatchObject({ passed: false, failCode: "1021" });
    expect(short.outcome.detail).toContain("only 300 ms heard (1.10 s-1.40 s)");
    const enough = checkVoice(heard([[700, 1400], [2000, 2100]]), 1000, voice);
    expect(enough.outcome).toMatchObject({ passed: true });
    expect(enough.heard).toEqual([{ startMs: 1000, endMs: 1400 }, { startMs: 2000, endMs: 2100 }]);
    expect(enough.outcome.detail).toContain("Voice heard for 500 ms");
  });
});

describe("checkFaceWhileSpeaking", () => {
  const STEP = 200;
  const list = (faceAt: (i: number) => boolean): FrameObservation[] => Array.from({ length: 20 }, (_, i) => frameOf(i * STEP, faceAt(i) ? [syntheticFace()] : []));
  const speaking = [{ startMs: 1000, endMs: 2800 }]; // frames 5..14

  it("passes when the one face is in the picture while the voice is heard", () => {
    const result = checkFaceWhileSpeaking(list(() => true), speaking, face, voice.minFaceShareWhileSpeaking);
    expect(result).toMatchObject({ name: "faceWhileSpeaking", passed: true });
    expect(result.detail).toContain("one face in 10 of the 10 frames");
  });

  it("fails (1027) when the face left while speaking, judging only the frames in the voice", () => {
    // Away for 3 of the 10 frames while speaking: 70% < 80%.
    const away = checkFaceWhileSpeaking(list((i) => i < 5 || i > 7), speaking, face, voice.minFaceShareWhileSpeaking);
    expect(away).toMatchObject({ passed: false, failCode: "1027" });
    // Away only when silent: passes.
    expect(checkFaceWhileSpeaking(list((i) => i >= 5 && i <= 14), speaking, face, voice.minFaceShareWhileSpeaking).passed).toBe(true);
    // No frame falls within the voice.
    expect(checkFaceWhileSpeaking(list(() => true), [{ startMs: 5000, endMs: 5100 }], face, 0.8).failCode).toBe("1027");
  });
});

describe("checkSpeech", () => {
  const sherpa = (transcript: string | null) => heard([[0, 1000]], { recognizer: "sherpa-paraformer", transcript });

  it("without a recogniser, passes saying the content was not recognised, unless the order requires speech (1022)", () => {
    const passed = checkSpeech(heard([[0, 1000]]), "1234", false);
    expect(passed).toMatchObject({ name: "speechPresent", passed: true });
    expect(passed.detail).toContain("content not recognised");
    expect(checkSpeech(heard([[0, 1000]]), "1234", true)).toMatchObject({ passed: false, failCode: "1022" });
  });

  it("passes the issued digits read in Chinese numerals", () => {
    for (const text of ["幺二三四", "一二三四。", "我读 1 2 3 4", "一千二百三十四"]) {
      const result = checkSpeech(sherpa(text), "1234", false);
      expect(result, text).toMatchObject({ passed: true });
      expect(result.detail).toContain("(digits 1234)");
    }
  });

  it("fails (1023) other digits, or none, and names what was heard", () => {
    const wrong = checkSpeech(sherpa("一二三五"), "1234", false);
    expect(wrong).toMatchObject({ passed: false, failCode: "1023" });
    expect(wrong.detail).toContain("(digits 1235)");
    expect(checkSpeech(sherpa("二一三四"), "1234", true).failCode).toBe("1023");
    expect(checkSpeech(sherpa("你好"), "1234", false).detail).toContain("(digits none)");
  });

  it("when the recogniser heard nothing, passes unless the order requires speech (1022)", () => {
    expect(checkSpeech(sherpa("  "), "1234", false).passed).toBe(true);
    expect(checkSpeech(sherpa(null), "1234", true)).toMatchObject({ passed: false, failCode: "1022" });
  });

  it("in will mode (no digits) passes whatever was recognised", () => {
    const result = checkSpeech(sherpa("我同意"), null, true);
    expect(result).toMatchObject({ passed: true });
    expect(result.detail).toContain("我同意");
  });
});
