/**
 * MP4 (ISO-BMFF) probe: reads just enough of the file to tell what it holds.
 *
 * Walked: ftyp (must come first); moov -> mvhd (timescale, duration), mvex -> mehd, trex
 * (fragment defaults); trak -> tkhd (track id), mdia -> mdhd (timescale, duration), hdlr
 * (vide / soun), minf -> stbl -> stsz|stz2 (sample count and sizes), stts (sample durations);
 * moof -> traf -> tfhd, tfdt, trun (fragmented MP4 as MediaRecorder writes it); mdat sizes.
 * Everything else is skipped by size.
 *
 * Only that fixed path is descended into, so nesting depth is bounded by construction; every
 * declared size and table length is checked against its parent before use, so a huge size or
 * sample count is reported, never trusted.
 */
import { fail, readUintBE, ticksToMs, type ProbeResult } from "./probeResult";

interface Box {
  type: string;
  start: number;
  dataStart: number;
  end: number;
}

function readBox(buf: Buffer, pos: number, end: number): Box {
  if (end - pos < 8) fail(`truncated: box header expected at offset ${pos}`);
  const size32 = buf.readUInt32BE(pos);
  const type = buf.toString("latin1", pos + 4, pos + 8);
  // Box types on the walked path are four printable ASCII characters; anything else is garbage.
  if (!/^[\x20-\x7e]{4}$/.test(type)) fail(`invalid box type at offset ${pos}`);
  let size = size32;
  let header = 8;
  if (size32 === 1) {
    if (end - pos < 16) fail(`truncated: 64-bit size of box "${type}" at offset ${pos}`);
    size = readUintBE(buf, pos + 8, 8);
    header = 16;
  } else if (size32 === 0) {
    size = end - pos; // "extends to the end of its container"
  }
  if (size < header) fail(`box "${type}" at offset ${pos} declares an impossible size ${size}`);
  if (size > end - pos) {
    fail(`box "${type}" at offset ${pos} declares ${size} bytes but only ${end - pos} remain (truncated or corrupt)`);
  }
  return { type, start: pos, dataStart: pos + header, end: pos + size };
}

function* childrenOf(buf: Buffer, parent: Box | { dataStart: number; end: number }): Generator<Box> {
  let pos = parent.dataStart;
  while (pos < parent.end) {
    const box = readBox(buf, pos, parent.end);
    yield box;
    pos = box.end;
  }
}

/** Fails unless the box payload holds at least `bytes` bytes. */
function need(box: Box, bytes: number): void {
  if (box.end - box.dataStart < bytes) fail(`box "${box.type}" at offset ${box.start} is too short`);
}

/** Version and flags of a FullBox. */
function fullBox(buf: Buffer, box: Box): { version: number; flags: number } {
  need(box, 4);
  return { version: buf[box.dataStart] ?? 0, flags: readUintBE(buf, box.dataStart + 1, 3) };
}

/** A 32- or 64-bit duration field; all ones means "unknown". */
function readDuration(buf: Buffer, pos: number, wide: boolean): number | null {
  if (wide) {
    if (buf.readUInt32BE(pos) === 0xffffffff && buf.readUInt32BE(pos + 4) === 0xffffffff) return null;
    return readUintBE(buf, pos, 8);
  }
  const value = buf.readUInt32BE(pos);
  return value === 0xffffffff ? null : value;
}

interface TrackInfo {
  handler: string | null;
  timescale: number | null;
  mdhdDuration: number | null;
  /** Samples listed in the sample tables of moov (non-fragmented part). */
  samples: number;
  sttsTicks: number;
}

interface FragmentStats {
  samples: number;
  /** End of the latest fragment sample in track ticks. */
  endTicks: number;
}

/** Parse state of one file; a fresh one per probe. */
interface Mp4State {
  movieTimescale: number | null;
  movieDuration: number | null;
  fragmentDuration: number | null;
  tracks: Map<number, TrackInfo>;
  trex: Map<number, { duration: number; size: number }>;
  fragments: Map<number, FragmentStats>;
  /** Sample bytes the tables account for, where sizes are known. */
  sampleBytes: number;
  mdatBytes: number;
  sawMoov: boolean;
}

function parseSampleTable(buf: Buffer, stbl: Box, track: TrackInfo, state: Mp4State): void {
  for (const box of childrenOf(buf, stbl)) {
    if (box.type === "stsz") {
      fullBox(buf, box);
      need(box, 12);
      const sampleSize = buf.readUInt32BE(box.dataStart + 4);
      const count = buf.readUInt32BE(box.dataStart + 8);
      track.samples += count;
      if (sampleSize !== 0) state.sampleBytes += sampleSize * count;
      else {
        need(box, 12 + 4 * count);
        for (let i = 0; i < count; i++) state.sampleBytes += buf.readUInt32BE(box.dataStart + 12 + 4 * i);
      }
    } else if (box.type === "stz2") {
      fullBox(buf, box);
      need(box, 12);
      const fieldBits = buf[box.dataStart + 7] ?? 0;
      const count = buf.readUInt32BE(box.dataStart + 8);
      if (fieldBits !== 4 && fieldBits !== 8 && fieldBits !== 16) fail(`stz2 field size ${fieldBits} is invalid`);
      need(box, 12 + Math.ceil((count * fieldBits) / 8));
      track.samples += count;
    } else if (box.type === "stts") {
      fullBox(buf, box);
      need(box, 8);
      const entries = buf.readUInt32BE(box.dataStart + 4);
      need(box, 8 + 8 * entries);
      for (let i = 0; i < entries; i++) {
        const at = box.dataStart + 8 + 8 * i;
        track.sttsTicks += buf.readUInt32BE(at) * buf.readUInt32BE(at + 4);
      }
    }
  }
}

function parseTrak(buf: Buffer, trak: Box, state: Mp4State): void {
  let id: number | null = null;
  const track: TrackInfo = { handler: null, timescale: null, mdhdDuration: null, samples: 0, sttsTicks: 0 };
  for (const box of childrenOf(buf, trak)) {
    if (box.type === "tkhd") {
      const { version } = fullBox(buf, box);
      const at = version === 1 ? 20 : 12;
      need(box, at + 4);
      id = buf.readUInt32BE(box.dataStart + at);
    } else if (box.type === "mdia") {
      for (const mdiaChild of childrenOf(buf, box)) {
        if (mdiaChild.type === "mdhd") {
          const { version } = fullBox(buf, mdiaChild);
          const at = version === 1 ? 20 : 12;
          need(mdiaChild, at + (version === 1 ? 12 : 8));
          track.timescale = buf.readUInt32BE(mdiaChild.dataStart + at) || null;
          track.mdhdDuration = readDuration(buf, mdiaChild.dataStart + at + 4, version === 1);
        } else if (mdiaChild.type === "hdlr") {
          fullBox(buf, mdiaChild);
          need(mdiaChild, 12);
          track.handler = buf.toString("latin1", mdiaChild.dataStart + 8, mdiaChild.dataStart + 12);
        } else if (mdiaChild.type === "minf") {
          for (const minfChild of childrenOf(buf, mdiaChild)) {
            if (minfChild.type === "stbl") parseSampleTable(buf, minfChild, track, state);
          }
        }
      }
    }
  }
  if (id === null) fail(`trak at offset ${trak.start} has no tkhd`);
  if (state.tracks.has(id)) fail(`two tracks share the id ${id}`);
  state.tracks.set(id, track);
}

function parseMoov(buf: Buffer, moov: Box, state: Mp4State): void {
  state.sawMoov = true;
  for (const box of childrenOf(buf, moov)) {
    if (box.type === "mvhd") {
      const { version } = fullBox(buf, box);
      const at = version === 1 ? 20 : 12;
      need(box, at + (version === 1 ? 12 : 8));
      state.movieTimescale = buf.readUInt32BE(box.dataStart + at) || null;
      state.movieDuration = readDuration(buf, box.dataStart + at + 4, version === 1);
    } else if (box.type === "trak") {
      parseTrak(buf, box, state);
    } else if (box.type === "mvex") {
      for (const child of childrenOf(buf, box)) {
        if (child.type === "mehd") {
          const { version } = fullBox(buf, child);
          need(child, version === 1 ? 12 : 8);
          state.fragmentDuration = readDuration(buf, child.dataStart + 4, version === 1);
        } else if (child.type === "trex") {
          fullBox(buf, child);
          need(child, 24);
          state.trex.set(buf.readUInt32BE(child.dataStart + 4), {
            duration: buf.readUInt32BE(child.dataStart + 12),
            size: buf.readUInt32BE(child.dataStart + 16),
          });
        }
      }
    }
  }
}

const TFHD = { baseDataOffset: 0x1, descriptionIndex: 0x2, duration: 0x8, size: 0x10, flags: 0x20 } as const;
const TRUN = { dataOffset: 0x1, firstFlags: 0x4, duration: 0x100, size: 0x200, flags: 0x400, cto: 0x800 } as const;

function parseTraf(buf: Buffer, traf: Box, state: Mp4State): void {
  let trackId: number | null = null;
  let defaultDuration: number | null = null;
  let defaultSize: number | null = null;
  let baseTime: number | null = null;
  const runs: Box[] = [];
  for (const box of childrenOf(buf, traf)) {
    if (box.type === "tfhd") {
      const { flags } = fullBox(buf, box);
      need(box, 8);
      trackId = buf.readUInt32BE(box.dataStart + 4);
      let at = 8 + (flags & TFHD.baseDataOffset ? 8 : 0) + (flags & TFHD.descriptionIndex ? 4 : 0);
      need(box, at + (flags & TFHD.duration ? 4 : 0) + (flags & TFHD.size ? 4 : 0) + (flags & TFHD.flags ? 4 : 0));
      if (flags & TFHD.duration) {
        defaultDuration = buf.readUInt32BE(box.dataStart + at);
        at += 4;
      }
      if (flags & TFHD.size) defaultSize = buf.readUInt32BE(box.dataStart + at);
    } else if (box.type === "tfdt") {
      const { version } = fullBox(buf, box);
      need(box, version === 1 ? 12 : 8);
      baseTime = version === 1 ? readUintBE(buf, box.dataStart + 4, 8) : buf.readUInt32BE(box.dataStart + 4);
    } else if (box.type === "trun") {
      runs.push(box);
    }
  }
  if (trackId === null) fail(`traf at offset ${traf.start} has no tfhd`);
  const trex = state.trex.get(trackId);
  const sampleDuration = defaultDuration ?? trex?.duration ?? 0;
  const sampleSize = defaultSize ?? trex?.size ?? 0;
  const stats = state.fragments.get(trackId) ?? { samples: 0, endTicks: 0 };
  let ticks = baseTime ?? stats.endTicks;
  for (const run of runs) {
    const { flags } = fullBox(buf, run);
    need(run, 8);
    const count = buf.readUInt32BE(run.dataStart + 4);
    const header = 8 + (flags & TRUN.dataOffset ? 4 : 0) + (flags & TRUN.firstFlags ? 4 : 0);
    const perSample = [TRUN.duration, TRUN.size, TRUN.flags, TRUN.cto].filter((bit) => flags & bit).length * 4;
    need(run, header + count * perSample);
    if (perSample === 0) {
      // No per-sample fields: every sample takes the defaults. Computed, not looped, because
      // the count is whatever the file claims (up to 2^32) and costs no bytes to claim.
      ticks += count * sampleDuration;
      state.sampleBytes += count * sampleSize;
      stats.samples += count;
      continue;
    }
    for (let i = 0; i < count; i++) {
      let at = run.dataStart + header + i * perSample;
      if (flags & TRUN.duration) {
        ticks += buf.readUInt32BE(at);
        at += 4;
      } else ticks += sampleDuration;
      state.sampleBytes += flags & TRUN.size ? buf.readUInt32BE(at) : sampleSize;
    }
    stats.samples += count;
  }
  stats.endTicks = Math.max(stats.endTicks, ticks);
  state.fragments.set(trackId, stats);
}

function durationMsOf(state: Mp4State): number | null {
  const movieScale = state.movieTimescale;
  if (movieScale !== null && state.movieDuration) return ticksToMs(state.movieDuration, movieScale);
  if (movieScale !== null && state.fragmentDuration) return ticksToMs(state.fragmentDuration, movieScale);
  let longest: number | null = null;
  for (const [id, track] of state.tracks) {
    if (track.timescale === null) continue;
    // The longest of the three: Chromium's chunked MP4 writes its header before the recording
    // ends, so a track header can cover only the first fraction of what the fragments hold.
    const ticks = Math.max(track.mdhdDuration ?? 0, track.sttsTicks, state.fragments.get(id)?.endTicks ?? 0);
    if (ticks > 0) longest = Math.max(longest ?? 0, ticksToMs(ticks, track.timescale));
  }
  return longest;
}

/** Probe an MP4 file. Throws ProbeFailure on malformed input (probeRecording catches it). */
export function probeMp4(buf: Buffer): ProbeResult {
  const first = readBox(buf, 0, buf.length);
  if (first.type !== "ftyp") fail("not an MP4 file: the first box is not ftyp");
  const state: Mp4State = {
    movieTimescale: null,
    movieDuration: null,
    fragmentDuration: null,
    tracks: new Map(),
    trex: new Map(),
    fragments: new Map(),
    sampleBytes: 0,
    mdatBytes: 0,
    sawMoov: false,
  };
  for (const box of childrenOf(buf, { dataStart: 0, end: buf.length })) {
    if (box.type === "moov") {
      if (state.sawMoov) fail("more than one moov box");
      parseMoov(buf, box, state);
    } else if (box.type === "moof") {
      for (const traf of childrenOf(buf, box)) if (traf.type === "traf") parseTraf(buf, traf, state);
    } else if (box.type === "mdat") {
      state.mdatBytes += box.end - box.dataStart;
    }
  }
  if (!state.sawMoov) fail("no moov box: the file declares no tracks");
  if (state.tracks.size === 0) fail("the moov box holds no trak");
  for (const id of state.fragments.keys()) {
    if (!state.tracks.has(id)) fail(`a fragment refers to track ${id}, which moov does not declare`);
  }

  let videoFrames = 0;
  let samples = 0;
  for (const [id, track] of state.tracks) {
    const count = track.samples + (state.fragments.get(id)?.samples ?? 0);
    samples += count;
    if (track.handler === "vide") videoFrames += count;
  }
  // Sample tables without the media they describe: a stripped or cut-down file.
  if (samples > 0 && state.mdatBytes === 0) fail("the sample tables list samples but there is no mdat box");
  if (state.sampleBytes > state.mdatBytes) {
    fail(`the sample tables describe ${state.sampleBytes} bytes but mdat holds only ${state.mdatBytes}`);
  }
  const handlers = [...state.tracks.values()].map((track) => track.handler);
  return {
    ok: true,
    container: "mp4",
    durationMs: durationMsOf(state),
    hasVideo: handlers.includes("vide"),
    hasAudio: handlers.includes("soun"),
    videoFrames,
  };
}
