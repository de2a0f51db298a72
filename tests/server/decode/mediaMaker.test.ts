import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeMedia } from "../../../src/server/media/decode/decodeMedia";
import { probeMedia } from "../../../src/server/media/decode/probeMedia";
import { faceJpeg } from "../../fixtures/faceImage";
import { makeClip, makeTempDir, removeTempDir } from "../../fixtures/mediaMaker";

let dir = "";
beforeAll(async () => {
  dir = await makeTempDir("faceflow-maker-");
});
afterAll(async () => {
  await removeTempDir(dir);
});

const rms = (s: Float32Array) => Math.sqrt(s.reduce((sum, x) => sum + x * x, 0) / s.length);

describe("makeClip", () => {
  it("makes a clip of a JPEG scaled to the size asked, with noise for sound", async () => {
    const jpegPath = join(dir, "face.jpg");
    await writeFile(jpegPath, faceJpeg({ width: 640, height: 480 }));
    const file = await makeClip({ dir, name: "still", video: { jpegPath }, audio: "noise", seconds: 1.5, fps: 10, size: { width: 320, height: 240 }, container: "webm-vp9" });
    expect(file).toBe(join(dir, "still.webm"));
    const probe = await probeMedia("ffmpeg", file, { timeoutMs: 20_000 });
    expect(probe.video).toMatchObject({ codec: "vp9", width: 320, height: 240, frames: 15 });
    const media = await decodeMedia("ffmpeg", file, probe, { fps: 5, width: 160, withAudio: true, timeoutMs: 20_000, maxPixels: 2_073_600 });
    // White noise of amplitude 0.3 keeps about half its power below 8 kHz.
    expect(rms(media.audio!)).toBeGreaterThan(0.05);
  });

  it("refuses options that cannot be honoured rather than ignoring them", async () => {
    await expect(makeClip({ dir, video: null, audio: null, seconds: 1, container: "mp4-h264" })).rejects.toThrow(/needs a video or an audio/);
    await expect(makeClip({ dir, video: "testsrc", audio: null, seconds: 1, container: "webm-vp8", rotation: 90 })).rejects.toThrow(/MP4 track headers only/);
    await expect(makeClip({ dir, video: "testsrc", audio: null, seconds: 1, container: "mp4-h264", noDurationHeader: true })).rejects.toThrow(/WebM only/);
  });
});
