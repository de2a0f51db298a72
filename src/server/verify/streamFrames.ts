/**
 * A frame stream's JPEGs, as the service spooled them on arrival, made into decoded frames at
 * the sampling rate: the first frame at or after each sampling instant, timed by the service's
 * clock (never the client's capturedAtMs). Each JPEG is decoded with the bounded decoder the
 * service uses for any client picture; one that cannot be decoded stays in as a frame with
 * nothing in it, so junk between good frames counts against the face checks.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { decodeFrame, MAX_FRAME_SIDE } from "../face/decodeFrame";
import type { DecodedFrame } from "./mediaTypes";

export interface SpooledFrame {
  file: string;
  atMs: number;
}

/** The frames to analyse: the first at or after each 1/fps instant from the first frame. */
export function sampleSpooled(frames: readonly SpooledFrame[], fps: number): SpooledFrame[] {
  const ordered = [...frames].sort((a, b) => a.atMs - b.atMs);
  const start = ordered[0]?.atMs ?? 0;
  const step = 1000 / fps;
  const picked: SpooledFrame[] = [];
  let next = start;
  for (const frame of ordered) {
    if (frame.atMs + 1e-6 < next) continue;
    picked.push({ file: frame.file, atMs: frame.atMs - start });
    next = start + step * (Math.floor((frame.atMs - start) / step) + 1);
  }
  return picked;
}

/**
 * Decode the sampled frames of a spooled stream; `maxBytes` is the stream's frame limit and
 * `maxSide` the widest frame the page sends (streamClient.maxFrameWidth), so a client sending
 * huge frames cannot make the worker hold gigabytes of pixels.
 */
export async function decodeSpooled(dir: string, frames: readonly SpooledFrame[], maxBytes: number, maxSide: number): Promise<DecodedFrame[]> {
  const decoded: DecodedFrame[] = [];
  for (const frame of frames) {
    const bytes = await readFile(join(dir, frame.file));
    try {
      const { width, height, rgb } = decodeFrame(bytes, { maxBytes, maxSide: Math.min(maxSide, MAX_FRAME_SIDE) });
      decoded.push({ atMs: frame.atMs, width, height, rgb });
    } catch {
      decoded.push({ atMs: frame.atMs, width: 1, height: 1, rgb: new Uint8Array(3) });
    }
  }
  return decoded;
}
