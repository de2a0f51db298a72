/**
 * A frame stream's JPEGs, as the service stored them on arrival, made into decoded frames at
 * the sampling rate: the first frame at or after each sampling instant, timed by the service's
 * clock (never the client's capturedAtMs). Each JPEG is decoded with the bounded decoder the
 * service uses for any client picture; one that cannot be decoded stays in as a frame with
 * nothing in it, so junk between good frames counts against the face checks.
 */
import type { Readable } from "node:stream";
import { decodeFrame, MAX_FRAME_SIDE } from "../face/decodeFrame";
import type { MediaStore } from "../media/store/mediaStore";
import type { DecodedFrame } from "./mediaTypes";

interface SpooledFrame {
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

/** Frames read from the store at once: S3 answers each in tens of milliseconds, and a job reads dozens. */
const READS_IN_FLIGHT = 8;

/**
 * The stored bytes, or null when there are more than `maxBytes` (the stream is destroyed
 * then): what was stored was checked on arrival, but a worker holds no more than it must.
 */
async function readAtMost(stream: Readable, maxBytes: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    total += buf.length;
    if (total > maxBytes) {
      stream.destroy();
      return null;
    }
    chunks.push(buf);
  }
  return Buffer.concat(chunks, total);
}

/**
 * The stored bytes of `frames`, in order, read at once. A frame missing from the store rejects
 * (MediaNotFoundError): the service lost it, which is not the client's fault. Every read has
 * settled when this returns or throws, so no stream is left open.
 */
async function readFrames(media: MediaStore, dir: string, frames: readonly SpooledFrame[], maxBytes: number): Promise<(Buffer | null)[]> {
  const settled = await Promise.allSettled(frames.map(async (frame) => readAtMost(await media.open(`${dir}/${frame.file}`), maxBytes)));
  return settled.map((s) => {
    if (s.status === "rejected") throw s.reason;
    return s.value;
  });
}

/**
 * Decode the sampled frames of a stored stream (`dir`, its folder in the media store);
 * `maxBytes` is the stream's frame limit and `maxSide` the widest frame the page sends
 * (streamClient.maxFrameWidth), so a client sending huge frames cannot make the worker hold
 * gigabytes of pixels.
 */
export async function decodeSpooled(media: MediaStore, dir: string, frames: readonly SpooledFrame[], maxBytes: number, maxSide: number): Promise<DecodedFrame[]> {
  const decoded: DecodedFrame[] = [];
  // A few frames read at once, then decoded: the latency of a store hidden, a few JPEGs held.
  for (let from = 0; from < frames.length; from += READS_IN_FLIGHT) {
    const batch = frames.slice(from, from + READS_IN_FLIGHT);
    const stored = await readFrames(media, dir, batch, maxBytes);
    for (const [i, frame] of batch.entries()) {
      const bytes = stored[i];
      try {
        if (!bytes) throw new Error(`frame ${frame.file} is over ${maxBytes} bytes`);
        const { width, height, rgb } = decodeFrame(bytes, { maxBytes, maxSide: Math.min(maxSide, MAX_FRAME_SIDE) });
        decoded.push({ atMs: frame.atMs, width, height, rgb });
      } catch {
        decoded.push({ atMs: frame.atMs, width: 1, height: 1, rgb: new Uint8Array(3) });
      }
    }
  }
  return decoded;
}
