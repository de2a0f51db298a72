/**
 * The verification worker's decoder (src/server/verify/ffmpegDecoder.ts) asked for a recording
 * and the order's reference photo at once: both come from one ffmpeg run, the photo exactly as
 * when it is decoded alone; and when either is bad, the run is made again as two, so a bad photo
 * never refuses a good recording (the photo alone is refused) and a bad recording is refused
 * whatever the photo.
 */
import { execFile } from "node:child_process";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { probeMedia } from "../../../src/server/media/decode/probeMedia";
import { createFfmpegDecoder } from "../../../src/server/verify/ffmpegDecoder";
import type { MediaProbe } from "../../../src/server/verify/mediaTypes";
import { MediaRefusedError } from "../../../src/server/verify/verifyMedia";
import { makeClip, makeTempDir, removeTempDir } from "../../fixtures/mediaMaker";
import { loadCaptureLimits } from "../shippedLimits";

const run = promisify(execFile);
const decoder = createFfmpegDecoder("ffmpeg", loadCaptureLimits());
const options = { fps: 5, width: 320, withAudio: true };

let dir = "";
let recording = "";
let probe: MediaProbe;
let photo = "";
beforeAll(async () => {
  dir = await makeTempDir("faceflow-decoder-");
  recording = await makeClip({ dir, video: "testsrc", audio: "sine", seconds: 2, container: "webm-vp8" });
  probe = await probeMedia("ffmpeg", recording, { timeoutMs: 20_000 });
  // A photo wider than the 640 px the reference is analysed at, so the scaling is exercised too.
  photo = join(dir, "reference.jpg");
  await run("ffmpeg", ["-hide_banner", "-v", "error", "-f", "lavfi", "-i", "testsrc=size=800x600", "-frames:v", "1", "-y", photo]);
});
afterAll(async () => {
  await removeTempDir(dir);
});

describe("ffmpegDecoder with the reference photo", () => {
  it("decodes the photo in the recording's run exactly as alone", async () => {
    const [both, alone, still] = await Promise.all([
      decoder.decode(recording, probe, { ...options, still: { file: photo, maxWidth: 640 } }),
      decoder.decode(recording, probe, options),
      decoder.decodeStill(photo, 640),
    ]);
    expect(both.frames.map((f) => Buffer.from(f.rgb).toString("base64"))).toEqual(alone.frames.map((f) => Buffer.from(f.rgb).toString("base64")));
    expect(both.audio?.length).toBe(alone.audio?.length);
    expect(both.still).toEqual({ ok: true, frame: still });
    expect([still.width, still.height]).toEqual([640, 480]);
  });

  it("refuses a bad photo alone, and still decodes the recording", async () => {
    const junk = join(dir, "junk.jpg");
    await writeFile(junk, "not a picture at all".repeat(50));
    const both = await decoder.decode(recording, probe, { ...options, still: { file: junk, maxWidth: 640 } });
    expect(both.frames.length).toBeGreaterThan(5);
    expect(both.still).toMatchObject({ ok: false, reason: expect.stringMatching(/reference photo/) });
  });

  it("refuses a bad recording whatever the photo", async () => {
    const junk = join(dir, "junk.webm");
    await writeFile(junk, "not a recording at all".repeat(500));
    await expect(decoder.decode(junk, probe, { ...options, still: { file: photo, maxWidth: 640 } })).rejects.toBeInstanceOf(MediaRefusedError);
  });
});
