import { describe, expect, it } from "vitest";
import { createProgressReader, parseClock, parseProbeOutput } from "../../../src/server/media/decode/probeOutput";

const tag = (lines: string[]) => lines.map((l) => `[info] ${l}`).join("\n");

/** Debian ffmpeg 5.1 on a rotated phone MP4 with cover art (stream 0) before the camera track. */
const CURRENT = tag([
  "Input #0, mov,mp4,m4a,3gp,3g2,mj2, from '/srv/up/rec.mp4':",
  "  Metadata:",
  "    major_brand     : isom",
  "  Duration: 00:00:04.97, start: 0.000000, bitrate: 250 kb/s",
  "  Stream #0:0[0x1](und): Video: mjpeg (Baseline), yuvj420p(pc, bt470bg/unknown/unknown), 300x300 [SAR 1:1 DAR 1:1], 90k tbr, 90k tbn (attached pic)",
  "  Stream #0:1[0x2](und): Video: h264 (Constrained Baseline) (avc1 / 0x31637661), yuv420p(progressive), 1280x720 [SAR 1:1 DAR 16:9], 171 kb/s, 30 fps, 30 tbr, 15360 tbn (default)",
  "    Metadata:",
  "      handler_name    : VideoHandler",
  "    Side data:",
  "      displaymatrix: rotation of -90.00 degrees",
  "  Stream #0:2[0x3](und): Audio: aac (LC) (mp4a / 0x6134706D), 44100 Hz, stereo, fltp, 69 kb/s (default)",
  "Output #0, null, to 'pipe:':",
  "  Stream #0:0(und): Video: h264 (Constrained Baseline) (avc1 / 0x31637661), yuv420p(progressive), 999x999",
  "    Side data:",
  "      displaymatrix: rotation of 180.00 degrees",
  "Stream mapping:",
  "  Stream #0:1 -> #0:0 (copy)",
  "  Stream #0:2 -> #0:1 (copy)",
]);

/** The 2018 npm build on a MediaRecorder WebM: deeper indentation, no duration, a `rotate` tag style. */
const OLD = [
  "Input #0, matroska,webm, from 'rec.webm':",
  "  Metadata:",
  "    encoder         : Chrome",
  "  Duration: N/A, start: 0.000000, bitrate: N/A",
  "    Stream #0:0(eng): Audio: opus, 48000 Hz, 5.1(side), fltp (default)",
  "    Stream #0:1(eng): Video: vp9 (Profile 0), yuv420p(tv), 480x640, SAR 1:1 DAR 3:4, 30.30 fps, 30 tbr, 1k tbn, 1k tbc (default)",
  "    Metadata:",
  "      rotate          : 90",
  "Stream mapping:",
  "  Stream #0:1 -> #0:0 (copy)",
  "  Stream #0:0 -> #0:1 (copy)",
].join("\n");

describe("parseProbeOutput", () => {
  it("reads the mapped streams of a current ffmpeg's dump, not cover art or the output section", () => {
    const probe = parseProbeOutput(CURRENT, { frames: 149, endMs: 4966 });
    expect(probe).toEqual({
      format: "mov,mp4,m4a,3gp,3g2,mj2",
      durationMs: 4970,
      // The matrix's -90 (counter-clockwise) is a phone's rotate=90, clockwise.
      video: { codec: "h264", width: 1280, height: 720, rotation: 90, frames: 149 },
      audio: { codec: "aac", sampleRate: 44100, channels: 2 },
    });
  });

  it("reads the 2018 build's dump, taking the duration from the packets when the header has none", () => {
    const probe = parseProbeOutput(OLD, { frames: 91, endMs: 3012.5 });
    expect(probe).toEqual({
      format: "matroska,webm",
      durationMs: 3013,
      video: { codec: "vp9", width: 480, height: 640, rotation: 90, frames: 91 },
      audio: { codec: "opus", sampleRate: 48000, channels: 6 },
    });
  });

  it("takes the packets' duration when it is longer than the header's", () => {
    expect(parseProbeOutput(CURRENT, { frames: 149, endMs: 60_000 })?.durationMs).toBe(60_000);
  });

  it("gives null video or audio when none was mapped, and null for a dump with no input", () => {
    const audioOnly = tag(["Input #0, ogg, from 'x.ogg':", "  Duration: 00:00:01.00, start: 0.000000", "  Stream #0:0: Audio: vorbis, 22050 Hz, 2 channels, fltp"]);
    expect(parseProbeOutput(audioOnly, { frames: 0, endMs: 990 })).toMatchObject({ video: null, audio: { codec: "vorbis", sampleRate: 22050, channels: 2 } });
    expect(parseProbeOutput("[error] x: Invalid data found when processing input", { frames: 0, endMs: null })).toBeNull();
  });
});

describe("createProgressReader", () => {
  it("keeps the latest frame count and time, across chunks split mid-line", () => {
    const reader = createProgressReader();
    const text = "frame=0\nout_time=-00:00:00.007000\nprogress=continue\nframe=75\nout_time=00:00:02.500000\nframe=150\nout_time=N/A\nout_time=00:00:05.001000\nprogress=end\n";
    for (let i = 0; i < text.length; i += 7) reader.push(Buffer.from(text.slice(i, i + 7)));
    expect(reader.summary()).toEqual({ frames: 150, endMs: 5001 });
  });

  it("parses clock values, negative and fractional", () => {
    expect(parseClock("01:02:03.5")).toBe(3_723_500);
    expect(parseClock("-00:00:00.007000")).toBeCloseTo(-7);
    expect(parseClock("N/A")).toBeNull();
  });
});
