/**
 * A streaming reader of concatenated binary PPM (P6) images, as ffmpeg's `-c:v ppm -f image2pipe`
 * writes them: each frame is a short text header ("P6\n320 240\n255\n") and width*height*3 RGB
 * bytes. Chunks are consumed as they arrive and each frame is copied once into its own buffer,
 * so memory is one frame in progress plus the frames the caller keeps. Every frame says its own
 * size, so a change of size mid-stream (autorotation, a camera switching resolution) is fine.
 */

export interface PpmFrame {
  width: number;
  height: number;
  /** RGB, 3 bytes a pixel, row by row. */
  rgb: Uint8Array;
}

interface PpmStreamHandlers {
  /** Called with each header before its pixels are buffered; throw to refuse the frame (and the stream). */
  onHeader?: (width: number, height: number, index: number) => void;
  onFrame: (frame: PpmFrame, index: number) => void;
}

interface PpmStream {
  push(chunk: Uint8Array): void;
  /** The stream is over: throws if it stopped inside a frame. */
  end(): void;
}

export class PpmFormatError extends Error {
  override readonly name = "PpmFormatError";
}

// ffmpeg writes no comments and single newlines; the header is parsed as PPM allows (any
// whitespace between fields) except comments. Sizes are capped at 5 digits.
const HEADER = /^P6\s+(\d{1,5})\s+(\d{1,5})\s+(\d{1,5})\s/;
const MAX_HEADER_BYTES = 32;

/** Make a reader that hands complete frames to `handlers.onFrame` in order. */
export function createPpmStream(handlers: PpmStreamHandlers): PpmStream {
  let header = new Uint8Array(0);
  let frame: PpmFrame | null = null;
  let filled = 0;
  let index = 0;

  const readHeader = (chunk: Uint8Array, offset: number): number => {
    const take = Math.min(MAX_HEADER_BYTES - header.length, chunk.length - offset);
    const candidate = new Uint8Array(header.length + take);
    candidate.set(header);
    candidate.set(chunk.subarray(offset, offset + take), header.length);
    const text = Buffer.from(candidate.buffer, candidate.byteOffset, candidate.length).toString("latin1");
    if (!"P6".startsWith(text.slice(0, 2))) throw new PpmFormatError(`frame ${index} does not start with a P6 header`);
    const m = HEADER.exec(text);
    if (m === null) {
      if (candidate.length >= MAX_HEADER_BYTES) throw new PpmFormatError(`frame ${index} has no complete header in ${MAX_HEADER_BYTES} bytes`);
      header = candidate;
      return offset + take;
    }
    const width = Number(m[1]);
    const height = Number(m[2]);
    if (Number(m[3]) !== 255) throw new PpmFormatError(`frame ${index} has maxval ${m[3]}, only 255 is read`);
    if (width === 0 || height === 0) throw new PpmFormatError(`frame ${index} is ${width}x${height}`);
    handlers.onHeader?.(width, height, index);
    const consumed = m[0].length - header.length;
    header = new Uint8Array(0);
    frame = { width, height, rgb: new Uint8Array(width * height * 3) };
    filled = 0;
    return offset + consumed;
  };

  return {
    push(chunk) {
      let offset = 0;
      while (offset < chunk.length) {
        if (frame === null) {
          offset = readHeader(chunk, offset);
          continue;
        }
        const count = Math.min(frame.rgb.length - filled, chunk.length - offset);
        frame.rgb.set(chunk.subarray(offset, offset + count), filled);
        filled += count;
        offset += count;
        if (filled === frame.rgb.length) {
          const done = frame;
          frame = null;
          handlers.onFrame(done, index++);
        }
      }
    },
    end() {
      if (frame !== null || header.length > 0) throw new PpmFormatError(`the stream ended inside frame ${index}`);
    },
  };
}
