/**
 * WebM / Matroska (EBML) probe: reads just enough of the file to tell what it holds.
 *
 * Walked: EBML header (DocType) -> Segment -> Info (TimecodeScale, Duration), Tracks
 * (TrackEntry: TrackNumber, TrackType 1 video / 2 audio, DefaultDuration), Clusters
 * (Timecode, SimpleBlock, BlockGroup/Block/BlockDuration). Everything else is skipped by size.
 *
 * MediaRecorder writes WebM "live": the Segment and every Cluster have unknown size and the
 * Info has no Duration, so an unknown-size Cluster ends where the next Segment-level element
 * starts, and the duration is derived from the block timestamps.
 *
 * Only the fixed path above is descended into, so nesting depth is bounded by construction
 * (at most Segment > Cluster > BlockGroup > Block) whatever the input claims; every declared
 * size is checked against its parent before use, so a huge size is reported, never allocated.
 */
import { fail, readUintBE, type ProbeResult } from "./probeResult";

const ID = {
  EBML: 0x1a45dfa3,
  DocType: 0x4282,
  Segment: 0x18538067,
  SeekHead: 0x114d9b74,
  Info: 0x1549a966,
  TimecodeScale: 0x2ad7b1,
  Duration: 0x4489,
  Tracks: 0x1654ae6b,
  TrackEntry: 0xae,
  TrackNumber: 0xd7,
  TrackType: 0x83,
  DefaultDuration: 0x23e383,
  Cluster: 0x1f43b675,
  Timecode: 0xe7,
  SimpleBlock: 0xa3,
  BlockGroup: 0xa0,
  Block: 0xa1,
  BlockDuration: 0x9b,
  Cues: 0x1c53bb6b,
  Chapters: 0x1043a770,
  Tags: 0x1254c367,
  Attachments: 0x1941a469,
} as const;

/** Elements that can follow a Cluster inside the Segment: seeing one ends an unknown-size Cluster. */
const SEGMENT_LEVEL = new Set<number>([
  ID.SeekHead, ID.Info, ID.Tracks, ID.Cluster, ID.Cues, ID.Chapters, ID.Tags, ID.Attachments, ID.EBML, ID.Segment,
]);

const TRACK_TYPE_VIDEO = 1;
const TRACK_TYPE_AUDIO = 2;
/** Matroska default: timestamps in milliseconds. */
const DEFAULT_TIMECODE_SCALE_NS = 1_000_000;

interface Element {
  id: number;
  dataStart: number;
  /** For an unknown-size element, the parent's end until the caller finds the real end. */
  dataEnd: number;
  unknownSize: boolean;
}

interface TrackStats {
  frames: number;
  blocks: number;
  minTs: number;
  maxTs: number;
  /** BlockDuration of the block at maxTs, in timecode ticks, when the file gives one. */
  durationAtMax: number | null;
}

const hex = (id: number) => `0x${id.toString(16).toUpperCase()}`;

/** Length of an EBML variable-size integer from its first byte (1..8), 0 if invalid. */
function vintLength(first: number): number {
  return first === 0 ? 0 : Math.clz32(first) - 23;
}

function readId(buf: Buffer, pos: number, end: number): { id: number; length: number } {
  if (pos >= end) fail(`truncated: element id expected at offset ${pos}`);
  const length = vintLength(buf[pos] ?? 0);
  if (length === 0 || length > 4) fail(`invalid element id at offset ${pos}`);
  if (pos + length > end) fail(`truncated: element id at offset ${pos}`);
  return { id: readUintBE(buf, pos, length), length };
}

function readElement(buf: Buffer, pos: number, end: number): Element {
  const { id, length: idLength } = readId(buf, pos, end);
  const sizePos = pos + idLength;
  if (sizePos >= end) fail(`truncated: size of element ${hex(id)} at offset ${pos}`);
  const first = buf[sizePos] ?? 0;
  const sizeLength = vintLength(first);
  if (sizeLength === 0) fail(`invalid size of element ${hex(id)} at offset ${pos}`);
  if (sizePos + sizeLength > end) fail(`truncated: size of element ${hex(id)} at offset ${pos}`);
  const dataStart = sizePos + sizeLength;
  const mask = 0xff >> sizeLength;
  let allOnes = (first & mask) === mask;
  for (let i = 1; i < sizeLength; i++) allOnes &&= buf[sizePos + i] === 0xff;
  if (allOnes) return { id, dataStart, dataEnd: end, unknownSize: true };
  let size = first & mask;
  for (let i = 1; i < sizeLength; i++) size = size * 256 + (buf[sizePos + i] ?? 0);
  if (size > end - dataStart) {
    fail(`element ${hex(id)} at offset ${pos} declares ${size} bytes but only ${end - dataStart} remain (truncated or corrupt)`);
  }
  return { id, dataStart, dataEnd: dataStart + size, unknownSize: false };
}

/** The children of a known-size master element, each with a known size. */
function* childrenOf(buf: Buffer, parent: Element): Generator<Element> {
  let pos = parent.dataStart;
  while (pos < parent.dataEnd) {
    const child = readElement(buf, pos, parent.dataEnd);
    if (child.unknownSize) fail(`element ${hex(child.id)} at offset ${pos} has an unknown size where one is required`);
    yield child;
    pos = child.dataEnd;
  }
}

const uintOf = (buf: Buffer, el: Element) => readUintBE(buf, el.dataStart, el.dataEnd - el.dataStart);

function floatOf(buf: Buffer, el: Element): number {
  const size = el.dataEnd - el.dataStart;
  if (size === 0) return 0;
  if (size === 4) return buf.readFloatBE(el.dataStart);
  if (size === 8) return buf.readDoubleBE(el.dataStart);
  return fail(`float element ${hex(el.id)} has invalid size ${size}`);
}

/** Parse state of one file; a fresh one per probe. */
interface WebmState {
  timecodeScaleNs: number;
  /** Duration from Info, in timecode ticks, if the header declares a usable one. */
  headerDuration: number | null;
  trackTypes: Map<number, number>;
  defaultDurationNs: Map<number, number>;
  stats: Map<number, TrackStats>;
  sawTracks: boolean;
}

function parseInfo(buf: Buffer, info: Element, state: WebmState): void {
  for (const el of childrenOf(buf, info)) {
    if (el.id === ID.TimecodeScale) {
      const scale = uintOf(buf, el);
      if (scale === 0) fail("TimecodeScale is 0");
      state.timecodeScaleNs = scale;
    } else if (el.id === ID.Duration) {
      const duration = floatOf(buf, el);
      // A zero, negative or non-finite Duration is as good as none: fall back to timestamps.
      state.headerDuration = Number.isFinite(duration) && duration > 0 ? duration : null;
    }
  }
}

function parseTracks(buf: Buffer, tracks: Element, state: WebmState): void {
  state.sawTracks = true;
  for (const entry of childrenOf(buf, tracks)) {
    if (entry.id !== ID.TrackEntry) continue;
    let number: number | null = null;
    let type: number | null = null;
    let defaultDuration: number | null = null;
    for (const el of childrenOf(buf, entry)) {
      if (el.id === ID.TrackNumber) number = uintOf(buf, el);
      else if (el.id === ID.TrackType) type = uintOf(buf, el);
      else if (el.id === ID.DefaultDuration) defaultDuration = uintOf(buf, el);
    }
    if (number === null || number === 0) fail("TrackEntry without a TrackNumber");
    if (type !== null) state.trackTypes.set(number, type);
    if (defaultDuration !== null) state.defaultDurationNs.set(number, defaultDuration);
  }
}

/** Records one Block / SimpleBlock: track number, relative timecode, frame count (lacing). */
function recordBlock(buf: Buffer, block: Element, clusterTs: number | null, duration: number | null, state: WebmState): void {
  if (clusterTs === null) fail(`block at offset ${block.dataStart} comes before its Cluster Timecode`);
  const trackLength = vintLength(buf[block.dataStart] ?? 0);
  const headerLength = trackLength + 3;
  if (trackLength === 0 || block.dataEnd - block.dataStart < headerLength) {
    fail(`block at offset ${block.dataStart} is too short`);
  }
  let track = (buf[block.dataStart] ?? 0) & (0xff >> trackLength);
  for (let i = 1; i < trackLength; i++) track = track * 256 + (buf[block.dataStart + i] ?? 0);
  const ts = clusterTs + buf.readInt16BE(block.dataStart + trackLength);
  const flags = buf[block.dataStart + trackLength + 2] ?? 0;
  const payload = block.dataEnd - block.dataStart - headerLength;
  const laced = (flags & 0x06) !== 0;
  // With lacing the first payload byte is (frames - 1); without it the block is one frame.
  const frames = payload <= 0 ? 0 : laced ? (buf[block.dataStart + headerLength] ?? 0) + 1 : 1;
  if (frames === 0) return;
  const stats = state.stats.get(track) ?? { frames: 0, blocks: 0, minTs: ts, maxTs: ts, durationAtMax: duration };
  stats.frames += frames;
  stats.blocks += 1;
  stats.minTs = Math.min(stats.minTs, ts);
  if (ts >= stats.maxTs) {
    stats.maxTs = ts;
    stats.durationAtMax = duration;
  }
  state.stats.set(track, stats);
}

/** Parses a Cluster and returns where it really ends (needed when its size is unknown). */
function parseCluster(buf: Buffer, cluster: Element, state: WebmState): number {
  let clusterTs: number | null = null;
  let pos = cluster.dataStart;
  while (pos < cluster.dataEnd) {
    if (cluster.unknownSize && SEGMENT_LEVEL.has(readId(buf, pos, cluster.dataEnd).id)) return pos;
    const el = readElement(buf, pos, cluster.dataEnd);
    if (el.unknownSize) fail(`element ${hex(el.id)} at offset ${pos} has an unknown size inside a Cluster`);
    if (el.id === ID.Timecode) clusterTs = uintOf(buf, el);
    else if (el.id === ID.SimpleBlock) recordBlock(buf, el, clusterTs, null, state);
    else if (el.id === ID.BlockGroup) {
      let block: Element | null = null;
      let duration: number | null = null;
      for (const child of childrenOf(buf, el)) {
        if (child.id === ID.Block) block = child;
        else if (child.id === ID.BlockDuration) duration = uintOf(buf, child);
      }
      if (block) recordBlock(buf, block, clusterTs, duration, state);
    }
    pos = el.dataEnd;
  }
  return cluster.dataEnd;
}

/** End of a track's last frame in ticks: its BlockDuration, else DefaultDuration, else the mean frame interval. */
function trackEnd(track: number, stats: TrackStats, state: WebmState): number {
  const defaultNs = state.defaultDurationNs.get(track);
  const lastFrame =
    stats.durationAtMax ??
    (defaultNs !== undefined ? defaultNs / state.timecodeScaleNs : null) ??
    (stats.blocks > 1 ? (stats.maxTs - stats.minTs) / (stats.blocks - 1) : 0);
  return stats.maxTs + lastFrame;
}

function durationMsOf(state: WebmState): number | null {
  const msPerTick = state.timecodeScaleNs / 1_000_000;
  if (state.headerDuration !== null) return Math.round(state.headerDuration * msPerTick);
  if (state.stats.size === 0) return null;
  let start = Infinity;
  let end = -Infinity;
  for (const [track, stats] of state.stats) {
    start = Math.min(start, stats.minTs);
    end = Math.max(end, trackEnd(track, stats, state));
  }
  return Math.round((end - start) * msPerTick);
}

/** Probe a WebM/Matroska file. Throws ProbeFailure on malformed input (probeRecording catches it). */
export function probeWebm(buf: Buffer): ProbeResult {
  const header = readElement(buf, 0, buf.length);
  if (header.id !== ID.EBML || header.unknownSize) fail("not an EBML file: missing EBML header");
  let docType = "matroska"; // the EBML default when DocType is absent
  for (const el of childrenOf(buf, header)) {
    if (el.id === ID.DocType) docType = buf.toString("latin1", el.dataStart, el.dataEnd).replace(/\0+$/, "");
  }
  if (docType !== "webm" && docType !== "matroska") fail(`unsupported EBML DocType "${docType}"`);

  let pos = header.dataEnd;
  let segment: Element | null = null;
  while (pos < buf.length && segment === null) {
    const el = readElement(buf, pos, buf.length);
    if (el.id === ID.Segment) segment = el;
    else if (el.unknownSize) fail(`element ${hex(el.id)} before the Segment has an unknown size`);
    pos = el.dataEnd;
  }
  if (segment === null) fail("no Segment element");

  const state: WebmState = {
    timecodeScaleNs: DEFAULT_TIMECODE_SCALE_NS,
    headerDuration: null,
    trackTypes: new Map(),
    defaultDurationNs: new Map(),
    stats: new Map(),
    sawTracks: false,
  };
  pos = segment.dataStart;
  while (pos < segment.dataEnd) {
    const el = readElement(buf, pos, segment.dataEnd);
    if (el.id === ID.Cluster) {
      pos = parseCluster(buf, el, state);
      continue;
    }
    if (el.unknownSize) fail(`element ${hex(el.id)} at offset ${pos} has an unknown size where one is required`);
    if (el.id === ID.Info) parseInfo(buf, el, state);
    else if (el.id === ID.Tracks) parseTracks(buf, el, state);
    pos = el.dataEnd;
  }
  if (!state.sawTracks || state.trackTypes.size === 0) fail("no Tracks: the file declares no video or audio track");

  let videoFrames = 0;
  for (const [track, stats] of state.stats) {
    if (state.trackTypes.get(track) === TRACK_TYPE_VIDEO) videoFrames += stats.frames;
  }
  const types = [...state.trackTypes.values()];
  return {
    ok: true,
    container: "webm",
    durationMs: durationMsOf(state),
    hasVideo: types.includes(TRACK_TYPE_VIDEO),
    hasAudio: types.includes(TRACK_TYPE_AUDIO),
    videoFrames,
  };
}
