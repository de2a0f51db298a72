/**
 * Decoding an evidence frame with jpeg-js, bounded before any pixel is allocated: the byte
 * size is checked first, jpeg-js refuses pictures above the pixel budget while reading the
 * frame header, and a memory ceiling stops crafted files whose headers lie. A frame sent by
 * a client is untrusted input, so a decoding bomb must cost a refusal, not the process.
 */
import jpeg from "jpeg-js";
import { FrameRejectedError } from "./analysisErrors";
import { lumaAt } from "./luma";

/** Frames above this side are refused (browsers send 640 px or less). */
export const MAX_FRAME_SIDE = 1920;

interface FrameDecodeLimits {
  /** Largest JPEG accepted (face.evidence.maxFrameBytes). */
  maxBytes: number;
  /** Largest width and height accepted, in pixels. */
  maxSide: number;
}

interface DecodedFrame {
  width: number;
  height: number;
  /** RGB, 3 bytes a pixel, row by row. */
  rgb: Uint8Array;
  /** Mean luma 0..255 (BT.601 weights), what "too dark" is judged on. */
  luma: number;
}

/** Decode one JPEG into RGB and its mean luma; throws FrameRejectedError when it is not allowed or not readable. */
export function decodeFrame(bytes: Uint8Array, limits: FrameDecodeLimits): DecodedFrame {
  if (bytes.length > limits.maxBytes) {
    throw new FrameRejectedError(`${bytes.length} bytes is above the ${limits.maxBytes} bytes allowed for a frame`);
  }
  const maxPixels = limits.maxSide * limits.maxSide;
  let image: { width: number; height: number; data: Uint8Array };
  try {
    image = jpeg.decode(bytes, {
      useTArray: true,
      formatAsRGBA: false,
      maxResolutionInMP: maxPixels / 1_000_000,
      // The decoder's working buffers plus the RGB output of the largest picture allowed, with headroom.
      maxMemoryUsageInMB: Math.ceil((maxPixels * 8) / (1024 * 1024)) + 16,
    });
  } catch (error) {
    throw new FrameRejectedError(`not a decodable JPEG: ${error instanceof Error ? error.message : String(error)}`);
  }
  const { width, height, data } = image;
  if (width < 1 || height < 1 || width > limits.maxSide || height > limits.maxSide) {
    throw new FrameRejectedError(`${width}x${height} pixels is outside the 1x1 to ${limits.maxSide}x${limits.maxSide} allowed`);
  }
  if (data.length !== width * height * 3) {
    throw new FrameRejectedError(`decoded ${data.length} bytes for ${width}x${height} RGB pixels`);
  }
  return { width, height, rgb: data, luma: meanLuma(data) };
}

/** Mean luma 0..255 (BT.601 weights) of RGB pixels: what "too dark" is judged on. */
export function meanLuma(rgb: Uint8Array): number {
  let sum = 0;
  // Whole pixels read without a check a channel (the verification computes this on every
  // analysed frame); a trailing partial pixel, which no decoder gives, counts its missing channels as 0.
  const whole = rgb.length - (rgb.length % 3);
  for (let i = 0; i < whole; i += 3) {
    sum += lumaAt(rgb, i);
  }
  if (whole < rgb.length) sum += 0.299 * (rgb[whole] as number) + 0.587 * (rgb[whole + 1] ?? 0);
  return rgb.length === 0 ? 0 : sum / (rgb.length / 3);
}
