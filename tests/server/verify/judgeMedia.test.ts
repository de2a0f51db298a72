import { describe, expect, it } from "vitest";
import type { CapturePrompt } from "../../../schemas/api";
import type { VerifyAsk } from "../../../schemas/verifyJob";
import type { FrameObservation } from "../../../src/domain/face/types";
import { loadCaptureLimits } from "../shippedLimits";
import type { HeardSpeech, MediaAnalysis, SourceFacts } from "../../../src/server/verify/checks/analysis";
import { judgeMedia, notJudged } from "../../../src/server/verify/checks/judgeMedia";
import { performing } from "../../face/actionSequences";
import { personDescriptor, sameFaceAgain } from "../../face/syntheticDescriptor";
import { faceFrames, frameOf, syntheticFace } from "../../face/syntheticFace";
import { checkPlanButPresence, expectRanInOrder, shippedCheckPlan, shippedChecks, withoutPresence } from "./shippedChecks";

const limits = loadCaptureLimits();
const KB = 1024;

/** A 30 fps WebM of `durationMs` as the decoder probed it. */
function recording(durationMs: number, audio = true): SourceFacts {
  return {
    kind: "recording",
    bytes: 400 * KB,
    probe: {
      format: "matroska,webm",
      durationMs,
      video: { codec: "vp8", width: 640, height: 480, rotation: 0, frames: Math.round((durationMs * 30) / 1000) + 1 },
      audio: audio ? { codec: "opus", sampleRate: 48000, channels: 1 } : null,
    },
  };
}
const stream = (frames: FrameObservation[]): SourceFacts => ({ kind: "frames", frames: frames.length, bytes: frames.length * 20 * KB, durationMs: frames.at(-1)?.atMs ?? 0 });

const person = personDescriptor(5);
const samplesOver = (durationMs: number) => [0, 1, 2, 3].map((k) => ({ atMs: Math.round((k * durationMs) / 4), descriptor: sameFaceAgain(person, 10 + k) }));
const still = (durationMs: number) => faceFrames([[0, {}]], { durationMs, fps: 5, noise: 1 });
const voice = (segments: [number, number][], extra: Partial<HeardSpeech> = {}): HeardSpeech => ({
  present: true, segments: segments.map(([startMs, endMs]) => ({ startMs, endMs })), transcript: null, recognizer: null, ...extra,
});

function analysisOf(frames: FrameObservation[], durationMs: number, patch: Partial<MediaAnalysis> = {}): MediaAnalysis {
  return { source: recording(durationMs), frames, samples: samplesOver(durationMs), reference: null, speech: null, signals: [], mouth: [], cuts: { atMs: [], described: 0, found: 0 }, audio: null, ...patch };
}
const ask = (patch: Partial<VerifyAsk>): VerifyAsk => ({ liveType: "3", actions: [], digits: null, will: null, prompts: [], requireSpeech: false, light: null, lightShown: [], lightAlternative: false, ...patch });
/**
 * The shipped lists without the presentation-attack checks (frozen, light, lipSync): these tests
 * are about every other check's order and codes, on observations without the pixel signals those
 * judge (their own tests: tests/server/verify/liveness/). The last describe judges with the shipped plan.
 */
const judge = (analysis: MediaAnalysis, asked: VerifyAsk) => judgeMedia(analysis, asked, "other", limits, checkPlanButPresence);
const names = (result: ReturnType<typeof judge>) => result.checks.map((c) => c.name);
/** The lists judge() uses: the shipped ones without the presentation checks. */
const lists = withoutPresence(shippedChecks);
const failing = (result: ReturnType<typeof judge>) => result.checks.filter((c) => !c.passed).map((c) => c.name);

const RECORDING = ["media", "duration", "size", "frameRate", "face", "identity", "liveness"];
const SPOKEN = ["voice", "faceWhileSpeaking", "speechPresent"];
const SILENT = ask({ liveType: "3" });
const NUMBER = ask({ liveType: "1", digits: "1234", prompts: [{ what: "digits", atMs: 500 }] });
const ACTION = ask({ liveType: "2", actions: ["1", "2"], prompts: [{ what: "action", action: "1", atMs: 0 }, { what: "action", action: "2", atMs: 2200 }] });
const question = (atMs: number): CapturePrompt => ({ what: "question", atMs });
const WILL_NOD = ask({ liveType: "3", will: { question: "您是否同意？", nod: true }, prompts: [question(1000)] });

describe("judgeMedia by mode", () => {
  it("silent mode: the recording and face checks, then steady", () => {
    const result = judge(analysisOf(still(3000), 3000), SILENT);
    expectRanInOrder(names(result), lists.live["3"], [...RECORDING, "steady"]);
    expect(names(result)).not.toContain("reference");
    expect(result).toMatchObject({ passed: true, code: "0", faceCode: "0", willCode: null, similarity: null, liveRate: 90 });
    expect(result.checks.every((c) => c.detail.length > 0)).toBe(true);
  });

  it("number mode: voice, face while speaking and speech after the face checks", () => {
    const result = judge(analysisOf(still(3000), 3000, { speech: voice([[800, 2400]]) }), NUMBER);
    expectRanInOrder(names(result), lists.live["1"], [...RECORDING, ...SPOKEN]);
    expect(result).toMatchObject({ passed: true, code: "0", willCode: null });
    expect(result.checks.at(-1)?.detail).toContain("content not recognised");
  });

  it("action mode: the actions after the face checks", () => {
    const frames = performing([["1", 500], ["2", 2500]], { durationMs: 4000 });
    const result = judge(analysisOf(frames, 4000), ACTION);
    expectRanInOrder(names(result), lists.live["2"], [...RECORDING, "actions"]);
    expect(result).toMatchObject({ passed: true, code: "0" });
  });

  it("will mode with a nod: the live type's own check, then the nod and the spoken checks", () => {
    const frames = performing([["4", 2000]], { durationMs: 4000 });
    const result = judge(analysisOf(frames, 4000, { speech: voice([[1200, 1900]]) }), WILL_NOD);
    expectRanInOrder(names(result), lists.will["3"], [...RECORDING, "steady", "nod", ...SPOKEN]);
    expect(result).toMatchObject({ passed: true, code: "0", willCode: "0", faceCode: "0" });
    // Without a nod asked there is no nod check.
    const spoken = judge(analysisOf(still(4000), 4000, { speech: voice([[1200, 1900]]) }), { ...WILL_NOD, will: { question: "?", nod: false } });
    expectRanInOrder(names(spoken), lists.will["3"], [...RECORDING, "steady", ...SPOKEN]);
    expect(names(spoken)).not.toContain("nod");
    expect(spoken.willCode).toBe("0");
  });

  it("a reference photo adds its check after liveness, with the similarity", () => {
    const reference = { faces: 1, descriptor: sameFaceAgain(person, 77) };
    const result = judge(analysisOf(still(3000), 3000, { reference }), SILENT);
    expectRanInOrder(names(result), lists.live["3"], [...RECORDING, "reference", "steady"]);
    expect(result.passed).toBe(true);
    expect(result.similarity).toBeGreaterThanOrEqual(limits.verification.reference.minSimilarity);
  });

  it("a frame stream has no size check, and in number mode (no sound) fails on voice", () => {
    const frames = still(3000);
    const silent = judge(analysisOf(frames, 3000, { source: stream(frames) }), SILENT);
    expectRanInOrder(names(silent), lists.live["3"], RECORDING.filter((n) => n !== "size").concat("steady"));
    expect(names(silent)).not.toContain("size");
    expect(silent.passed).toBe(true);
    const number = judge(analysisOf(frames, 3000, { source: stream(frames), speech: null }), NUMBER);
    expect(number).toMatchObject({ passed: false, code: "1008", faceCode: "0" });
    expect(failing(number)).toEqual(["voice"]);
    // The later spoken checks cannot run without a voice: they are not listed as passed.
    expect(names(number).filter((n) => SPOKEN.includes(n))).toEqual(["voice"]);
  });
});

describe("judgeMedia codes", () => {
  it("gives the first failing check's code, and faceCode the first failing face check's", () => {
    // Too short for number mode (1003), and a second person for a second (1016).
    const frames = still(1500).map((f) => (f.atMs >= 400 && f.atMs < 1400 ? frameOf(f.atMs, [syntheticFace(), syntheticFace({ at: { cx: 60 } })]) : f));
    const result = judge(analysisOf(frames, 1500, { speech: voice([[600, 1400]]) }), NUMBER);
    expect(failing(result)).toEqual(["duration", "face", "faceWhileSpeaking"]);
    expect(result).toMatchObject({ passed: false, code: "1003", faceCode: "1016", willCode: null });
  });

  it("faceCode covers face, identity, liveness and reference, not the mode's challenge", () => {
    const moving = still(3000).map((f, i) => ({ ...f, faces: [syntheticFace({ at: { cx: i % 2 ? 130 : 190 } })] }));
    expect(judge(analysisOf(moving, 3000), SILENT)).toMatchObject({ code: "1019", faceCode: "0" });
    const stranger = { faces: 1, descriptor: personDescriptor(6) };
    const notThem = judge(analysisOf(still(3000), 3000, { reference: stranger }), SILENT);
    expect(notThem).toMatchObject({ code: "1024", faceCode: "1024" });
    expect(notThem.similarity).toBeLessThan(limits.verification.reference.minSimilarity);
    expect(judge(analysisOf(still(3000), 3000, { reference: { faces: 2, descriptor: null } }), SILENT)).toMatchObject({ code: "1025", faceCode: "1025", similarity: null });
    const swapped = samplesOver(3000).map((s, i) => (i === 2 ? { ...s, descriptor: personDescriptor(6) } : s));
    expect(judge(analysisOf(still(3000), 3000, { samples: swapped }), SILENT)).toMatchObject({ code: "1020", faceCode: "1020" });
    expect(judge(analysisOf(still(3000), 3000, { samples: [] }), SILENT)).toMatchObject({ code: "1020", faceCode: "1020" });
  });

  it("liveRate is round(100 × min(mean real, mean live)), failing liveness below the thresholds", () => {
    const scored = (real: number, live: number) => still(3000).map((f) => frameOf(f.atMs, [syntheticFace({ real, live })]));
    expect(judge(analysisOf(scored(0.83, 0.776), 3000), SILENT)).toMatchObject({ passed: true, liveRate: 78 });
    expect(judge(analysisOf(scored(0.6, 0.914), 3000), SILENT).liveRate).toBe(60);
    const spoof = judge(analysisOf(scored(0.31, 0.9), 3000), SILENT);
    expect(spoof).toMatchObject({ passed: false, code: "1017", faceCode: "1017", liveRate: 31 });
    const nobody = judge(analysisOf(still(3000).map((f) => frameOf(f.atMs, [])), 3000, { samples: [] }), SILENT);
    expect(nobody).toMatchObject({ code: "1015", liveRate: 0 });
  });

  it("action mode fails (1018) an action done before its prompt", () => {
    const frames = performing([["1", 500], ["2", 2500]], { durationMs: 4000 });
    const late: VerifyAsk = { ...ACTION, prompts: [{ what: "action", action: "1", atMs: 0 }, { what: "action", action: "2", atMs: 3000 }] };
    expect(judge(analysisOf(frames, 4000), late)).toMatchObject({ passed: false, code: "1018", faceCode: "0" });
  });

  it("number mode without issued digits fails (1011): there was nothing to read", () => {
    const result = judge(analysisOf(still(3000), 3000, { speech: voice([[800, 2400]]) }), { ...NUMBER, digits: null });
    expect(result).toMatchObject({ passed: false, code: "1011" });
    expect(failing(result)).toEqual(["challenge"]);
  });

  it("number mode fails (1021) speech heard only before the digits were shown, and (1023) other digits", () => {
    const early = judge(analysisOf(still(3000), 3000, { speech: voice([[0, 450]]) }), NUMBER);
    expect(early).toMatchObject({ code: "1021", willCode: null });
    const recognised = (transcript: string) => voice([[800, 2400]], { recognizer: "test", transcript });
    expect(judge(analysisOf(still(3000), 3000, { speech: recognised("幺二三四") }), NUMBER)).toMatchObject({ passed: true, code: "0" });
    expect(judge(analysisOf(still(3000), 3000, { speech: recognised("一二三五") }), NUMBER)).toMatchObject({ passed: false, code: "1023" });
    expect(judge(analysisOf(still(3000), 3000, { speech: voice([[800, 2400]]) }), { ...NUMBER, requireSpeech: true })).toMatchObject({ code: "1022" });
  });

  it("will mode: willCode is the first failing spoken check's, the nod included", () => {
    const frames = performing([["4", 2000]], { durationMs: 4000 });
    const quiet = judge(analysisOf(frames, 4000, { speech: voice([[200, 900]]) }), WILL_NOD);
    expect(quiet).toMatchObject({ code: "1021", willCode: "1021", faceCode: "0" });
    const noSound = judge(analysisOf(frames, 4000, { source: recording(4000, false), speech: { present: false, segments: [], transcript: null, recognizer: null } }), WILL_NOD);
    expect(noSound).toMatchObject({ code: "1008", willCode: "1008" });
    const noNod = judge(analysisOf(still(4000), 4000, { speech: voice([[1200, 1900]]) }), WILL_NOD);
    expect(noNod).toMatchObject({ code: "1018", willCode: "1018" });
    expect(failing(noNod)).toEqual(["nod"]);
  });

  it("will mode: a nod before the question was shown does not answer it", () => {
    const frames = performing([["4", 1000]], { durationMs: 4000 });
    const speech = voice([[3200, 3900]]);
    const asked = (atMs: number): VerifyAsk => ({ ...WILL_NOD, prompts: [question(atMs)] });
    expect(judge(analysisOf(frames, 4000, { speech }), asked(500))).toMatchObject({ passed: true, willCode: "0" });
    const before = judge(analysisOf(frames, 4000, { speech }), asked(3000));
    expect(before).toMatchObject({ passed: false, code: "1018", willCode: "1018" });
    expect(before.checks.find((c) => c.name === "nod")?.detail).toContain("prompted at 3.00 s");
  });
});

describe("the shipped lists' presentation checks", () => {
  const shipped = (analysis: MediaAnalysis, asked: VerifyAsk) => judgeMedia(analysis, asked, "other", limits, shippedCheckPlan);

  it("run frozen after the face checks in every mode and light before silent and action mode's own check", () => {
    const silent = shipped(analysisOf(still(3000), 3000), SILENT);
    expectRanInOrder(names(silent), shippedChecks.live["3"], [...RECORDING, "frozen", "light", "steady"]);
    const action = shipped(analysisOf(performing([["1", 500], ["2", 2500]], { durationMs: 4000 }), 4000), ACTION);
    expectRanInOrder(names(action), shippedChecks.live["2"], [...RECORDING, "frozen", "light", "actions"]);
    const number = shipped(analysisOf(still(3000), 3000, { speech: voice([[800, 2400]]) }), NUMBER);
    expectRanInOrder(names(number), shippedChecks.live["1"], [...RECORDING, "frozen", "light"]);
  });

  it("judge the light's alternative route by every check of its mode but the light", () => {
    const analysis = analysisOf(still(3000), 3000, { speech: voice([[800, 2400]]) });
    const listed = shippedChecks.live["1"].filter((name) => name !== "light");
    const optOut = shipped(analysis, { ...NUMBER, lightAlternative: true });
    expectRanInOrder(names(optOut), listed, [...RECORDING, "frozen", "voice"]);
    expect(names(optOut)).not.toContain("light");
    // Still judged: the still fails frozen (1033) as it does with the light.
    expect(optOut).toMatchObject({ passed: false, code: "1033" });
  });

  it("a recording without a camera's frame signals (what a still's observations are) fails frozen (1033) first, a face code", () => {
    const result = shipped(analysisOf(still(3000), 3000), SILENT);
    expect(result).toMatchObject({ passed: false, code: "1033", faceCode: "1033" });
    expect(failing(result)[0]).toBe("frozen");
  });
});

describe("notJudged", () => {
  it("is a failure with the given code everywhere, never a pass", () => {
    expect(notJudged("1026", "media", "The decoder is unavailable.", true)).toEqual({
      passed: false, code: "1026", liveRate: 0, faceCode: "1026", willCode: "1026", similarity: null,
      checks: [{ name: "media", passed: false, detail: "The decoder is unavailable." }],
    });
    expect(notJudged("1001", "media", "x", false).willCode).toBeNull();
  });
});
