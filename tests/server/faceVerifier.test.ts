/**
 * The default verifier's face checks with an injected analyzer: each frame's observation is
 * made up (synthetic meshes from tests/face), so every check can be driven to pass and to fail.
 */
import { describe, expect, it } from "vitest";
import type { UploadGuidance } from "../../schemas/api";
import { FaceAnalyzerUnavailableError, FrameRejectedError, type FaceAnalyzer } from "../../src/server/face/faceAnalyzer";
import type { FrameObservation } from "../../src/face/types";
import { loadCaptureLimits } from "../../src/server/limits";
import type { FaceEvidence } from "../../src/server/media/faceChecks";
import type { ProbeResult } from "../../src/server/media/probe";
import { createDefaultVerifier, type VerifyInput, type VerifyResult } from "../../src/server/media/verifier";
import { VERIFY_CODE_STATUS, VERIFY_CODES } from "../../src/server/media/verifyCodes";
import { faceFrames, frameOf, NEUTRAL, syntheticFace } from "../face/syntheticFace";

const limits = loadCaptureLimits();
const KB = 1024;
/** Only the analyzer looks at the bytes, and the fake one ignores them. */
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xd9]);

/** Answers each frame with the observation made up for its atMs; counts the calls. */
function fakeAnalyzer(observations: FrameObservation[]): FaceAnalyzer & { calls: number[] } {
  const byTime = new Map(observations.map((o) => [o.atMs, o]));
  const calls: number[] = [];
  return {
    calls,
    async analyze(_jpeg, atMs) {
      calls.push(atMs);
      const found = byTime.get(atMs);
      if (!found) throw new Error(`no observation made up for ${atMs} ms`);
      return found;
    },
  };
}

function failingAnalyzer(error: Error): FaceAnalyzer {
  return { analyze: async () => Promise.reject(error) };
}

function report(overrides: Partial<UploadGuidance> = {}): UploadGuidance {
  return {
    status: "on",
    reason: null,
    frames: 40,
    medianFrameMs: 60,
    hints: { tooDark: 0, noFace: 2, manyFaces: 0, tooFar: 1, tooClose: 0, offCentre: 0, ok: 37 },
    done: true,
    evidenceAtMs: [],
    ...overrides,
  };
}

function evidence(frames: FrameObservation[], overrides: Partial<FaceEvidence> = {}): FaceEvidence {
  return {
    guidance: true,
    report: report({ evidenceAtMs: frames.map((f) => f.atMs) }),
    frames: frames.map((f) => ({ jpeg: JPEG, atMs: f.atMs })),
    ...overrides,
  };
}

const probe: ProbeResult = { ok: true, container: "webm", durationMs: 3000, hasVideo: true, hasAudio: true, videoFrames: 90 };

function input(face: FaceEvidence, overrides: Partial<VerifyInput> = {}): VerifyInput {
  return { liveType: "1", will: false, actions: [], digits: "4827", probe, bytes: 200 * KB, platform: "ios", face, ...overrides };
}

async function verify(frames: FrameObservation[], overrides: Partial<VerifyInput> = {}, face: Partial<FaceEvidence> = {}) {
  const analyzer = fakeAnalyzer(frames);
  const result = await createDefaultVerifier(limits, analyzer).verify(input(evidence(frames, face), overrides));
  return { result, analyzer };
}

const check = (result: VerifyResult, name: string) => {
  const found = result.checks.find((c) => c.name === name);
  if (!found) throw new Error(`no check ${name} in ${result.checks.map((c) => c.name).join(", ")}`);
  return found;
};

/** Still single faces, 8 fps over 1.5 s (a steady face too). */
const still = (options: Parameters<typeof syntheticFace>[0] = {}) =>
  faceFrames([[0, {}]], { durationMs: 1500 }).map((f) => frameOf(f.atMs, [syntheticFace(options)]));
const BLINK = faceFrames([[0, {}], [500, {}], [600, { eye: 0.03 }], [700, { eye: NEUTRAL.eye }]], { durationMs: 1200 });
const MOUTH_THEN_BLINK = faceFrames(
  [[0, {}], [500, {}], [600, { mouth: 0.6 }], [700, { mouth: NEUTRAL.mouth }], [1200, {}], [1300, { eye: 0.03 }], [1400, { eye: NEUTRAL.eye }]],
  { durationMs: 2000 },
);

describe("face check: one face in every evidence frame", () => {
  it("passes with one face in each frame, analysing every frame at its reported time", async () => {
    const frames = still();
    const { result, analyzer } = await verify(frames);
    expect(result).toMatchObject({ passed: true, code: "0", faceCode: "0" });
    expect(analyzer.calls).toEqual(frames.map((f) => f.atMs));
    expect(check(result, "face")).toMatchObject({ passed: true });
    expect(check(result, "face").detail).toMatch(new RegExp(`One face in each of the ${frames.length} evidence frames`));
    expect(check(result, "face").detail).toMatch(/not checked \(the service decodes no video\)/);
    expect(check(result, "videoFrames").detail).not.toMatch(/no face detection/);
  });

  it("fails with no face in some frames", async () => {
    const frames = still().map((f, i) => (i === 3 || i === 5 ? frameOf(f.atMs, []) : f));
    const { result } = await verify(frames);
    expect(result).toMatchObject({ passed: false, code: VERIFY_CODES.noFace, faceCode: VERIFY_CODES.noFace });
    expect(check(result, "face")).toMatchObject({ passed: false, detail: expect.stringMatching(/^No face in 2 of the 13 evidence frames/) });
  });

  it("a detection below quality.minScore is no face", async () => {
    const { result } = await verify(still({ score: limits.face.quality.minScore / 2 }));
    expect(result.code).toBe(VERIFY_CODES.noFace);
  });

  it("fails with several faces in a frame", async () => {
    const frames = still().map((f, i) => (i === 4 ? frameOf(f.atMs, [syntheticFace(), syntheticFace({ at: { cx: 60 } })]) : f));
    const { result } = await verify(frames);
    expect(result).toMatchObject({ passed: false, code: VERIFY_CODES.severalFaces, faceCode: VERIFY_CODES.severalFaces });
    expect(check(result, "face").detail).toMatch(/^More than one face in 1 of the 13/);
  });
});

describe("liveness check and liveRate", () => {
  it("passes with mean scores above the thresholds; liveRate is 100 × the lower mean", async () => {
    const frames = still({ real: 0.83, live: 0.97 });
    const { result } = await verify(frames);
    expect(result).toMatchObject({ passed: true, liveRate: 83 });
    expect(check(result, "liveness")).toMatchObject({ passed: true });
    expect(check(result, "liveness").detail).toMatch(/anti-spoofing score 0\.83 .*liveness score 0\.97.*liveRate 83 is 100 × the lower/);
  });

  it("fails on a low anti-spoofing score", async () => {
    const { result } = await verify(still({ real: 0.3, live: 0.95 }));
    expect(result).toMatchObject({ passed: false, code: VERIFY_CODES.livenessLow, faceCode: VERIFY_CODES.livenessLow, liveRate: 30 });
    expect(check(result, "face").passed).toBe(true);
    expect(check(result, "liveness").detail).toMatch(/too low/);
  });

  it("fails on a low liveness score", async () => {
    const { result } = await verify(still({ real: 0.9, live: 0.2 }));
    expect(result).toMatchObject({ code: VERIFY_CODES.livenessLow, liveRate: 20 });
  });

  it("fails, with liveRate 0, when no frame was scored", async () => {
    const { result } = await verify(still({ real: null, live: null }));
    expect(result).toMatchObject({ code: VERIFY_CODES.livenessLow, liveRate: 0 });
    expect(check(result, "liveness").detail).toMatch(/No anti-spoofing or liveness score.*liveRate is 0/);
  });

  it("scores only frames with exactly one face", async () => {
    const frames = still({ real: 0.9, live: 0.9 }).map((f, i) =>
      i === 0 ? frameOf(f.atMs, [syntheticFace({ real: 0.1, live: 0.1 }), syntheticFace({ at: { cx: 60 }, real: 0.1, live: 0.1 })]) : f,
    );
    const { result } = await verify(frames);
    expect(result).toMatchObject({ code: VERIFY_CODES.severalFaces, liveRate: 90 });
  });
});

describe("actions check (action mode)", () => {
  const action: Partial<VerifyInput> = { liveType: "2", actions: ["2"], digits: null };

  it("passes when the requested action is seen", async () => {
    const { result } = await verify(BLINK, { ...action, actions: ["2"] });
    expect(result).toMatchObject({ passed: true, faceCode: "0" });
    expect(check(result, "actions")).toMatchObject({ passed: true, detail: expect.stringMatching(/2 blink/) });
    expect(check(result, "challenge").detail).toMatch(/actions check/);
  });

  it("fails when the frames show another action", async () => {
    const { result } = await verify(BLINK, { ...action, actions: ["3"] });
    expect(result).toMatchObject({ passed: false, code: VERIFY_CODES.actionNotDone, faceCode: VERIFY_CODES.actionNotDone });
    expect(check(result, "actions").detail).toMatch(/^Not seen .*3 open mouth/);
  });

  it("passes two actions in the requested order and fails them in the other order", async () => {
    const inOrder = await verify(MOUTH_THEN_BLINK, { ...action, actions: ["3", "2"] });
    expect(check(inOrder.result, "actions")).toMatchObject({ passed: true });
    const reversed = await verify(MOUTH_THEN_BLINK, { ...action, actions: ["2", "3"] });
    expect(reversed.result.code).toBe(VERIFY_CODES.actionNotDone);
    expect(check(reversed.result, "actions").detail).toMatch(/^Seen in order: 2 blink; not seen .*3 open mouth/);
  });

  it("number mode has no actions or steady check", async () => {
    const { result } = await verify(still());
    expect(result.checks.map((c) => c.name).slice(-2)).toEqual(["face", "liveness"]);
  });
});

describe("steady check (silent mode)", () => {
  const silent: Partial<VerifyInput> = { liveType: "3", actions: [], digits: null };

  it("passes when one face is held still", async () => {
    const { result } = await verify(still(), silent);
    expect(result).toMatchObject({ passed: true, faceCode: "0" });
    expect(check(result, "steady")).toMatchObject({ passed: true });
    expect(result.checks.some((c) => c.name === "actions")).toBe(false);
  });

  it("fails when the face keeps moving", async () => {
    const moving = still().map((f, i) => frameOf(f.atMs, [syntheticFace({ at: { cx: 120 + (i % 2) * 80 } })]));
    const { result } = await verify(moving, silent);
    expect(result).toMatchObject({ passed: false, code: VERIFY_CODES.faceNotSteady, faceCode: VERIFY_CODES.faceNotSteady });
    expect(check(result, "steady").detail).toMatch(/held for 1000 ms/);
  });
});

describe("when the face checks cannot run", () => {
  it("guidance off: nothing analysed, the check says the partner turned it off, no faceCode", async () => {
    const { result, analyzer } = await verify(still(), {}, { guidance: false });
    expect(analyzer.calls).toEqual([]);
    expect(result).toMatchObject({ passed: true, liveRate: 100 });
    expect(result).not.toHaveProperty("faceCode");
    expect(check(result, "face").detail).toMatch(/^Not checked: the partner turned face guidance off.*13 evidence frames sent anyway, not analysed/);
    expect(check(result, "face").detail).toMatch(/liveRate 100 is the share of the 6 recording checks that passed \(6\), not a liveness score/);
  });

  it("device could not run guidance: not checked, with the device's reason", async () => {
    const { result } = await verify([], {}, { report: report({ status: "unavailable", reason: "slow" }) });
    expect(result).toMatchObject({ passed: true });
    expect(result).not.toHaveProperty("faceCode");
    expect(check(result, "face").detail).toMatch(/^Not checked: the device could not run face analysis \(slow: the device analysed frames too slowly\)/);
  });

  it("no guidance report at all: not checked", async () => {
    const { result } = await verify([], {}, { report: null });
    expect(result.passed).toBe(true);
    expect(check(result, "face").detail).toMatch(/^Not checked: the upload carried no face guidance report/);
  });

  it("the service's analyzer is unavailable: not checked, never a crash", async () => {
    const verifier = createDefaultVerifier(limits, failingAnalyzer(new FaceAnalyzerUnavailableError("wasm backend failed")));
    const result = await verifier.verify(input(evidence(still())));
    expect(result.passed).toBe(true);
    expect(result).not.toHaveProperty("faceCode");
    expect(check(result, "face").detail).toMatch(/^Not checked: the service's face analyzer is unavailable \(wasm backend failed\); 13 evidence frames received/);
    expect(check(result, "face").detail).toMatch(/not a liveness score/);
  });

  it("guidance on but no evidence frame: fails as evidence missing", async () => {
    const { result } = await verify([], {}, { report: report({ status: "on", frames: 31 }) });
    expect(result).toMatchObject({ passed: false, code: VERIFY_CODES.faceEvidenceMissing, faceCode: VERIFY_CODES.faceEvidenceMissing, liveRate: 100 });
    expect(check(result, "face").detail).toMatch(/^The device ran face guidance \(31 frames analysed there\) but sent no evidence frames/);
  });

  it("the device claims guidance off on an order that has it on: evidence missing", async () => {
    const { result } = await verify([], {}, { report: report({ status: "off" }) });
    expect(result.code).toBe(VERIFY_CODES.faceEvidenceMissing);
  });

  it("a frame the analyzer refuses fails the attempt as unreadable evidence", async () => {
    const verifier = createDefaultVerifier(limits, failingAnalyzer(new FrameRejectedError("not a decodable JPEG: SOI not found")));
    const result = await verifier.verify(input(evidence(still())));
    expect(result).toMatchObject({ passed: false, code: VERIFY_CODES.faceEvidenceUnreadable, faceCode: VERIFY_CODES.faceEvidenceUnreadable });
    expect(check(result, "face").detail).toMatch(/^Evidence frame 1 of 13 \(at 0 ms\) could not be analysed: not a decodable JPEG/);
  });

  it("any other analysis error counts against the frame, not as 'not checked'", async () => {
    const verifier = createDefaultVerifier(limits, failingAnalyzer(new Error("tensor shape mismatch")));
    const result = await verifier.verify(input(evidence(still())));
    expect(result.code).toBe(VERIFY_CODES.faceEvidenceUnreadable);
  });
});

describe("codes", () => {
  it("a recording failure comes first; faceCode still reports the face checks", async () => {
    const { result } = await verify(still().map((f) => frameOf(f.atMs, [])), { probe: { ...probe, durationMs: 9000 } });
    expect(result).toMatchObject({ code: VERIFY_CODES.durationTooLong, faceCode: VERIFY_CODES.noFace });
  });

  it("every face code has its error screen", () => {
    expect({
      missing: VERIFY_CODE_STATUS[VERIFY_CODES.faceEvidenceMissing],
      unreadable: VERIFY_CODE_STATUS[VERIFY_CODES.faceEvidenceUnreadable],
      noFace: VERIFY_CODE_STATUS[VERIFY_CODES.noFace],
      several: VERIFY_CODE_STATUS[VERIFY_CODES.severalFaces],
      liveness: VERIFY_CODE_STATUS[VERIFY_CODES.livenessLow],
      action: VERIFY_CODE_STATUS[VERIFY_CODES.actionNotDone],
      steady: VERIFY_CODE_STATUS[VERIFY_CODES.faceNotSteady],
    }).toEqual({
      missing: "exception",
      unreadable: "exception",
      noFace: "trtc_faceFailed",
      several: "trtc_faceFailed",
      liveness: "trtc_faceFailed",
      action: "trtc_opTimeout",
      steady: "trtc_faceFailed",
    });
    expect(new Set(Object.values(VERIFY_CODES)).size).toBe(Object.values(VERIFY_CODES).length);
  });
});
