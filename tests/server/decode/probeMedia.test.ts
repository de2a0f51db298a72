import { execFile } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installedNpmFfmpeg } from "../../../src/server/media/decode/ffmpegBinary";
import { MediaUnreadableError } from "../../../src/server/media/decode/mediaErrors";
import { probeMedia } from "../../../src/server/media/decode/probeMedia";
import type { MediaProbe } from "../../../src/server/verify/mediaTypes";
import { makeClip, makeTempDir, mp4Boxes, removeTempDir, type ClipOptions } from "../../fixtures/mediaMaker";

const FFMPEG = "ffmpeg";
let dir = "";
const clip = (options: Omit<ClipOptions, "dir">) => makeClip({ dir, ...options });
const probe = (file: string, bin = FFMPEG) => probeMedia(bin, file, { timeoutMs: 20_000 });

/** What a `-i` run says of the container's duration ("N/A" when it has none). */
async function headerDuration(file: string): Promise<string> {
  const out = await promisify(execFile)("ffmpeg", ["-hide_banner", "-i", file]).catch((error: { stderr: string }) => error);
  return /Duration: ([^,]+),/.exec(out.stderr)?.[1] ?? "missing";
}

async function expectUnreadable(file: string): Promise<MediaUnreadableError> {
  const error = await probe(file).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(MediaUnreadableError);
  return error as MediaUnreadableError;
}

beforeAll(async () => {
  dir = await makeTempDir("faceflow-probe-");
});
afterAll(async () => {
  await removeTempDir(dir);
});

describe("probeMedia on each container", () => {
  it("reads a WebM with VP8 and Opus", async () => {
    const p = await probe(await clip({ video: "testsrc", audio: "sine", seconds: 3, container: "webm-vp8" }));
    expect(p.format).toBe("matroska,webm");
    expect(p.video).toEqual({ codec: "vp8", width: 640, height: 480, rotation: 0, frames: 90 });
    expect(p.audio).toEqual({ codec: "opus", sampleRate: 48000, channels: 1 });
    expect(Math.abs(p.durationMs - 3000)).toBeLessThanOrEqual(100);
  });

  it("gives a MediaRecorder-style VP9 WebM without a duration header its real length", async () => {
    const file = await clip({ video: "testsrc", audio: "sine", seconds: 2.5, fps: 20, size: { width: 320, height: 240 }, container: "webm-vp9", noDurationHeader: true });
    expect(await headerDuration(file)).toBe("N/A");
    const p = await probe(file);
    expect(p.video).toEqual({ codec: "vp9", width: 320, height: 240, rotation: 0, frames: 50 });
    expect(Math.abs(p.durationMs - 2500)).toBeLessThanOrEqual(100);
  });

  it.each(["mp4-h264", "mp4-h264-moov-at-end", "mp4-h264-fragmented"] as const)("reads %s with H.264 and AAC", async (container) => {
    const file = await clip({ video: "testsrc", audio: "sine", seconds: 2, fps: 25, container });
    const p = await probe(file);
    expect(p.format).toBe("mov,mp4,m4a,3gp,3g2,mj2");
    expect(p.video).toEqual({ codec: "h264", width: 640, height: 480, rotation: 0, frames: 50 });
    expect(p.audio).toEqual({ codec: "aac", sampleRate: 48000, channels: 1 });
    expect(Math.abs(p.durationMs - 2000)).toBeLessThanOrEqual(100);
  });

  it("the moov-at-end fixture really has its index after the media data", async () => {
    const boxes = mp4Boxes(await readFile(await clip({ video: "testsrc", audio: null, seconds: 1, container: "mp4-h264-moov-at-end" }))).map((b) => b.type);
    expect(boxes.indexOf("moov")).toBeGreaterThan(boxes.indexOf("mdat"));
    const front = mp4Boxes(await readFile(await clip({ video: "testsrc", audio: null, seconds: 1, container: "mp4-h264" }))).map((b) => b.type);
    expect(front.indexOf("moov")).toBeLessThan(front.indexOf("mdat"));
  });

  it("reports a missing audio track, and a missing video track", async () => {
    const silentFilm = await probe(await clip({ video: "testsrc", audio: null, seconds: 1, container: "webm-vp8" }));
    expect(silentFilm.audio).toBeNull();
    expect(silentFilm.video?.frames).toBe(30);
    const radio = await probe(await clip({ video: null, audio: "sine", seconds: 1, container: "mp4-h264" }));
    expect(radio.video).toBeNull();
    expect(radio.audio?.codec).toBe("aac");
  });

  it.each([90, 180, 270] as const)("reads a phone's %i° display rotation, degrees clockwise", async (rotation) => {
    const p = await probe(await clip({ video: "testsrc", audio: null, seconds: 1, size: { width: 320, height: 240 }, container: "mp4-h264", rotation }));
    expect(p.video).toMatchObject({ width: 320, height: 240, rotation });
  });
});

describe("probeMedia on files it cannot use", () => {
  it("refuses garbage and an empty file with ffmpeg's reason", async () => {
    const garbage = join(dir, "garbage.bin");
    await writeFile(garbage, Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 251)));
    expect((await expectUnreadable(garbage)).reason).toBe("garbage.bin: Invalid data found when processing input");
    const empty = join(dir, "empty.mp4");
    await writeFile(empty, "");
    await expectUnreadable(empty);
  });

  it("refuses an MP4 cut before its index, and names the missing moov", async () => {
    const whole = await readFile(await clip({ video: "testsrc", audio: "sine", seconds: 2, container: "mp4-h264-moov-at-end" }));
    const cut = join(dir, "cut.mp4");
    await writeFile(cut, whole.subarray(0, Math.floor(whole.length / 2)));
    const error = await expectUnreadable(cut);
    expect(error.reason).toBe("mov,mp4,m4a,3gp,3g2,mj2: moov atom not found");
    expect(error.message).not.toContain(dir);
  });

  it("refuses a WebM cut in the middle, though ffmpeg itself exits 0 on it", async () => {
    const whole = await readFile(await clip({ video: "testsrc", audio: "sine", seconds: 2, container: "webm-vp8" }));
    const cut = join(dir, "cut.webm");
    await writeFile(cut, whole.subarray(0, Math.floor(whole.length * 0.6)));
    expect((await expectUnreadable(cut)).reason).toMatch(/^matroska,webm: /);
  });

  it("opens only WebM and MP4: a playlist posing as a WebM cannot make ffmpeg read other files", async () => {
    const target = await clip({ video: "testsrc", audio: null, seconds: 1, container: "webm-vp8" });
    const playlist = join(dir, "playlist.webm");
    await writeFile(playlist, `#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1,\n${target}\n#EXT-X-ENDLIST\n`);
    expect((await expectUnreadable(playlist)).reason).toMatch(/^hls: Format not on whitelist/);
    const avi = join(dir, "film.avi");
    await promisify(execFile)("ffmpeg", ["-v", "error", "-t", "1", "-f", "lavfi", "-i", "testsrc", "-c:v", "mjpeg", avi]);
    expect((await expectUnreadable(avi)).reason).toMatch(/^avi: Format not on whitelist/);
  });

  it("reads a file name as a file, never as a protocol", async () => {
    const cwd = process.cwd();
    process.chdir(dir);
    try {
      const named = await clip({ name: "concat:odd", video: "testsrc", audio: null, seconds: 1, container: "webm-vp8" });
      expect((await probe("concat:odd.webm")).video?.frames).toBe(30);
      expect(named).toBe(join(dir, "concat:odd.webm"));
    } finally {
      process.chdir(cwd);
    }
  });

  it("refuses a file that is not there", async () => {
    expect((await expectUnreadable(join(dir, "never-uploaded.webm"))).reason).toBe("never-uploaded.webm: No such file or directory");
  });
});

describe.skipIf(installedNpmFfmpeg() === null)("probeMedia with the 2018 npm build", () => {
  it("finds what Debian's ffmpeg finds, rotation included", async () => {
    const files = [
      await clip({ video: "testsrc", audio: "sine", seconds: 2, container: "webm-vp8", noDurationHeader: true }),
      await clip({ video: "testsrc", audio: "sine", seconds: 2, container: "mp4-h264-moov-at-end", rotation: 90 }),
    ];
    for (const file of files) {
      const [current, old] = await Promise.all([probe(file), probe(file, installedNpmFfmpeg() ?? "")]);
      const withoutDuration = ({ durationMs, ...rest }: MediaProbe) => rest;
      expect(withoutDuration(old)).toEqual(withoutDuration(current));
      expect(Math.abs(old.durationMs - current.durationMs)).toBeLessThanOrEqual(50);
    }
  });
});
