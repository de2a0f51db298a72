// Silero VAD v5 through sherpa-onnx-node on audio made at run time: espeak-ng's Mandarin
// voice against silence, tones and noise. Figures measured on this machine (5 s clips): no
// segment in silence, 200/440 Hz tones, or white, pink and brown noise up to about -14 dBFS;
// espeak's speech found from -64 dBFS up, and in white noise at about 0 dB SNR.
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SpeechSetupError } from "../../../src/server/speech/sherpaAddon";
import { createVoiceActivityDetector, resolveSileroModelPath, type VoiceActivityDetector } from "../../../src/server/speech/voiceActivity";
import type { VoiceSegment } from "../../../src/server/verify/mediaTypes";
import { createAudioMaker, mix, type AudioMaker } from "./speechAudio";

const DIGITS = "一 二 三 四";
// espeak says 一 二 三 四 in about 1.28 s (first to last sample above 0.01).
const SPOKEN_MS = 1275;
// Silero judges 32 ms windows; sherpa pads a segment by a window or two either side.
const SLACK_MS = 128;

let maker: AudioMaker;
let detector: VoiceActivityDetector;

beforeAll(async () => {
  maker = await createAudioMaker();
  detector = createVoiceActivityDetector({ threshold: 0.5 });
});
afterAll(() => maker?.remove());

const totalMs = (segments: VoiceSegment[]) => segments.reduce((sum, s) => sum + s.endMs - s.startMs, 0);

function expectOrderedWithin(segments: VoiceSegment[], clipMs: number) {
  let previousEnd = 0;
  for (const s of segments) {
    expect(s.startMs).toBeGreaterThanOrEqual(previousEnd);
    expect(s.endMs).toBeGreaterThan(s.startMs);
    expect(s.endMs).toBeLessThanOrEqual(clipMs);
    previousEnd = s.endMs;
  }
}

describe("speech", () => {
  it("finds espeak's Mandarin digits where they are in the clip", async () => {
    const segments = detector.detect(await maker.speech(DIGITS, { leadMs: 500, totalMs: 5000 }));
    expect(segments.length).toBeGreaterThan(0);
    expectOrderedWithin(segments, 5000);
    expect(segments[0]!.startMs).toBeGreaterThanOrEqual(500 - SLACK_MS);
    expect(segments[0]!.startMs).toBeLessThanOrEqual(500 + SLACK_MS);
    expect(segments.at(-1)!.endMs).toBeGreaterThanOrEqual(500 + SPOKEN_MS - SLACK_MS);
    expect(segments.at(-1)!.endMs).toBeLessThanOrEqual(500 + SPOKEN_MS + 3 * SLACK_MS);
    expect(totalMs(segments)).toBeGreaterThan(1000);
  });

  it("shifts the segments by the silence before the speech (speech at 2 s)", async () => {
    const atStart = detector.detect(await maker.speech(DIGITS, { leadMs: 0, totalMs: 5000 }));
    const atTwo = detector.detect(await maker.speech(DIGITS, { leadMs: 2000, totalMs: 5000 }));
    expect(atStart.length).toBeGreaterThan(0);
    expect(atTwo).toHaveLength(atStart.length);
    atTwo.forEach((s, i) => {
      expect(Math.abs(s.startMs - 2000 - atStart[i]!.startMs)).toBeLessThanOrEqual(64);
      expect(Math.abs(s.endMs - 2000 - atStart[i]!.endMs)).toBeLessThanOrEqual(64);
    });
    expect(atTwo[0]!.startMs).toBeGreaterThanOrEqual(2000 - SLACK_MS);
  });

  it("finds a spoken consent (will mode)", async () => {
    const segments = detector.detect(await maker.speech("我同意", { leadMs: 1000, totalMs: 4000 }));
    expect(totalMs(segments)).toBeGreaterThan(500);
    expect(segments[0]!.startMs).toBeGreaterThanOrEqual(1000 - SLACK_MS);
  });

  it("still finds the speech under white noise at about 10 dB below it", async () => {
    const speech = await maker.speech(DIGITS, { leadMs: 2000, totalMs: 5000 });
    const noise = await maker.lavfi("anoisesrc=color=white:amplitude=0.1", 5000);
    const segments = detector.detect(mix(speech, noise));
    expect(segments.length).toBeGreaterThan(0);
    expect(segments[0]!.startMs).toBeGreaterThanOrEqual(2000 - SLACK_MS);
    expect(segments.at(-1)!.endMs).toBeLessThanOrEqual(2000 + SPOKEN_MS + 3 * SLACK_MS);
  });

  it("ends speech still going at the end of the clip at the clip's end", async () => {
    const speech = await maker.speech(DIGITS, { leadMs: 2000, totalMs: 5000 });
    const cut = speech.subarray(0, 16 * 2800);
    const segments = detector.detect(cut);
    expect(segments.length).toBeGreaterThan(0);
    expect(segments.at(-1)!.endMs).toBeGreaterThanOrEqual(2700);
    expect(segments.at(-1)!.endMs).toBeLessThanOrEqual(2800);
  });
});

describe("no speech", () => {
  const cases: [string, string][] = [
    ["silence", "anullsrc=channel_layout=mono"],
    ["a 440 Hz tone", "sine=frequency=440"],
    ["a loud 440 Hz tone (-5 dBFS)", "sine=frequency=440,volume=6"],
    ["a 200 Hz hum", "sine=frequency=200"],
    ["white noise at -30 dBFS", "anoisesrc=color=white:amplitude=0.1"],
    ["white noise at -20 dBFS", "anoisesrc=color=white:amplitude=0.3"],
    ["pink noise at -25 dBFS", "anoisesrc=color=pink:amplitude=0.3"],
    ["brown noise at -24 dBFS", "anoisesrc=color=brown:amplitude=0.3"],
  ];
  it.each(cases)("finds none in %s", async (_, source) => {
    expect(detector.detect(await maker.lavfi(source, 5000))).toEqual([]);
  });

  it("finds none in no samples or less than one window", () => {
    expect(detector.detect(new Float32Array(0))).toEqual([]);
    expect(detector.detect(new Float32Array(100))).toEqual([]);
  });
});

describe("one detector for many clips", () => {
  it("gives the same answer for a clip after others, including one cut mid-speech", async () => {
    const speech = await maker.speech(DIGITS, { leadMs: 2000, totalMs: 5000 });
    const first = detector.detect(speech);
    detector.detect(speech.subarray(0, 16 * 2800));
    detector.detect(await maker.lavfi("anoisesrc=color=white:amplitude=0.3", 3000));
    expect(detector.detect(speech)).toEqual(first);
  });

  it("takes well under half a second for a 5 s clip", async () => {
    const speech = await maker.speech(DIGITS, { leadMs: 2000, totalMs: 5000 });
    const started = performance.now();
    detector.detect(speech);
    // Measured 15-110 ms on 2 busy cores; the bound leaves room for a slow CI machine.
    expect(performance.now() - started).toBeLessThan(500);
  });

  it("refuses samples that are not a Float32Array", () => {
    expect(() => detector.detect([0, 0, 0] as unknown as Float32Array)).toThrow(TypeError);
  });
});

describe("setup", () => {
  it("finds the Silero v5 model in @ricky0123/vad-web", () => {
    expect(resolveSileroModelPath()).toMatch(/@ricky0123[/\\]vad-web[/\\]dist[/\\]silero_vad_v5\.onnx$/);
  });

  it("fails loudly, without reaching sherpa, for a missing or wrong model file", () => {
    // sherpa would log and find no speech ever (missing) or abort the process (not ONNX).
    expect(() => createVoiceActivityDetector({ modelPath: "/nowhere/silero.onnx" })).toThrow(SpeechSetupError);
    expect(() => createVoiceActivityDetector({ modelPath: "/nowhere/silero.onnx" })).toThrow(/\/nowhere\/silero\.onnx cannot be read/);
    expect(() => createVoiceActivityDetector({ modelPath: join(process.cwd(), "package.json") })).toThrow(/is not an ONNX model/);
  });

  it("refuses options out of range", () => {
    expect(() => createVoiceActivityDetector({ threshold: 1.5 })).toThrow();
    expect(() => createVoiceActivityDetector({ minSilenceMs: -1 })).toThrow();
  });
});
