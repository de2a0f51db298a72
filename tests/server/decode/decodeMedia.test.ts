import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { copyFile, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUDIO_SAMPLE_RATE, decodeMedia, sampledVideoFilter, type DecodeOptions } from "../../../src/server/media/decode/decodeMedia";
import { installedNpmFfmpeg } from "../../../src/server/media/decode/ffmpegBinary";
import { MediaLimitError, MediaUnreadableError, MediaTimeoutError } from "../../../src/server/media/decode/mediaErrors";
import { probeMedia } from "../../../src/server/media/decode/probeMedia";
import type { DecodedFrame, DecodedMedia, MediaProbe } from "../../../src/server/verify/mediaTypes";
import { faceFrameRgba } from "../../fixtures/faceImage";
import { makeClip, makeSpeechWav, makeTempDir, removeTempDir, setMp4Rotation, type ClipOptions } from "../../fixtures/mediaMaker";

const FFMPEG = "ffmpeg";
let dir = "";
const clip = (options: Omit<ClipOptions, "dir">) => makeClip({ dir, ...options });
const defaults: DecodeOptions = { fps: 5, width: 320, withAudio: true, timeoutMs: 20_000, maxPixels: 2_073_600 };

async function probeAndDecode(file: string, options: Partial<DecodeOptions> = {}, bin = FFMPEG): Promise<DecodedMedia> {
  const probe = await probeMedia(bin, file, { timeoutMs: 20_000 });
  return decodeMedia(bin, file, probe, { ...defaults, ...options });
}

/** Mean absolute difference of two same-sized frames, 0..255. */
function frameDiff(a: DecodedFrame, b: DecodedFrame): number {
  expect([a.width, a.height]).toEqual([b.width, b.height]);
  let sum = 0;
  for (let i = 0; i < a.rgb.length; i++) sum += Math.abs((a.rgb[i] ?? 0) - (b.rgb[i] ?? 0));
  return sum / a.rgb.length;
}

function rms(samples: Float32Array): number {
  return Math.sqrt(samples.reduce((sum, s) => sum + s * s, 0) / samples.length);
}

/** The frame turned a quarter clockwise (or counter-clockwise). */
function rotateQuarter(frame: DecodedFrame, clockwise: boolean): DecodedFrame {
  const { width: w, height: h } = frame;
  const rgb = new Uint8Array(frame.rgb.length);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      // Clockwise, source (x, y) lands at column h-1-y, row x of the w-tall result.
      const [nx, ny] = clockwise ? [h - 1 - y, x] : [y, w - 1 - x];
      rgb.set(frame.rgb.subarray((y * w + x) * 3, (y * w + x) * 3 + 3), (ny * h + nx) * 3);
    }
  }
  return { atMs: frame.atMs, width: h, height: w, rgb };
}

beforeAll(async () => {
  dir = await makeTempDir("faceflow-decode-");
});
afterAll(async () => {
  await removeTempDir(dir);
});

describe("decodeMedia", () => {
  it("samples a WebM's frames at the rate and width asked, on the recording's clock", async () => {
    const media = await probeAndDecode(await clip({ video: "testsrc", audio: "sine", seconds: 3, container: "webm-vp8" }));
    expect(Math.abs(media.frames.length - 15)).toBeLessThanOrEqual(1);
    media.frames.forEach((f, i) => expect(f).toMatchObject({ atMs: i * 200, width: 320, height: 240 }));
    expect(media.frames.every((f) => f.rgb.length === 320 * 240 * 3)).toBe(true);
    // testsrc's counter and moving gradient change every frame.
    for (let i = 1; i < media.frames.length; i++) expect(frameDiff(media.frames[i - 1]!, media.frames[i]!)).toBeGreaterThan(1);
  });

  it("gives 16 kHz mono audio as long as the recording: a sine has energy, silence has none", async () => {
    const sine = await probeAndDecode(await clip({ video: "testsrc", audio: "sine", seconds: 2, container: "mp4-h264" }));
    expect(Math.abs(sine.audio!.length - 2 * AUDIO_SAMPLE_RATE)).toBeLessThanOrEqual(0.1 * AUDIO_SAMPLE_RATE);
    expect(rms(sine.audio!)).toBeGreaterThan(0.05);
    const silence = await probeAndDecode(await clip({ video: "testsrc", audio: "silence", seconds: 2, container: "webm-vp9" }));
    expect(Math.abs(silence.audio!.length - 2 * AUDIO_SAMPLE_RATE)).toBeLessThanOrEqual(0.1 * AUDIO_SAMPLE_RATE);
    expect(rms(silence.audio!)).toBeLessThan(1e-4);
  });

  it("hears speech where it was put, and silence after it", async () => {
    const wavPath = await makeSpeechWav({ dir, text: "一 二 三 四" });
    const media = await probeAndDecode(await clip({ video: "testsrc", audio: { wavPath }, seconds: 3, container: "webm-vp8" }));
    const audio = media.audio!;
    expect(rms(audio.subarray(0, AUDIO_SAMPLE_RATE))).toBeGreaterThan(0.02);
    expect(rms(audio.subarray(Math.round(2.5 * AUDIO_SAMPLE_RATE)))).toBeLessThan(0.005);
  });

  it("gives near-equal frames for a still picture", async () => {
    const imageRgba = faceFrameRgba({ width: 320, height: 240 });
    const media = await probeAndDecode(await clip({ video: { imageRgba }, audio: null, seconds: 2, fps: 15, container: "mp4-h264-moov-at-end" }));
    expect(Math.abs(media.frames.length - 10)).toBeLessThanOrEqual(1);
    for (let i = 1; i < media.frames.length; i++) expect(frameDiff(media.frames[0]!, media.frames[i]!)).toBeLessThan(2);
    expect(media.audio).toBeNull();
  });

  it("leaves the audio out when asked to", async () => {
    const media = await probeAndDecode(await clip({ video: "testsrc", audio: "sine", seconds: 1, container: "webm-vp8" }), { withAudio: false });
    expect(media.audio).toBeNull();
    expect(media.frames.length).toBeGreaterThanOrEqual(4);
  });

  it("turns a phone's rotated frames upright, clockwise as the track header says", async () => {
    const upright = await clip({ video: "testsrc", audio: null, seconds: 1, size: { width: 640, height: 480 }, container: "mp4-h264" });
    const turned = join(dir, "turned.mp4");
    await writeFile(turned, setMp4Rotation(await readFile(upright), 90));
    // Same pictures, same scale (0.75) both ways: 640x480 → 480x360, and 480x640 shown → 360x480.
    const [plain, rotated] = await Promise.all([probeAndDecode(upright, { width: 480 }), probeAndDecode(turned, { width: 360 })]);
    expect(rotated.probe.video?.rotation).toBe(90);
    const frame = rotated.frames[2]!;
    expect([frame.width, frame.height]).toEqual([360, 480]);
    expect(frameDiff(rotateQuarter(plain.frames[2]!, true), frame)).toBeLessThan(3);
    expect(frameDiff(rotateQuarter(plain.frames[2]!, false), frame)).toBeGreaterThan(20);
  });

  it("times frames from the file's start when the video starts late: frame n is ffmpeg's pts n/fps", async () => {
    const file = await clip({ video: "testsrc", audio: "sine", seconds: 3, container: "webm-vp8", videoStartSeconds: 1 });
    const shown = await promisify(execFile)(FFMPEG, ["-hide_banner", "-nostdin", "-i", file, "-map", "0:V:0", "-vf", `${sampledVideoFilter(5, 320)},showinfo`, "-f", "null", "-"]);
    const pts = [...shown.stderr.matchAll(/pts_time:([\d.]+)/g)].map((m) => Number(m[1]));
    const media = await probeAndDecode(file);
    expect(media.frames.map((f) => f.atMs)).toEqual(pts.map((t) => Math.round(t * 1000)));
    expect(Math.abs(media.frames.length - 15)).toBeLessThanOrEqual(1);
    // Before the video starts, the first picture is shown; after, the pictures move.
    for (let i = 1; i <= 5; i++) expect(frameDiff(media.frames[0]!, media.frames[i]!)).toBeLessThan(2);
    expect(frameDiff(media.frames[5]!, media.frames[6]!)).toBeGreaterThan(1);
    expect(Math.abs(media.audio!.length - 3 * AUDIO_SAMPLE_RATE)).toBeLessThanOrEqual(0.1 * AUDIO_SAMPLE_RATE);
  });
});

describe("decodeMedia's bounds", () => {
  let file = "";
  let probe: MediaProbe;
  beforeAll(async () => {
    file = await clip({ video: "testsrc", audio: "sine", seconds: 3, container: "webm-vp8", noDurationHeader: true });
    probe = await probeMedia(FFMPEG, file, { timeoutMs: 20_000 });
  });

  it("refuses a file that yields more frames than its probe allows", async () => {
    const lying = { ...probe, durationMs: 1000 };
    const error = await decodeMedia(FFMPEG, file, lying, { ...defaults, withAudio: false }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MediaLimitError);
    expect(error).toMatchObject({ limit: "frames", actual: 8, max: 7 });
  });

  it("has the decoder itself refuse pictures over maxPixels (a file may grow after the probe's first keyframe)", async () => {
    // The probe says 640x480; the decoder is allowed fewer pixels than that, as if the file had grown.
    const error = await decodeMedia(FFMPEG, file, probe, { ...defaults, withAudio: false, maxPixels: 640 * 480 - 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MediaUnreadableError);
    await expect(decodeMedia(FFMPEG, file, probe, { ...defaults, withAudio: false, maxPixels: 640 * 480 })).resolves.toMatchObject({ frames: expect.any(Array) });
  });

  it("refuses more audio than the probe allows", async () => {
    // At 0.5 fps the 1 s the probe claims allows 3 frames, which the 3 s file fits; its audio does not.
    const error = await decodeMedia(FFMPEG, file, { ...probe, durationMs: 1000 }, { ...defaults, fps: 0.5 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: "MediaLimitError", limit: "duration" });
  });

  it("refuses frames taller than the probed picture allows", async () => {
    // A portrait picture (1:2) in a file whose probe claims a square one.
    const portrait = await clip({ video: "testsrc", audio: null, seconds: 1, size: { width: 160, height: 320 }, container: "webm-vp8" });
    const square = { ...probe, video: { ...probe.video!, width: 320, height: 320 } };
    await expect(decodeMedia(FFMPEG, portrait, square, { ...defaults, withAudio: false })).rejects.toMatchObject({ limit: "pixels", actual: 320 * 640 });
  });

  it("kills a decode that passes its deadline", async () => {
    await expect(decodeMedia(FFMPEG, file, probe, { ...defaults, timeoutMs: 5 })).rejects.toBeInstanceOf(MediaTimeoutError);
  });

  it("stops when aborted", async () => {
    const controller = new AbortController();
    controller.abort(new Error("attempt withdrawn"));
    await expect(decodeMedia(FFMPEG, file, probe, { ...defaults, signal: controller.signal })).rejects.toThrow("attempt withdrawn");
  });

  it("refuses a probe without video", async () => {
    await expect(decodeMedia(FFMPEG, file, { ...probe, video: null }, defaults)).rejects.toMatchObject({ limit: "noVideo" });
  });

  it("decodes a copy of the same file the same way each time", async () => {
    const copy = join(dir, "copy.webm");
    await copyFile(file, copy);
    const [a, b] = await Promise.all([decodeMedia(FFMPEG, file, probe, defaults), decodeMedia(FFMPEG, copy, probe, defaults)]);
    const digests = (media: DecodedMedia) => media.frames.map((f) => createHash("sha1").update(f.rgb).digest("hex"));
    expect(digests(b)).toEqual(digests(a));
    expect(new Set(digests(a)).size).toBe(a.frames.length);
  });
});

describe.skipIf(installedNpmFfmpeg() === null)("decodeMedia with the 2018 npm build", () => {
  it("gives the same frames and audio length", async () => {
    const file = await clip({ video: "testsrc", audio: "sine", seconds: 2, container: "mp4-h264-moov-at-end", rotation: 90 });
    const [current, old] = await Promise.all([probeAndDecode(file), probeAndDecode(file, {}, installedNpmFfmpeg() ?? "")]);
    expect(old.frames.map((f) => [f.atMs, f.width, f.height])).toEqual(current.frames.map((f) => [f.atMs, f.width, f.height]));
    expect(frameDiff(old.frames[3]!, current.frames[3]!)).toBeLessThan(3);
    expect(Math.abs(old.audio!.length - current.audio!.length)).toBeLessThanOrEqual(0.02 * AUDIO_SAMPLE_RATE);
  });
});
