/**
 * What probing a recording tells the verifier, shared by the WebM and MP4 parsers.
 */

export type Container = "mp4" | "webm";

export type ProbeResult =
  | {
      ok: true;
      container: Container;
      /** From the header when it declares one, else derived from the frame timestamps; null when neither is known. */
      durationMs: number | null;
      hasVideo: boolean;
      hasAudio: boolean;
      /** Video frames (WebM blocks, MP4 samples) actually present in the file. */
      videoFrames: number;
    }
  | { ok: false; reason: string };

/**
 * Thrown inside the parsers on malformed input and turned into `{ ok: false, reason }` by
 * probeRecording, so the parsers can bail out from any depth without threading results.
 */
export class ProbeFailure extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = "ProbeFailure";
  }
}

export function fail(reason: string): never {
  throw new ProbeFailure(reason);
}

/** Big-endian unsigned integer of 1..8 bytes as a number; fails beyond 2^53 rather than losing precision. */
export function readUintBE(buf: Uint8Array, start: number, length: number): number {
  if (length < 0 || length > 8 || start < 0 || start + length > buf.length) {
    fail(`cannot read a ${length}-byte integer at offset ${start}`);
  }
  let value = 0;
  for (let i = 0; i < length; i++) value = value * 256 + (buf[start + i] ?? 0);
  if (value > Number.MAX_SAFE_INTEGER) fail(`integer at offset ${start} is too large`);
  return value;
}

/** Ticks in `timescale` units per second -> whole milliseconds. */
export function ticksToMs(ticks: number, ticksPerSecond: number): number {
  return Math.round((ticks * 1000) / ticksPerSecond);
}
