/**
 * Comparing two face signatures (frameSignals.ts's CROP_SIDE² luma crops). Each crop is first
 * normalised to zero mean and unit spread, so exposure, the screen's colour and the encoder's
 * brightness shifts do not count as change; only the face's pattern does.
 *
 * `rigidResidual` answers "is the change between two crops only a 2D move?": it searches the
 * similarity transform (shift, scale, turn in the picture's plane) that best maps one crop onto
 * the other and reports what is left, block by block. A photo moved, zoomed or shaken in front
 * of the camera (or warped in 2D by software) is explained entirely by such a transform; a live
 * face is not when it blinks, moves its mouth or changes expression, and the residual is local,
 * so it is kept per 3x3-cell block (about an eye's size) rather than averaged over the face.
 */
import { CROP_SIDE } from "./frameSignals";

/** The crop with zero mean and unit standard deviation (a flat crop stays flat at 0). */
export function normaliseCrop(crop: Float32Array): Float32Array {
  let sum = 0;
  for (const v of crop) sum += v;
  const mean = sum / crop.length;
  let sq = 0;
  for (const v of crop) sq += (v - mean) ** 2;
  const sd = Math.sqrt(sq / crop.length);
  return crop.map((v) => (sd > 1e-6 ? (v - mean) / sd : 0));
}

/** Mean absolute difference of two normalised crops. */
export function cropDistance(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs((a[i] as number) - (b[i] as number));
  return sum / a.length;
}

interface Similarity {
  dx: number;
  dy: number;
  scale: number;
  turn: number;
}

/** Cells this far from the edge are not compared: a transform brings the box's outside in there. */
const BORDER = 3;
const BLOCK = 3;
const C = (CROP_SIDE - 1) / 2;

/** b sampled (bilinear, clamped at the edges) at the transformed positions of the compared cells. */
function warped(b: Float32Array, t: Similarity, out: Float32Array): void {
  const cos = Math.cos(t.turn) * t.scale;
  const sin = Math.sin(t.turn) * t.scale;
  let k = 0;
  for (let y = BORDER; y < CROP_SIDE - BORDER; y++) {
    for (let x = BORDER; x < CROP_SIDE - BORDER; x++) {
      const u = Math.min(CROP_SIDE - 1.001, Math.max(0, C + cos * (x - C) - sin * (y - C) + t.dx));
      const v = Math.min(CROP_SIDE - 1.001, Math.max(0, C + sin * (x - C) + cos * (y - C) + t.dy));
      const x0 = Math.floor(u);
      const y0 = Math.floor(v);
      const fx = u - x0;
      const fy = v - y0;
      const i = y0 * CROP_SIDE + x0;
      const top = (b[i] as number) * (1 - fx) + (b[i + 1] as number) * fx;
      const bottom = (b[i + CROP_SIDE] as number) * (1 - fx) + (b[i + CROP_SIDE + 1] as number) * fx;
      out[k++] = top * (1 - fy) + bottom * fy;
    }
  }
}

const INNER = CROP_SIDE - 2 * BORDER;

function innerOf(a: Float32Array): Float32Array {
  const out = new Float32Array(INNER * INNER);
  let k = 0;
  for (let y = BORDER; y < CROP_SIDE - BORDER; y++) for (let x = BORDER; x < CROP_SIDE - BORDER; x++) out[k++] = a[y * CROP_SIDE + x] as number;
  return out;
}

function meanAbs(a: Float32Array, b: Float32Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += Math.abs((a[i] as number) - (b[i] as number));
  return s / a.length;
}

/** The largest mean absolute difference of any BLOCK x BLOCK block of the compared cells. */
function worstBlock(a: Float32Array, b: Float32Array): number {
  let worst = 0;
  for (let by = 0; by + BLOCK <= INNER; by += BLOCK) {
    for (let bx = 0; bx + BLOCK <= INNER; bx += BLOCK) {
      let s = 0;
      for (let y = by; y < by + BLOCK; y++) for (let x = bx; x < bx + BLOCK; x++) s += Math.abs((a[y * INNER + x] as number) - (b[y * INNER + x] as number));
      worst = Math.max(worst, s / (BLOCK * BLOCK));
    }
  }
  return worst;
}

/**
 * What a 2D similarity transform of `b` cannot explain of `a` (both normalised): the mean over
 * the compared cells and the worst 3x3 block, after the best transform found by a coarse-to-fine
 * search (shifts up to ±3 cells, about ±12 px of a 100-px box, scale ±6%, turn ±4.5°).
 */
export function rigidResidual(a: Float32Array, b: Float32Array): { mean: number; block: number } {
  const target = innerOf(a);
  const buf = new Float32Array(INNER * INNER);
  let best: Similarity = { dx: 0, dy: 0, scale: 1, turn: 0 };
  let bestCost = Infinity;
  const tryT = (t: Similarity) => {
    warped(b, t, buf);
    const cost = meanAbs(target, buf);
    if (cost < bestCost) ((bestCost = cost), (best = t));
  };
  for (let dy = -3; dy <= 3; dy++) for (let dx = -3; dx <= 3; dx++) tryT({ dx, dy, scale: 1, turn: 0 });
  for (const [step, scaleStep, turnStep] of [[0.5, 0.03, 0.05], [0.25, 0.015, 0.025], [0.125, 0.0075, 0.0125]] as const) {
    const from = best;
    for (const sy of [-1, 0, 1]) for (const sx of [-1, 0, 1]) for (const ss of [-1, 0, 1]) for (const st of [-1, 0, 1]) {
      tryT({ dx: from.dx + sx * step, dy: from.dy + sy * step, scale: from.scale + ss * scaleStep, turn: from.turn + st * turnStep });
    }
  }
  warped(b, best, buf);
  return { mean: bestCost, block: worstBlock(target, buf) };
}
