/**
 * A 64-bit difference hash (dHash) of one decoded frame: the grey picture averaged down to 9x8
 * cells, one bit per pair of horizontal neighbours, set when the right cell is brighter.
 *
 * Why it survives what a replay does to a recording: re-encoding (VP8 to H.264, another bitrate)
 * adds noise of a grey level or two per pixel, which averaging over a cell (about 35x30 pixels
 * at the 320-pixel analysis width) shrinks far below a level; scaling changes neither the cells'
 * means nor their order, since the frame is decoded at one analysis width whatever its size;
 * a brightness change multiplies every cell alike, so the sign of each difference stays.
 * A difference smaller than TIE_LEVELS is read as no difference (bit 0): a flat wall or a
 * grey backdrop would otherwise give bits that codec noise flips at random.
 */
import { lumaAt } from "../../face/luma";
import type { DecodedFrame } from "../mediaTypes";

const COLS = 9;
const ROWS = 8;
/** Grey levels (0-255) a right cell must exceed its left one by: well above the ~0.1-level noise a cell keeps after averaging. */
const TIE_LEVELS = 1;

/** The 64-bit dHash of `frame` as 16 hex digits (row by row, most significant bit first). */
export function frameHash(frame: DecodedFrame): string {
  const { width, height, rgb } = frame;
  const cells = new Float64Array(COLS * ROWS);
  for (let row = 0; row < ROWS; row++) {
    const y0 = Math.floor((row * height) / ROWS);
    const y1 = Math.max(y0 + 1, Math.floor(((row + 1) * height) / ROWS));
    for (let col = 0; col < COLS; col++) {
      const x0 = Math.floor((col * width) / COLS);
      const x1 = Math.max(x0 + 1, Math.floor(((col + 1) * width) / COLS));
      let sum = 0;
      for (let y = y0; y < y1; y++) {
        // Inside the frame (x < width, y < height), so every channel is there to read.
        for (let x = x0, i = (y * width + x0) * 3; x < x1; x++, i += 3) {
          sum += lumaAt(rgb, i);
        }
      }
      cells[row * COLS + col] = sum / ((y1 - y0) * (x1 - x0));
    }
  }
  let hex = "";
  for (let row = 0; row < ROWS; row++) {
    let byte = 0;
    for (let col = 0; col < COLS - 1; col++) {
      const bit = (cells[row * COLS + col + 1] ?? 0) - (cells[row * COLS + col] ?? 0) > TIE_LEVELS ? 1 : 0;
      byte = (byte << 1) | bit;
    }
    hex += byte.toString(16).padStart(2, "0");
  }
  return hex;
}

const POPCOUNT_NIBBLE = [0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4];

/** How many of the 64 bits two hashes (16 hex digits each) differ in. */
export function hammingDistance(a: string, b: string): number {
  let bits = 0;
  for (let i = 0; i < a.length; i++) bits += POPCOUNT_NIBBLE[parseInt(a[i]!, 16) ^ parseInt(b[i]!, 16)] ?? 0;
  return bits;
}
