/**
 * Container-shaped bytes built byte by byte, so no media file is committed: a minimal EBML
 * writer for WebM shaped like MediaRecorder output (live: unknown Segment/Cluster sizes and no
 * Duration) or like a finalised file, and a minimal ISO-BMFF writer for progressive and
 * fragmented MP4, plus seeded random bytes.
 *
 * Frame payloads are filler: nothing here decodes. They suit tests of the browser side (file
 * input checks, scrambling, the upload's wire format); the service decodes every recording with
 * ffmpeg and refuses these as VIDEO_UNREADABLE. Tests that need the service to accept or judge
 * a recording make a real one with tests/fixtures/mediaMaker.ts.
 */

// ---------- EBML ----------

function idBytes(id: number): number[] {
  const out: number[] = [];
  for (let v = id; v > 0; v = Math.floor(v / 256)) out.unshift(v % 256);
  return out;
}

/** Smallest EBML size VINT for `size`; the all-ones value of a length is reserved for "unknown". */
function sizeVint(size: number): number[] {
  for (let length = 1; length <= 8; length++) {
    if (size < 2 ** (7 * length) - 1) {
      const out: number[] = [];
      let v = size;
      for (let i = 0; i < length; i++) {
        out.unshift(v % 256);
        v = Math.floor(v / 256);
      }
      out[0] = (out[0] ?? 0) | (0x80 >> (length - 1));
      return out;
    }
  }
  throw new RangeError(`size ${size} too large for a fixture`);
}

export const UNKNOWN_SIZE = [0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff];

export function ebml(id: number, payload: Uint8Array | number[], opts: { unknownSize?: boolean } = {}): Buffer {
  const body = Buffer.from(payload);
  return Buffer.concat([
    Buffer.from(idBytes(id)),
    Buffer.from(opts.unknownSize ? UNKNOWN_SIZE : sizeVint(body.length)),
    body,
  ]);
}

export function ebmlUint(id: number, value: number): Buffer {
  const bytes = idBytes(value);
  return ebml(id, bytes.length ? bytes : [0]);
}

export function ebmlFloat64(id: number, value: number): Buffer {
  const b = Buffer.alloc(8);
  b.writeDoubleBE(value);
  return ebml(id, b);
}

export const EBML_ID = {
  EBML: 0x1a45dfa3,
  DocType: 0x4282,
  Segment: 0x18538067,
  Info: 0x1549a966,
  TimecodeScale: 0x2ad7b1,
  Duration: 0x4489,
  Tracks: 0x1654ae6b,
  TrackEntry: 0xae,
  TrackNumber: 0xd7,
  TrackType: 0x83,
  Cluster: 0x1f43b675,
  Timecode: 0xe7,
  SimpleBlock: 0xa3,
  BlockGroup: 0xa0,
  Block: 0xa1,
  BlockDuration: 0x9b,
  Void: 0xec,
} as const;

function blockBody(track: number, relativeTs: number, flags: number, payloadBytes: number): Buffer {
  const head = Buffer.alloc(4);
  head[0] = 0x80 | track;
  head.writeInt16BE(relativeTs, 1);
  head[3] = flags;
  return Buffer.concat([head, Buffer.alloc(payloadBytes, 0x5a)]);
}

export interface WebmOptions {
  durationMs: number;
  /** Video track 1 at this frame rate; null for none. */
  videoFps?: number | null;
  /** Audio track 2 with one block per this many ms (Opus: 20); null for none. */
  audioFrameMs?: number | null;
  /** Write Info/Duration (a finalised file). MediaRecorder output has none. */
  headerDurationMs?: number | null;
  /** Unknown-size Segment and Clusters, as MediaRecorder writes them. Default true. */
  live?: boolean;
  clusterMs?: number;
  timecodeScaleNs?: number;
  /** Write video frames as BlockGroup/Block instead of SimpleBlock. */
  blockGroups?: boolean;
  docType?: string;
  frameBytes?: number;
}

/** A WebM recording with the given tracks and timing. */
export function buildWebm(opts: WebmOptions): Buffer {
  const {
    durationMs,
    videoFps = 30,
    audioFrameMs = 20,
    headerDurationMs = null,
    live = true,
    clusterMs = 1000,
    timecodeScaleNs = 1_000_000,
    blockGroups = false,
    docType = "webm",
    frameBytes = 64,
  } = opts;
  const ticksPerMs = 1_000_000 / timecodeScaleNs;
  const header = ebml(EBML_ID.EBML, Buffer.concat([ebml(EBML_ID.DocType, Buffer.from(docType, "latin1"))]));
  const info = ebml(
    EBML_ID.Info,
    Buffer.concat([
      ebmlUint(EBML_ID.TimecodeScale, timecodeScaleNs),
      ...(headerDurationMs === null ? [] : [ebmlFloat64(EBML_ID.Duration, headerDurationMs * ticksPerMs)]),
    ]),
  );
  const entries: Buffer[] = [];
  if (videoFps !== null) {
    entries.push(ebml(EBML_ID.TrackEntry, Buffer.concat([ebmlUint(EBML_ID.TrackNumber, 1), ebmlUint(EBML_ID.TrackType, 1)])));
  }
  if (audioFrameMs !== null) {
    entries.push(ebml(EBML_ID.TrackEntry, Buffer.concat([ebmlUint(EBML_ID.TrackNumber, 2), ebmlUint(EBML_ID.TrackType, 2)])));
  }
  const tracks = ebml(EBML_ID.Tracks, Buffer.concat(entries));

  type Frame = { track: number; ms: number };
  const frames: Frame[] = [];
  if (videoFps !== null) for (let i = 0; (i * 1000) / videoFps < durationMs; i++) frames.push({ track: 1, ms: (i * 1000) / videoFps });
  if (audioFrameMs !== null) for (let ms = 0; ms < durationMs; ms += audioFrameMs) frames.push({ track: 2, ms });
  frames.sort((a, b) => a.ms - b.ms || a.track - b.track);

  const clusters: Buffer[] = [];
  for (let start = 0; start < durationMs; start += clusterMs) {
    const inCluster = frames.filter((f) => f.ms >= start && f.ms < start + clusterMs);
    const startTicks = Math.round(start * ticksPerMs);
    const children = [ebmlUint(EBML_ID.Timecode, startTicks)];
    for (const f of inCluster) {
      const rel = Math.round(f.ms * ticksPerMs) - startTicks;
      if (blockGroups && f.track === 1) {
        const duration = videoFps === null ? 0 : Math.round((1000 / videoFps) * ticksPerMs);
        children.push(
          ebml(
            EBML_ID.BlockGroup,
            Buffer.concat([ebml(EBML_ID.Block, blockBody(f.track, rel, 0, frameBytes)), ebmlUint(EBML_ID.BlockDuration, duration)]),
          ),
        );
      } else {
        children.push(ebml(EBML_ID.SimpleBlock, blockBody(f.track, rel, 0x80, frameBytes)));
      }
    }
    clusters.push(ebml(EBML_ID.Cluster, Buffer.concat(children), { unknownSize: live }));
  }
  const segment = ebml(EBML_ID.Segment, Buffer.concat([info, tracks, ...clusters]), { unknownSize: live });
  return Buffer.concat([header, segment]);
}

// ---------- ISO-BMFF ----------

const u8 = (v: number) => Buffer.from([v]);
export function u32(v: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(v);
  return b;
}
function u64(v: number): Buffer {
  const b = Buffer.alloc(8);
  b.writeBigUInt64BE(BigInt(v));
  return b;
}

export function box(type: string, ...payload: Buffer[]): Buffer {
  const body = Buffer.concat(payload);
  return Buffer.concat([u32(8 + body.length), Buffer.from(type, "latin1"), body]);
}

export function fullBox(type: string, version: number, flags: number, ...payload: Buffer[]): Buffer {
  return box(type, u8(version), Buffer.from([(flags >> 16) & 0xff, (flags >> 8) & 0xff, flags & 0xff]), ...payload);
}

interface TrackSpec {
  id: number;
  handler: "vide" | "soun";
  timescale: number;
  /** Sample duration in track ticks. */
  delta: number;
  count: number;
}

function tracksFor(durationMs: number, videoFps: number | null, audioSampleMs: number | null): TrackSpec[] {
  const tracks: TrackSpec[] = [];
  if (videoFps !== null) {
    tracks.push({ id: 1, handler: "vide", timescale: 90000, delta: 90000 / videoFps, count: Math.ceil((durationMs * videoFps) / 1000) });
  }
  if (audioSampleMs !== null) {
    tracks.push({ id: 2, handler: "soun", timescale: 48000, delta: 48 * audioSampleMs, count: Math.ceil(durationMs / audioSampleMs) });
  }
  return tracks;
}

function trak(t: TrackSpec, stbl: Buffer, mdhdDuration: number): Buffer {
  const tkhd = fullBox("tkhd", 0, 3, u32(0), u32(0), u32(t.id), u32(0), u32(0), Buffer.alloc(60));
  const mdhd = fullBox("mdhd", 0, 0, u32(0), u32(0), u32(t.timescale), u32(mdhdDuration), Buffer.alloc(4));
  const hdlr = fullBox("hdlr", 0, 0, u32(0), Buffer.from(t.handler, "latin1"), Buffer.alloc(12), Buffer.from("Handler\0"));
  const mhd = t.handler === "vide" ? fullBox("vmhd", 0, 1, Buffer.alloc(8)) : fullBox("smhd", 0, 0, Buffer.alloc(4));
  return box("trak", tkhd, box("mdia", mdhd, hdlr, box("minf", mhd, stbl)));
}

export interface Mp4Options {
  durationMs: number;
  videoFps?: number | null;
  audioSampleMs?: number | null;
  /** moof/traf/trun fragments (MediaRecorder) instead of one progressive moov sample table. */
  fragmented?: boolean;
  fragmentMs?: number;
  /** Write the duration into mvhd (default true for progressive, false for fragmented). */
  headerDuration?: boolean;
  /** Fragments use tfhd default duration/size and trun without per-sample fields. */
  fragmentDefaults?: boolean;
  sampleBytes?: number;
  /** Leave out the mdat box(es), keeping the sample tables. */
  omitMdat?: boolean;
  /**
   * Fragmented only: the track headers (mdhd) claim this many ms, as Chromium writes them when
   * a chunked recording's header is emitted before the recording is over.
   */
  partialTrackHeaderMs?: number;
}

/** An MP4 recording with the given tracks and timing. */
export function buildMp4(opts: Mp4Options): Buffer {
  const {
    durationMs,
    videoFps = 30,
    audioSampleMs = 20,
    fragmented = false,
    fragmentMs = 1000,
    headerDuration = !fragmented,
    fragmentDefaults = false,
    sampleBytes = 48,
    omitMdat = false,
    partialTrackHeaderMs = 0,
  } = opts;
  const tracks = tracksFor(durationMs, videoFps, audioSampleMs);
  const ftyp = box("ftyp", Buffer.from("isom", "latin1"), u32(512), Buffer.from("isomiso2avc1mp41", "latin1"));
  const mvhd = fullBox("mvhd", 0, 0, u32(0), u32(0), u32(1000), u32(headerDuration ? durationMs : 0), Buffer.alloc(80));
  const stsd = fullBox("stsd", 0, 0, u32(0));

  if (!fragmented) {
    const traks = tracks.map((t) => {
      const stts = fullBox("stts", 0, 0, u32(1), u32(t.count), u32(t.delta));
      const stsz = fullBox("stsz", 0, 0, u32(0), u32(t.count), ...Array.from({ length: t.count }, () => u32(sampleBytes)));
      const stsc = fullBox("stsc", 0, 0, u32(0));
      const stco = fullBox("stco", 0, 0, u32(0));
      return trak(t, box("stbl", stsd, stts, stsc, stsz, stco), headerDuration ? t.count * t.delta : 0);
    });
    const total = tracks.reduce((n, t) => n + t.count * sampleBytes, 0);
    const parts = [ftyp, box("moov", mvhd, ...traks)];
    if (!omitMdat) parts.push(box("mdat", Buffer.alloc(total, 0x11)));
    return Buffer.concat(parts);
  }

  const emptyStbl = box("stbl", stsd, fullBox("stts", 0, 0, u32(0)), fullBox("stsc", 0, 0, u32(0)), fullBox("stsz", 0, 0, u32(0), u32(0)), fullBox("stco", 0, 0, u32(0)));
  const mvex = box("mvex", ...tracks.map((t) => fullBox("trex", 0, 0, u32(t.id), u32(1), u32(0), u32(0), u32(0))));
  const parts = [ftyp, box("moov", mvhd, mvex, ...tracks.map((t) => trak(t, emptyStbl, Math.round((partialTrackHeaderMs * t.timescale) / 1000))))];
  let sequence = 1;
  for (let start = 0; start < durationMs; start += fragmentMs) {
    const trafs: Buffer[] = [];
    let mdatBytes = 0;
    for (const t of tracks) {
      // Index of the first sample at or after `ms`, in integers to avoid float drift.
      const sampleAt = (ms: number) => Math.ceil((ms * t.timescale) / (1000 * t.delta));
      const first = sampleAt(start);
      const end = Math.min(t.count, sampleAt(start + fragmentMs));
      const count = Math.max(0, end - first);
      if (count === 0) continue;
      mdatBytes += count * sampleBytes;
      const tfdt = fullBox("tfdt", 1, 0, u64(first * t.delta));
      if (fragmentDefaults) {
        const tfhd = fullBox("tfhd", 0, 0x020000 | 0x08 | 0x10, u32(t.id), u32(t.delta), u32(sampleBytes));
        trafs.push(box("traf", tfhd, tfdt, fullBox("trun", 0, 0x1, u32(count), u32(0))));
      } else {
        const tfhd = fullBox("tfhd", 0, 0x020000, u32(t.id));
        const samples = Array.from({ length: count }, () => Buffer.concat([u32(t.delta), u32(sampleBytes)]));
        trafs.push(box("traf", tfhd, tfdt, fullBox("trun", 0, 0x1 | 0x100 | 0x200, u32(count), u32(0), ...samples)));
      }
    }
    parts.push(box("moof", fullBox("mfhd", 0, 0, u32(sequence++)), ...trafs));
    if (!omitMdat) parts.push(box("mdat", Buffer.alloc(mdatBytes, 0x22)));
  }
  return Buffer.concat(parts);
}

/** Deterministic pseudo-random numbers in [0, 1) (mulberry32), so failures reproduce. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function randomBytes(random: () => number, length: number): Buffer {
  return Buffer.from(Array.from({ length }, () => Math.floor(random() * 256)));
}
