import { describe, expect, it } from "vitest";
import type { FrameObservation } from "../../../src/domain/face/types";
import { loadCaptureLimits } from "../shippedLimits";
import type { DescriptorSample } from "../../../src/server/verify/checks/analysis";
import { checkIdentity, checkLiveness, checkPresence, livenessScores, lowestSimilarity } from "../../../src/server/verify/checks/faceChecks";
import { checkReference } from "../../../src/server/verify/checks/referenceCheck";
import { personDescriptor, sameFaceAgain } from "../../face/syntheticDescriptor";
import { frameOf, syntheticFace } from "../../face/syntheticFace";

const { face, verification } = loadCaptureLimits();
const { presence, identity } = verification;

const ONE = () => [syntheticFace()];
const NONE = () => [];
const TWO = () => [syntheticFace(), syntheticFace({ at: { cx: 60, cy: 60, size: 90 } })];

/** `n` frames every `step` ms, each with the faces `at(i)` gives (one face by default). */
function frames(n: number, step: number, at: (i: number) => FrameObservation["faces"] = ONE): FrameObservation[] {
  return Array.from({ length: n }, (_, i) => frameOf(i * step, at(i)));
}
/** Frames i in [from, from + count) get `faces` instead of one face. */
const except = (from: number, count: number, faces: () => FrameObservation["faces"]) => (i: number) => (i >= from && i < from + count ? faces() : ONE());
const presenceOf = (list: FrameObservation[]) => checkPresence(list, face, presence);

describe("checkPresence", () => {
  it("passes one face throughout", () => {
    expect(presence.maxGapMs).toBe(600);
    const result = presenceOf(frames(40, 125));
    expect(result).toMatchObject({ name: "face", passed: true, failCode: "0" });
    expect(result.detail).toContain("one face in 40 of 40 decoded frames (100%)");
  });

  it("forgives a short gap (one frame at 8 fps) but fails a gap longer than maxGapMs, naming its seconds", () => {
    expect(presenceOf(frames(40, 125, except(10, 1, NONE))).passed).toBe(true);
    const gap = presenceOf(frames(40, 125, except(8, 6, NONE)));
    expect(gap).toMatchObject({ passed: false, failCode: "1015" });
    expect(gap.detail).toContain("No face for 0.75 s from 1.00 s");
  });

  it("counts a pause between frames (a frame stream that stopped sending) as a gap", () => {
    const withPause = [...frames(10, 125), ...frames(10, 125).map((f) => ({ ...f, atMs: f.atMs + 125 * 10 + 900 }))];
    const result = presenceOf(withPause);
    expect(result).toMatchObject({ passed: false, failCode: "1015" });
    expect(result.detail).toContain("No frame for 1.02 s from 1.13 s");
  });

  it("puts the limit at maxGapMs exactly (10 fps: six frames is 600 ms)", () => {
    expect(presenceOf(frames(50, 100, except(20, 6, NONE))).passed).toBe(true);
    expect(presenceOf(frames(50, 100, except(20, 7, NONE)))).toMatchObject({ passed: false, failCode: "1015" });
  });

  it("counts a gap at the start, and one at the end up to one frame past the last", () => {
    expect(presenceOf(frames(40, 125, except(0, 5, NONE)))).toMatchObject({ passed: false, failCode: "1015" });
    expect(presenceOf(frames(40, 125, except(0, 4, NONE))).passed).toBe(true);
    const end = presenceOf(frames(40, 125, except(35, 5, NONE)));
    expect(end).toMatchObject({ passed: false, failCode: "1015" });
    expect(end.detail).toContain("No face for 0.63 s from 4.38 s");
  });

  it("fails several faces for longer than the gap with its own code", () => {
    const crowd = presenceOf(frames(40, 125, except(16, 6, TWO)));
    expect(crowd).toMatchObject({ passed: false, failCode: "1016" });
    expect(crowd.detail).toContain("More than one face for 0.75 s from 2.00 s");
    expect(presenceOf(frames(40, 125, except(16, 2, TWO))).passed).toBe(true);
  });

  it("fails a stretch without one face longer than the gap even when no face and several faces take turns", () => {
    // 0.38 s without a face, then 0.38 s with two: 0.75 s in which nobody was alone in the picture.
    const mixed = presenceOf(frames(40, 125, (i) => (i >= 8 && i < 11 ? NONE() : i >= 11 && i < 14 ? TWO() : ONE())));
    expect(mixed).toMatchObject({ passed: false, failCode: "1015" });
    expect(mixed.detail).toContain("0.75 s from 1.00 s");
  });

  it("does not count a detection below the detector's minimum score as a face", () => {
    const weakSecond = () => [syntheticFace(), syntheticFace({ at: { cx: 60 }, score: face.quality.minScore / 2 })];
    expect(presenceOf(frames(40, 125, except(10, 10, weakSecond))).passed).toBe(true);
    const weakOnly = () => [syntheticFace({ score: face.quality.minScore / 2 })];
    expect(presenceOf(frames(40, 125, except(10, 10, weakOnly))).failCode).toBe("1015");
  });

  it("fails when fewer than minFaceShare of the frames show one face, even in short gaps", () => {
    expect(presence.minFaceShare).toBe(0.8);
    // Every fourth frame without a face: 75%, each gap one frame.
    const sparse = presenceOf(frames(40, 125, (i) => (i % 4 === 3 ? NONE() : ONE())));
    expect(sparse).toMatchObject({ passed: false, failCode: "1015" });
    expect(sparse.detail).toContain("Only one face in 30 of 40 decoded frames (75%); at least 80% needed");
    // Every fifth: 80% passes.
    expect(presenceOf(frames(40, 125, (i) => (i % 5 === 4 ? NONE() : ONE()))).passed).toBe(true);
  });

  it("fails without frames, and with a single frame without a face", () => {
    expect(presenceOf([])).toMatchObject({ passed: false, failCode: "1009" });
    expect(presenceOf([frameOf(0, [])])).toMatchObject({ passed: false, failCode: "1015" });
    expect(presenceOf([frameOf(0, ONE())]).passed).toBe(true);
  });
});

const person = personDescriptor(11);
const stranger = personDescriptor(12);
const sample = (atMs: number, descriptor: number[]): DescriptorSample => ({ atMs, descriptor });
/** Four frames of one person at 0, 1, 2, 3 s. */
const samePerson = () => [0, 1000, 2000, 3000].map((t, i) => sample(t, sameFaceAgain(person, 20 + i)));

describe("checkIdentity", () => {
  it("passes the same person throughout and reports the lowest similarity", () => {
    const result = checkIdentity(samePerson(), identity);
    expect(result).toMatchObject({ name: "identity", passed: true });
    expect(result.detail).toContain(`at least ${identity.minSimilarity} required`);
    expect(lowestSimilarity(samePerson())?.similarity).toBeGreaterThan(0.7);
  });

  it("fails when one sampled frame shows someone else, naming the two seconds compared", () => {
    const swapped = samePerson().map((s) => (s.atMs === 2000 ? sample(2000, stranger) : s));
    const result = checkIdentity(swapped, identity);
    expect(result).toMatchObject({ passed: false, failCode: "1020" });
    const worst = lowestSimilarity(swapped);
    expect(worst?.similarity).toBeLessThan(0.4);
    expect([worst?.a, worst?.b]).toContain(2000);
    expect(result.detail).toMatch(/between (\d\.\d\d s) and (\d\.\d\d s)/);
    expect(result.detail.match(/between (.*?) and (.*?)\)/)?.slice(1)).toContain("2.00 s");
    const two = checkIdentity([sample(500, person), sample(4250, stranger)], identity);
    expect(two.detail).toContain("between 0.50 s and 4.25 s");
  });

  it("holds the line at identity.minSimilarity", () => {
    // Distance 9.4 scores (0.8 - 0.47) / 0.6 = 0.55; 9.6 scores 0.53.
    const zero = new Array<number>(1024).fill(0);
    const at = (d: number) => zero.map((v, i) => (i === 0 ? d : v));
    expect(identity.minSimilarity).toBe(0.55);
    expect(checkIdentity([sample(0, zero), sample(1000, at(9.4))], identity).passed).toBe(true);
    expect(checkIdentity([sample(0, zero), sample(1000, at(9.6))], identity).passed).toBe(false);
  });

  it("fails when fewer than two faces could be described (a check that could not run is no pass)", () => {
    expect(checkIdentity([], identity)).toMatchObject({ passed: false, failCode: "1020" });
    const one = checkIdentity([sample(0, person)], identity);
    expect(one).toMatchObject({ passed: false, failCode: "1020" });
    expect(one.detail).toContain("1 frame with one describable face");
  });
});

describe("livenessScores and checkLiveness", () => {
  it("averages the scores of single-face frames only, skipping missing scores", () => {
    const list = [
      frameOf(0, [syntheticFace({ real: 0.8, live: 0.6 })]),
      frameOf(200, [syntheticFace({ real: 0.6, live: null })]),
      frameOf(400, []),
      frameOf(600, [syntheticFace({ real: 0.1, live: 0.1 }), syntheticFace({ at: { cx: 40 }, real: 0.1, live: 0.1 })]),
      frameOf(800, [syntheticFace({ real: 0.1, live: 0.1, score: face.quality.minScore / 2 })]),
    ];
    const scores = livenessScores(list, face);
    expect(scores.frames).toBe(2);
    expect(scores.real).toBeCloseTo(0.7, 9);
    expect(scores.live).toBeCloseTo(0.6, 9);
  });

  it("fails when either mean is below its threshold", () => {
    const t = face.liveness;
    expect(t).toEqual({ minReal: 0.5, minLive: 0.5 });
    expect(checkLiveness({ real: 0.5, live: 0.5, frames: 10 }, t)).toMatchObject({ name: "liveness", passed: true });
    const lowReal = checkLiveness({ real: 0.42, live: 0.9, frames: 10 }, t);
    expect(lowReal).toMatchObject({ passed: false, failCode: "1017" });
    expect(lowReal.detail).toContain("mean anti-spoofing score 0.42 (at least 0.5)");
    expect(checkLiveness({ real: 0.9, live: 0.49, frames: 10 }, t)).toMatchObject({ passed: false, failCode: "1017" });
    const spoof = frames(20, 200, () => [syntheticFace({ real: 0.2, live: 0.9 })]);
    expect(checkLiveness(livenessScores(spoof, face), t).failCode).toBe("1017");
  });

  it("fails when no frame shows exactly one face, or the models gave no score", () => {
    expect(checkLiveness(livenessScores(frames(10, 200, TWO), face), face.liveness)).toMatchObject({ passed: false, failCode: "1017" });
    expect(checkLiveness(livenessScores([], face), face.liveness).passed).toBe(false);
    const unscored = frames(10, 200, () => [syntheticFace({ real: null, live: null })]);
    expect(checkLiveness(livenessScores(unscored, face), face.liveness)).toMatchObject({ passed: false, failCode: "1017" });
  });
});

describe("checkReference", () => {
  const config = verification.reference;

  it("refuses a reference photo without exactly one face", () => {
    for (const faces of [0, 2]) {
      const result = checkReference({ faces, descriptor: null }, samePerson(), config);
      expect(result.outcome).toMatchObject({ name: "reference", passed: false, failCode: "1025" });
      expect(result.similarity).toBeNull();
    }
    expect(checkReference({ faces: 0, descriptor: null }, samePerson(), config).outcome.detail).toBe("The reference photo shows no face; exactly one is needed.");
    expect(checkReference({ faces: 2, descriptor: null }, samePerson(), config).outcome.detail).toBe("The reference photo shows 2 faces; exactly one is needed.");
    const undescribed = checkReference({ faces: 1, descriptor: null }, samePerson(), config).outcome;
    expect(undescribed.failCode).toBe("1025");
    expect(undescribed.detail).toBe("The reference photo shows one face, but it could not be described.");
  });

  it("passes the same person with a high similarity (0-100)", () => {
    const result = checkReference({ faces: 1, descriptor: sameFaceAgain(person, 99) }, samePerson(), config);
    expect(result.outcome).toMatchObject({ passed: true });
    expect(result.similarity).toBeGreaterThanOrEqual(70);
    expect(result.outcome.detail).toContain(`similarity ${result.similarity} (mean over 4 sampled faces`);
  });

  it("fails someone else with 1024, and still reports the similarity", () => {
    const result = checkReference({ faces: 1, descriptor: stranger }, samePerson(), config);
    expect(result.outcome).toMatchObject({ passed: false, failCode: "1024" });
    expect(result.similarity).toBeLessThan(config.minSimilarity);
    expect(result.similarity).toBeGreaterThanOrEqual(0);
    expect(result.outcome.detail).toContain(`similarity ${result.similarity}`);
  });

  it("uses the mean over the sampled faces, and fails when there is none to compare", () => {
    // Exactly 60 and 59: distances giving 0.7 and 0.5 average 0.6; 0.7 and 0.48 average 0.59.
    const zero = new Array<number>(1024).fill(0);
    const at = (d: number) => zero.map((v, i) => (i === 0 ? d : v));
    const d = (s: number) => (0.8 - 0.6 * s) / 0.05;
    expect(config.minSimilarity).toBe(60);
    const sixty = checkReference({ faces: 1, descriptor: zero }, [sample(0, at(d(0.7))), sample(1000, at(d(0.5)))], config);
    expect(sixty).toMatchObject({ similarity: 60, outcome: { passed: true } });
    const below = checkReference({ faces: 1, descriptor: zero }, [sample(0, at(d(0.7))), sample(1000, at(d(0.48)))], config);
    expect(below).toMatchObject({ similarity: 59, outcome: { passed: false, failCode: "1024" } });
    expect(checkReference({ faces: 1, descriptor: zero }, [], config)).toMatchObject({ similarity: null, outcome: { passed: false, failCode: "1024" } });
  });
});
