import { describe, expect, it } from "vitest";
import { loadCaptureLimits } from "../shippedLimits";
import type { RecordingKind } from "../../../src/server/media/captureLimits";
import type { SourceFacts } from "../../../src/server/verify/checks/analysis";
import { checkDuration, checkFrameRate, checkMedia, checkSize } from "../../../src/server/verify/checks/recordingChecks";
import type { MediaProbe } from "../../../src/server/verify/mediaTypes";

const limits = loadCaptureLimits();
const tolerance = limits.durationMs.toleranceMs;
const KB = 1024;

const PROBE: MediaProbe = {
  format: "matroska,webm",
  durationMs: 3000,
  video: { codec: "vp8", width: 640, height: 480, rotation: 0, frames: 91 },
  audio: { codec: "opus", sampleRate: 48000, channels: 1 },
};
function recording(probe: Partial<MediaProbe> = {}, bytes = 400 * KB): SourceFacts {
  return { kind: "recording", probe: { ...PROBE, ...probe }, bytes };
}
const stream = (frames: number, durationMs: number, bytes = 300 * KB): SourceFacts => ({ kind: "frames", frames, durationMs, bytes });

const NUMBER: RecordingKind = { liveType: "1", actions: [], will: false, light: false };
const ONE_ACTION: RecordingKind = { liveType: "2", actions: ["1"], will: false, light: false };
const TWO_ACTIONS: RecordingKind = { liveType: "2", actions: ["1", "2"], will: false, light: false };
const SILENT: RecordingKind = { liveType: "3", actions: [], will: false, light: false };
const WILL: RecordingKind = { liveType: "3", actions: [], will: true, light: false };

const duration = (ms: number, kind: RecordingKind) => checkDuration(recording({ durationMs: ms }), kind, limits);

describe("checkMedia", () => {
  it("describes what the decoder found, and fails without a video stream", () => {
    const ok = checkMedia(recording());
    expect(ok).toMatchObject({ name: "media", passed: true, failCode: "0" });
    expect(ok.detail).toContain("vp8 video 640x480, opus audio at 48000 Hz, container matroska,webm");
    expect(checkMedia(recording({ audio: null })).detail).toContain("no audio");
    const noVideo = checkMedia(recording({ video: null }));
    expect(noVideo).toMatchObject({ passed: false, failCode: "1007" });
    expect(noVideo.detail).toContain("matroska,webm");
  });

  it("passes a frame stream with frames, and fails one with none", () => {
    expect(checkMedia(stream(20, 2000))).toMatchObject({ name: "media", passed: true });
    expect(checkMedia(stream(0, 0))).toMatchObject({ passed: false, failCode: "1009" });
  });
});

describe("checkDuration", () => {
  it("holds number mode to 2-5 s, with the tolerance on both ends", () => {
    expect(limits.durationMs.number).toEqual({ min: 2000, max: 5000 });
    expect(duration(2000 - tolerance, NUMBER).passed).toBe(true);
    expect(duration(2000 - tolerance - 1, NUMBER)).toMatchObject({ passed: false, failCode: "1003" });
    expect(duration(5000 + tolerance, NUMBER).passed).toBe(true);
    const long = duration(5000 + tolerance + 1, NUMBER);
    expect(long).toMatchObject({ passed: false, failCode: "1004" });
    expect(long.detail).toContain("5.30 s by the decoder");
    expect(long.detail).toContain("number mode");
  });

  it("uses each mode's window: action (longer with several actions), silent, will", () => {
    expect(duration(3800, ONE_ACTION)).toMatchObject({ passed: false, failCode: "1004" });
    // An attempt that showed the light: a second longer, for the still lead-in before the action.
    expect(duration(3800, { ...ONE_ACTION, light: true }).passed).toBe(true);
    expect(duration(4400, { ...ONE_ACTION, light: true })).toMatchObject({ passed: false, failCode: "1004" });
    expect(duration(3800, TWO_ACTIONS).passed).toBe(true);
    expect(duration(600, SILENT)).toMatchObject({ passed: false, failCode: "1003" });
    expect(duration(5400, SILENT)).toMatchObject({ passed: false, failCode: "1004" });
    // Will mode's window whatever the live type: a 20 s consent is fine.
    expect(duration(20000, WILL).passed).toBe(true);
    expect(duration(20000, SILENT).passed).toBe(false);
  });

  it("judges the duration the decoder measured, not the frames or the bytes", () => {
    // Plenty of frames and bytes, but the decoder says 1.5 s.
    const short = checkDuration(recording({ durationMs: 1500, video: { ...PROBE.video!, frames: 300 } }, 1500 * KB), NUMBER, limits);
    expect(short).toMatchObject({ passed: false, failCode: "1003" });
    expect(short.detail).toContain("1.50 s by the decoder");
    // A stream is timed between its first and last frame.
    const streamed = checkDuration(stream(40, 4000), NUMBER, limits);
    expect(streamed.passed).toBe(true);
    expect(streamed.detail).toContain("between the first and last frame received");
  });

  it("fails a zero duration in every mode", () => {
    for (const kind of [NUMBER, ONE_ACTION, SILENT, WILL]) expect(duration(0, kind)).toMatchObject({ passed: false, failCode: "1003" });
  });
});

describe("checkSize", () => {
  it("applies the platform's minimum and the common maximum to recordings", () => {
    expect(limits.sizeKB.min).toEqual({ ios: 150, android: 50, other: 50 });
    const bytes = (n: number) => recording({}, n);
    expect(checkSize(bytes(100 * KB), "android", limits)).toMatchObject({ name: "size", passed: true });
    expect(checkSize(bytes(100 * KB), "ios", limits)).toMatchObject({ passed: false, failCode: "1005" });
    expect(checkSize(bytes(150 * KB), "ios", limits)?.passed).toBe(true);
    expect(checkSize(bytes(50 * KB - 1), "other", limits)?.failCode).toBe("1005");
    expect(checkSize(bytes(limits.sizeKB.zip * KB), "other", limits)?.passed).toBe(true);
    expect(checkSize(bytes(limits.sizeKB.zip * KB + 1), "ios", limits)).toMatchObject({ passed: false, failCode: "1006" });
  });

  it("has no size check for a frame stream", () => {
    expect(checkSize(stream(10, 1000, 1), "ios", limits)).toBeNull();
  });
});

describe("checkFrameRate", () => {
  it("passes an ordinary rate and names it", () => {
    const ok = checkFrameRate(recording({ durationMs: 3000, video: { ...PROBE.video!, frames: 91 } }), limits);
    expect(ok).toMatchObject({ name: "frameRate", passed: true });
    expect(ok.detail).toContain("30.0 fps");
  });

  it("fails a still picture stretched out, and frames stuffed in", () => {
    expect(limits.frameRate).toEqual({ min: 5, max: 120 });
    // 5 frames in 4 s: 1 fps.
    expect(checkFrameRate(recording({ durationMs: 4000, video: { ...PROBE.video!, frames: 5 } }), limits)).toMatchObject({ passed: false, failCode: "1010" });
    // 1000 frames in 3 s: 333 fps.
    expect(checkFrameRate(recording({ durationMs: 3000, video: { ...PROBE.video!, frames: 1000 } }), limits)).toMatchObject({ passed: false, failCode: "1010" });
    expect(checkFrameRate(stream(3, 2000), limits)).toMatchObject({ passed: false, failCode: "1010" });
    expect(checkFrameRate(stream(21, 2000), limits).passed).toBe(true);
  });

  it("fails with too few frames to judge, or no video", () => {
    expect(checkFrameRate(recording({ video: { ...PROBE.video!, frames: 1 } }), limits)).toMatchObject({ passed: false, failCode: "1009" });
    expect(checkFrameRate(recording({ video: null }), limits)).toMatchObject({ passed: false, failCode: "1009" });
    expect(checkFrameRate(stream(30, 0), limits)).toMatchObject({ passed: false, failCode: "1009" });
  });
});
