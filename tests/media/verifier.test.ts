import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { captureFileSchema } from "../../schemas/capture";
import { createDefaultVerifier, type VerifyInput, type VerifyResult } from "../../src/server/media/verifier";
import { VERIFY_CODES } from "../../src/server/media/verifyCodes";
import { probeRecording, type ProbeResult } from "../../src/server/media/probe";
import { buildMp4, buildWebm } from "./fixtures";

const capture = z.parse(captureFileSchema, JSON.parse(readFileSync(new URL("../../flows/capture.json", import.meta.url), "utf8")));
const verifier = createDefaultVerifier(capture);
const KB = 1024;

function probe(overrides: Partial<Extract<ProbeResult, { ok: true }>> = {}): ProbeResult {
  return { ok: true, container: "webm", durationMs: 3000, hasVideo: true, hasAudio: true, videoFrames: 90, ...overrides };
}

function input(overrides: Partial<VerifyInput> = {}): VerifyInput {
  return { liveType: "1", will: false, actions: [], digits: "4827", probe: probe(), bytes: 200 * KB, platform: "ios", ...overrides };
}

const check = (result: VerifyResult, name: string) => {
  const found = result.checks.find((c) => c.name === name);
  if (!found) throw new Error(`no check ${name} in ${result.checks.map((c) => c.name).join(", ")}`);
  return found;
};

describe("flows/capture.json", () => {
  it("parses and carries the spec §5 limits", () => {
    expect(capture.durationMs.number).toEqual({ min: 2000, max: 5000 });
    expect(capture.durationMs.action).toEqual({ min: 1000, max: 3000, maxMultipleActions: 5000 });
    expect(capture.durationMs.will.min).toBe(1000);
    expect(capture.sizeKB).toMatchObject({ min: { ios: 150, android: 50 }, zip: 1536 });
    expect(capture.frontErrorThreshold).toBe(2);
    expect(capture.prePictures.action).toEqual({ wx: 8, h5: 9 });
    expect(capture.prePictures.silent).toEqual({ wx: 5, h5: 5 });
    expect(capture.waveTimeoutMs).toBe(15000);
    expect(capture.modeOrder.default[0]).toBe("trtc");
    expect(capture.modeOrder.prioriWs[0]).toBe("ws");
  });

  it("rejects inconsistent limits", () => {
    const broken = { ...capture, frameRate: { min: 30, max: 5 } };
    expect(z.safeParse(captureFileSchema, broken).success).toBe(false);
    const dup = { ...capture, modeOrder: { ...capture.modeOrder, default: ["trtc", "trtc"] } };
    expect(z.safeParse(captureFileSchema, dup).success).toBe(false);
  });
});

describe("default verifier", () => {
  it("passes a good number-mode recording, says what it did not check, and claims no face result", async () => {
    const result = await verifier.verify(input());
    expect(result).toMatchObject({ passed: true, code: "0", liveRate: 100 });
    expect(result.checks.map((c) => c.name)).toEqual(["container", "duration", "size", "videoTrack", "videoFrames", "challenge"]);
    expect(result.checks.every((c) => c.passed)).toBe(true);
    expect(check(result, "challenge").detail).toMatch(/4827.*Not checked/);
    expect(check(result, "videoFrames").detail).toMatch(/no face detection/);
    expect(result).not.toHaveProperty("faceCode");
    expect(result).not.toHaveProperty("similarity");
    expect(result).not.toHaveProperty("willCode");
    expect(verifier.name).toBeTruthy();
  });

  it("fails an unreadable file with the container code and marks probe-based checks as not checked", async () => {
    const result = await verifier.verify(input({ probe: { ok: false, reason: "unrecognised container" } }));
    expect(result.passed).toBe(false);
    expect(result.code).toBe(VERIFY_CODES.containerUnreadable);
    expect(check(result, "container").detail).toMatch(/unrecognised container/);
    expect(check(result, "duration")).toMatchObject({ passed: false, detail: expect.stringMatching(/Not checked/) });
    // size and challenge still passed: 2 of 6 checks
    expect(result.liveRate).toBe(33);
  });

  describe("duration", () => {
    const cases: [string, Partial<VerifyInput>, number, string][] = [
      ["number too short", { liveType: "1" }, 1500, VERIFY_CODES.durationTooShort],
      ["number too long", { liveType: "1" }, 5600, VERIFY_CODES.durationTooLong],
      ["number within tolerance", { liveType: "1" }, 5200, VERIFY_CODES.passed],
      ["single action too long", { liveType: "2", actions: ["2"], digits: null }, 3500, VERIFY_CODES.durationTooLong],
      ["two actions may take 5 s", { liveType: "2", actions: ["2", "3"], digits: null }, 4500, VERIFY_CODES.passed],
      ["action too short", { liveType: "2", actions: ["1"], digits: null }, 600, VERIFY_CODES.durationTooShort],
      ["will uses its own window", { liveType: "1", will: true }, 1200, VERIFY_CODES.passed],
      ["will too short", { liveType: "1", will: true }, 500, VERIFY_CODES.durationTooShort],
    ];
    for (const [name, overrides, durationMs, code] of cases) {
      it(name, async () => {
        const frames = Math.round((durationMs / 1000) * 30);
        const result = await verifier.verify(input({ ...overrides, probe: probe({ durationMs, videoFrames: frames }) }));
        expect(result.code).toBe(code);
        expect(check(result, "duration").passed).toBe(code === VERIFY_CODES.passed);
      });
    }

    it("fails when no duration is known", async () => {
      const result = await verifier.verify(input({ probe: probe({ durationMs: null }) }));
      expect(result.code).toBe(VERIFY_CODES.durationUnknown);
      expect(check(result, "videoFrames").passed).toBe(false);
    });
  });

  describe("size", () => {
    it("applies the platform minimum in KB", async () => {
      expect((await verifier.verify(input({ bytes: 100 * KB, platform: "ios" }))).code).toBe(VERIFY_CODES.sizeTooSmall);
      expect((await verifier.verify(input({ bytes: 100 * KB, platform: "android" }))).code).toBe(VERIFY_CODES.passed);
      expect((await verifier.verify(input({ bytes: 40 * KB, platform: "other" }))).code).toBe(VERIFY_CODES.sizeTooSmall);
    });

    it("rejects anything above the zip size", async () => {
      expect((await verifier.verify(input({ bytes: 1536 * KB }))).code).toBe(VERIFY_CODES.passed);
      const result = await verifier.verify(input({ bytes: 1536 * KB + 1 }));
      expect(result.code).toBe(VERIFY_CODES.sizeTooLarge);
      expect(check(result, "size").detail).toMatch(/1536 KB/);
    });
  });

  it("fails a file without a video track", async () => {
    const result = await verifier.verify(input({ probe: probe({ hasVideo: false, videoFrames: 0 }) }));
    expect(result.code).toBe(VERIFY_CODES.noVideoTrack);
  });

  describe("will mode audio", () => {
    it("requires an audio track and reports willCode from it", async () => {
      const silent = await verifier.verify(input({ will: true, probe: probe({ hasAudio: false }) }));
      expect([silent.code, silent.willCode]).toEqual([VERIFY_CODES.noAudioTrack, VERIFY_CODES.noAudioTrack]);
      const spoken = await verifier.verify(input({ will: true }));
      expect([spoken.code, spoken.willCode]).toEqual(["0", "0"]);
      expect(check(spoken, "audioTrack").detail).toMatch(/no speech recognition/);
    });

    it("does not ask for audio outside will mode", async () => {
      const result = await verifier.verify(input({ probe: probe({ hasAudio: false }) }));
      expect(result.passed).toBe(true);
      expect(result.checks.some((c) => c.name === "audioTrack")).toBe(false);
    });
  });

  describe("video frames", () => {
    it("fails when there are none", async () => {
      expect((await verifier.verify(input({ probe: probe({ videoFrames: 0 }) }))).code).toBe(VERIFY_CODES.noVideoFrames);
    });

    it("fails an implausibly low or high frame rate", async () => {
      expect((await verifier.verify(input({ probe: probe({ videoFrames: 3 }) }))).code).toBe(VERIFY_CODES.implausibleFrameRate);
      expect((await verifier.verify(input({ probe: probe({ videoFrames: 3000 }) }))).code).toBe(VERIFY_CODES.implausibleFrameRate);
    });
  });

  describe("requested challenge", () => {
    it("needs digits issued in number mode", async () => {
      expect((await verifier.verify(input({ digits: null }))).code).toBe(VERIFY_CODES.digitsNotIssued);
      expect((await verifier.verify(input({ digits: "12a4" }))).code).toBe(VERIFY_CODES.digitsNotIssued);
    });

    it("needs valid actions in action mode", async () => {
      const base = { liveType: "2" as const, digits: null, probe: probe({ durationMs: 2000, videoFrames: 60 }) };
      expect((await verifier.verify(input({ ...base, actions: [] }))).code).toBe(VERIFY_CODES.actionsNotIssued);
      expect((await verifier.verify(input({ ...base, actions: ["2", "9"] }))).code).toBe(VERIFY_CODES.actionsNotIssued);
      const ok = await verifier.verify(input({ ...base, actions: ["2", "4"] }));
      expect(ok.code).toBe("0");
      expect(check(ok, "challenge").detail).toMatch(/2 blink, 4 nod/);
    });

    it("asks for nothing in silent mode", async () => {
      const result = await verifier.verify(input({ liveType: "3", digits: null, probe: probe({ durationMs: 2000, videoFrames: 50 }) }));
      expect(result.code).toBe("0");
    });
  });

  it("reports the first failing check's code and the share of passed checks", async () => {
    const result = await verifier.verify(input({ bytes: 10 * KB, digits: null }));
    expect(result.code).toBe(VERIFY_CODES.sizeTooSmall);
    expect(result.checks.filter((c) => !c.passed).map((c) => c.name)).toEqual(["size", "challenge"]);
    expect(result.liveRate).toBe(67);
  });

  it("judges probed recordings end to end", async () => {
    const webm = probeRecording(buildWebm({ durationMs: 2500, videoFps: 30 }));
    expect((await verifier.verify(input({ liveType: "2", actions: ["2"], digits: null, probe: webm }))).code).toBe(
      VERIFY_CODES.passed,
    );
    const mp4 = probeRecording(buildMp4({ durationMs: 3000, fragmented: true, audioSampleMs: null }));
    expect((await verifier.verify(input({ will: true, probe: mp4 }))).code).toBe(VERIFY_CODES.noAudioTrack);
  });
});
