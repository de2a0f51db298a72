import { describe, expect, it } from "vitest";
import { probeRecording, type ProbeResult } from "../../src/server/media/probe";
import {
  EBML_ID,
  box,
  buildMp4,
  buildWebm,
  ebml,
  ebmlUint,
  fullBox,
  randomBytes,
  seededRandom,
  u32,
} from "./fixtures";

function expectOk(result: ProbeResult): Extract<ProbeResult, { ok: true }> {
  if (!result.ok) throw new Error(`expected ok, got: ${result.reason}`);
  return result;
}

function expectFailure(result: ProbeResult, reason?: RegExp): void {
  expect(result.ok).toBe(false);
  if (!result.ok && reason) expect(result.reason).toMatch(reason);
}

describe("probeRecording on WebM", () => {
  it("derives duration and counts frames in a MediaRecorder-style live file (unknown sizes, no Duration)", () => {
    const result = expectOk(probeRecording(buildWebm({ durationMs: 3000, videoFps: 30, audioFrameMs: 20 })));
    expect(result).toEqual({ ok: true, container: "webm", durationMs: 3000, hasVideo: true, hasAudio: true, videoFrames: 90 });
  });

  it("reports a 1.2 s live recording as 1.2 s, not the length of its first cluster", () => {
    const result = expectOk(probeRecording(buildWebm({ durationMs: 1200, videoFps: 20, clusterMs: 500 })));
    expect(result.durationMs).toBe(1200);
    expect(result.videoFrames).toBe(24);
  });

  it("prefers the header Duration when the file is finalised", () => {
    const buf = buildWebm({ durationMs: 3000, headerDurationMs: 2500, live: false });
    expect(expectOk(probeRecording(buf)).durationMs).toBe(2500);
  });

  it("applies TimecodeScale to the header Duration and to block timestamps", () => {
    const scaled = { durationMs: 2000, timecodeScaleNs: 100_000, videoFps: 25 };
    expect(expectOk(probeRecording(buildWebm({ ...scaled, headerDurationMs: 2000 }))).durationMs).toBe(2000);
    expect(expectOk(probeRecording(buildWebm(scaled))).durationMs).toBe(2000);
  });

  it("tells video-only and audio-only files apart", () => {
    const videoOnly = expectOk(probeRecording(buildWebm({ durationMs: 1000, audioFrameMs: null })));
    expect([videoOnly.hasVideo, videoOnly.hasAudio, videoOnly.videoFrames]).toEqual([true, false, 30]);
    const audioOnly = expectOk(probeRecording(buildWebm({ durationMs: 1000, videoFps: null })));
    expect([audioOnly.hasVideo, audioOnly.hasAudio, audioOnly.videoFrames]).toEqual([false, true, 0]);
  });

  it("counts frames stored as BlockGroup/Block and uses their BlockDuration", () => {
    const result = expectOk(probeRecording(buildWebm({ durationMs: 2000, videoFps: 10, audioFrameMs: null, blockGroups: true })));
    expect(result.videoFrames).toBe(20);
    expect(result.durationMs).toBe(2000);
  });

  it("accepts the matroska DocType and rejects others", () => {
    expect(expectOk(probeRecording(buildWebm({ durationMs: 1000, docType: "matroska" }))).container).toBe("webm");
    expectFailure(probeRecording(buildWebm({ durationMs: 1000, docType: "mkvx" })), /DocType/);
  });

  it("reports tracks but no duration when there are no frames", () => {
    const result = expectOk(probeRecording(buildWebm({ durationMs: 0 })));
    expect([result.durationMs, result.videoFrames, result.hasVideo]).toEqual([null, 0, true]);
  });

  it("rejects a file without Tracks", () => {
    const header = ebml(EBML_ID.EBML, ebml(EBML_ID.DocType, Buffer.from("webm")));
    const segment = ebml(EBML_ID.Segment, ebml(EBML_ID.Info, ebmlUint(EBML_ID.TimecodeScale, 1_000_000)));
    expectFailure(probeRecording(Buffer.concat([header, segment])), /Tracks/);
  });

  it("rejects a file with an EBML header but no Segment", () => {
    expectFailure(probeRecording(ebml(EBML_ID.EBML, ebml(EBML_ID.DocType, Buffer.from("webm")))), /Segment/);
  });
});

describe("probeRecording on MP4", () => {
  it("reads mvhd duration, handlers and stsz sample count of a progressive file", () => {
    const result = expectOk(probeRecording(buildMp4({ durationMs: 3000, videoFps: 30, audioSampleMs: 20 })));
    expect(result).toEqual({ ok: true, container: "mp4", durationMs: 3000, hasVideo: true, hasAudio: true, videoFrames: 90 });
  });

  it("trusts the fragments over a track header written before a chunked recording ended", () => {
    // Chromium's chunked MP4: mvhd says 0, mdhd covers only the first ~250 ms.
    const result = expectOk(probeRecording(buildMp4({ durationMs: 6500, fragmented: true, partialTrackHeaderMs: 252 })));
    expect(result.durationMs).toBeGreaterThanOrEqual(6400);
    expect(result.durationMs).toBeLessThanOrEqual(6600);
  });

  it("derives duration from trun sample durations of a fragmented file with no header duration", () => {
    const result = expectOk(probeRecording(buildMp4({ durationMs: 2500, fragmented: true, fragmentMs: 500 })));
    expect(result).toEqual({ ok: true, container: "mp4", durationMs: 2500, hasVideo: true, hasAudio: true, videoFrames: 75 });
  });

  it("uses tfhd defaults when trun carries no per-sample fields", () => {
    const result = expectOk(probeRecording(buildMp4({ durationMs: 2000, fragmented: true, fragmentDefaults: true, videoFps: 15 })));
    expect([result.durationMs, result.videoFrames]).toEqual([2000, 30]);
  });

  it("falls back to the mdhd/stts duration when mvhd has none", () => {
    const progressive = buildMp4({ durationMs: 1800, headerDuration: false, audioSampleMs: null });
    expect(expectOk(probeRecording(progressive)).durationMs).toBe(1800);
  });

  it("tells an audio-only file from one with video", () => {
    const result = expectOk(probeRecording(buildMp4({ durationMs: 1000, videoFps: null })));
    expect([result.hasVideo, result.hasAudio, result.videoFrames]).toEqual([false, true, 0]);
  });

  it("rejects sample tables whose media data is missing", () => {
    expectFailure(probeRecording(buildMp4({ durationMs: 1000, omitMdat: true })), /mdat/);
    expectFailure(probeRecording(buildMp4({ durationMs: 1000, fragmented: true, omitMdat: true })), /mdat/);
  });

  it("rejects a file with ftyp but no moov", () => {
    const ftyp = box("ftyp", Buffer.from("isom"), u32(0));
    expectFailure(probeRecording(Buffer.concat([ftyp, box("mdat", Buffer.alloc(100))])), /moov/);
  });

  it("rejects a fragment for a track that moov does not declare", () => {
    const buf = buildMp4({ durationMs: 500, fragmented: true, audioSampleMs: null });
    const stray = box("moof", box("traf", fullBox("tfhd", 0, 0, u32(7)), fullBox("trun", 0, 0, u32(0))));
    expectFailure(probeRecording(Buffer.concat([buf, stray])), /track 7/);
  });
});

describe("probeRecording on bad input", () => {
  it("rejects empty and unrecognised input", () => {
    expectFailure(probeRecording(Buffer.alloc(0)), /empty/);
    expectFailure(probeRecording(Buffer.from("RIFF....AVI LIST")), /unrecognised/);
  });

  it("never throws on random bytes, with or without a valid-looking magic", () => {
    const random = seededRandom(42);
    for (let i = 0; i < 300; i++) {
      const body = randomBytes(random, 1 + Math.floor(random() * 600));
      const prefixes = [Buffer.alloc(0), Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.concat([u32(16), Buffer.from("ftyp")])];
      for (const prefix of prefixes) {
        const result = probeRecording(Buffer.concat([prefix, body]));
        expect(result.ok).toBe(false);
      }
    }
  });

  it("rejects every truncation of a finalised WebM and of a progressive MP4, without throwing", () => {
    const files = [
      buildWebm({ durationMs: 400, live: false, headerDurationMs: 400, frameBytes: 8 }),
      buildMp4({ durationMs: 400, sampleBytes: 8 }),
    ];
    for (const file of files) {
      expect(probeRecording(file).ok).toBe(true);
      for (let cut = 1; cut < file.length; cut++) {
        const result = probeRecording(file.subarray(0, cut));
        if (result.ok) throw new Error(`a ${cut}-byte prefix of ${file.length} bytes was accepted`);
      }
    }
  });

  it("never over-reports a cut-off live WebM or fragmented MP4: a prefix fails or holds no more than the whole", () => {
    // Both formats can end after any complete cluster/fragment, so a cut exactly there looks
    // like a shorter complete file; a cut anywhere else must be detected.
    const files = [
      buildWebm({ durationMs: 400, frameBytes: 8, clusterMs: 200 }),
      buildMp4({ durationMs: 400, fragmented: true, fragmentMs: 200, sampleBytes: 8 }),
    ];
    for (const file of files) {
      const full = expectOk(probeRecording(file));
      let rejected = 0;
      for (let cut = 1; cut < file.length; cut++) {
        const result = probeRecording(file.subarray(0, cut));
        if (!result.ok) {
          rejected++;
          continue;
        }
        expect(result.videoFrames).toBeLessThanOrEqual(full.videoFrames);
        expect(result.durationMs ?? 0).toBeLessThanOrEqual(full.durationMs ?? 0);
      }
      expect(rejected).toBeGreaterThan(file.length * 0.9);
    }
  });

  it("reports huge declared sizes instead of trusting them", () => {
    const header = ebml(EBML_ID.EBML, ebml(EBML_ID.DocType, Buffer.from("webm")));
    const hugeSegment = Buffer.concat([Buffer.from([0x18, 0x53, 0x80, 0x67, 0x01, 0x00, 0xff, 0xff, 0xff, 0xff, 0xff, 0x00]), Buffer.alloc(32)]);
    expectFailure(probeRecording(Buffer.concat([header, hugeSegment])), /declares/);

    const ftyp = box("ftyp", Buffer.from("isom"), u32(0));
    const largesize = Buffer.concat([u32(1), Buffer.from("moov"), Buffer.from([0, 0, 1, 0, 0, 0, 0, 0])]);
    expectFailure(probeRecording(Buffer.concat([ftyp, largesize])), /declares/);
  });

  it("rejects sample counts the table cannot hold, and quickly", () => {
    const ftyp = box("ftyp", Buffer.from("isom"), u32(0));
    const lying = (stsz: Buffer) =>
      Buffer.concat([
        ftyp,
        box(
          "moov",
          fullBox("mvhd", 0, 0, u32(0), u32(0), u32(1000), u32(1000), Buffer.alloc(80)),
          box(
            "trak",
            fullBox("tkhd", 0, 3, u32(0), u32(0), u32(1), Buffer.alloc(68)),
            box("mdia", fullBox("hdlr", 0, 0, u32(0), Buffer.from("vide"), Buffer.alloc(12)), box("minf", box("stbl", stsz))),
          ),
        ),
        box("mdat", Buffer.alloc(64)),
      ]);
    const started = performance.now();
    expectFailure(probeRecording(lying(fullBox("stsz", 0, 0, u32(0), u32(0xffffffff)))), /too short/);
    // A constant sample size with 4 billion samples claims far more bytes than mdat holds.
    expectFailure(probeRecording(lying(fullBox("stsz", 0, 0, u32(100), u32(0xffffffff)))), /mdat/);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("survives deep nesting without recursing into it", () => {
    let nestedBoxes = box("free");
    for (let i = 0; i < 5000; i++) nestedBoxes = box("moov", nestedBoxes);
    expectFailure(probeRecording(Buffer.concat([box("ftyp", Buffer.from("isom"), u32(0)), nestedBoxes])), /trak/);

    let nestedEbml = ebml(EBML_ID.Void, []);
    for (let i = 0; i < 5000; i++) nestedEbml = ebml(EBML_ID.BlockGroup, nestedEbml);
    const header = ebml(EBML_ID.EBML, ebml(EBML_ID.DocType, Buffer.from("webm")));
    const cluster = ebml(EBML_ID.Cluster, Buffer.concat([ebmlUint(EBML_ID.Timecode, 0), nestedEbml]));
    const tracks = ebml(EBML_ID.Tracks, ebml(EBML_ID.TrackEntry, Buffer.concat([ebmlUint(EBML_ID.TrackNumber, 1), ebmlUint(EBML_ID.TrackType, 1)])));
    const result = expectOk(probeRecording(Buffer.concat([header, ebml(EBML_ID.Segment, Buffer.concat([tracks, cluster]))])));
    expect(result.videoFrames).toBe(0);
  });

  it("rejects a block that comes before its cluster's Timecode", () => {
    const header = ebml(EBML_ID.EBML, ebml(EBML_ID.DocType, Buffer.from("webm")));
    const tracks = ebml(EBML_ID.Tracks, ebml(EBML_ID.TrackEntry, Buffer.concat([ebmlUint(EBML_ID.TrackNumber, 1), ebmlUint(EBML_ID.TrackType, 1)])));
    const cluster = ebml(EBML_ID.Cluster, ebml(EBML_ID.SimpleBlock, [0x81, 0, 0, 0x80, 1, 2, 3]));
    expectFailure(probeRecording(Buffer.concat([header, ebml(EBML_ID.Segment, Buffer.concat([tracks, cluster]))])), /Timecode/);
  });
});
