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

/** The crop with zero mean and unit standard deviation (a flat crop stays flat at 0). */
/** The face signature's side: 24x24 cells of about 4x4 pixels for a face of a third of a 320-px frame. */
export const CROP_SIDE = 24;

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

/**
 * b sampled (bilinear, clamped at the edges) at the transformed positions of the compared cells;
 * with `more`, other images of the same size sampled at the same positions (the gradients).
 */
function warped(b: Float32Array, t: Similarity, out: Float32Array, more: readonly [Float32Array, Float32Array][] = []): void {
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
      const w00 = (1 - fx) * (1 - fy);
      const w10 = fx * (1 - fy);
      const w01 = (1 - fx) * fy;
      const w11 = fx * fy;
      out[k] = (b[i] as number) * w00 + (b[i + 1] as number) * w10 + (b[i + CROP_SIDE] as number) * w01 + (b[i + CROP_SIDE + 1] as number) * w11;
      for (const [src, dst] of more) dst[k] = (src[i] as number) * w00 + (src[i + 1] as number) * w10 + (src[i + CROP_SIDE] as number) * w01 + (src[i + CROP_SIDE + 1] as number) * w11;
      k++;
    }
  }
}

/** Central-difference gradients of a crop (one-sided at the edges). */
function gradientImages(b: Float32Array): [Float32Array, Float32Array] {
  const gx = new Float32Array(b.length);
  const gy = new Float32Array(b.length);
  const at = (x: number, y: number) => b[Math.min(CROP_SIDE - 1, Math.max(0, y)) * CROP_SIDE + Math.min(CROP_SIDE - 1, Math.max(0, x))] as number;
  for (let y = 0; y < CROP_SIDE; y++) {
    for (let x = 0; x < CROP_SIDE; x++) {
      gx[y * CROP_SIDE + x] = (at(x + 1, y) - at(x - 1, y)) / (x === 0 || x === CROP_SIDE - 1 ? 1 : 2);
      gy[y * CROP_SIDE + x] = (at(x, y + 1) - at(x, y - 1)) / (y === 0 || y === CROP_SIDE - 1 ? 1 : 2);
    }
  }
  return [gx, gy];
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

/** The crop blurred by [1 2 1]/4 twice each way (about one cell's σ): a feature a few pixels across then moves smoothly between cells instead of jumping. */
export function smoothCrop(a: Float32Array): Float32Array {
  let cur = Float32Array.from(a);
  const tmp = new Float32Array(a.length);
  const at = (arr: Float32Array, x: number, y: number) => arr[Math.min(CROP_SIDE - 1, Math.max(0, y)) * CROP_SIDE + Math.min(CROP_SIDE - 1, Math.max(0, x))] as number;
  for (let pass = 0; pass < 2; pass++) {
    for (let y = 0; y < CROP_SIDE; y++) for (let x = 0; x < CROP_SIDE; x++) tmp[y * CROP_SIDE + x] = (at(cur, x - 1, y) + 2 * at(cur, x, y) + at(cur, x + 1, y)) / 4;
    const next = new Float32Array(a.length);
    for (let y = 0; y < CROP_SIDE; y++) for (let x = 0; x < CROP_SIDE; x++) next[y * CROP_SIDE + x] = (at(tmp, x, y - 1) + 2 * at(tmp, x, y) + at(tmp, x, y + 1)) / 4;
    cur = next;
  }
  return cur;
}

/**
 * What a 2D similarity transform of `b` cannot explain of `a` (both normalised and smoothed):
 * the mean over the compared cells and the worst 3x3 block, after the best transform: the best
 * whole-cell shift within ±3 cells (about ±15 px of a 120-px box), refined by Gauss-Newton over
 * shift, scale and turn (Lucas-Kanade), which lands within a small fraction of a cell.
 */
export function rigidResidual(a: Float32Array, b: Float32Array): { mean: number; block: number } {
  const target = innerOf(a);
  const buf = new Float32Array(INNER * INNER);
  let t: Similarity = { dx: 0, dy: 0, scale: 1, turn: 0 };
  let bestCost = Infinity;
  for (let dy = -3; dy <= 3; dy++) {
    for (let dx = -3; dx <= 3; dx++) {
      // Whole-cell shifts need no interpolation: the cells themselves, clamped at the edges.
      let k = 0;
      let cost = 0;
      for (let y = BORDER; y < CROP_SIDE - BORDER; y++) {
        const row = Math.min(CROP_SIDE - 1, Math.max(0, y + dy)) * CROP_SIDE;
        for (let x = BORDER; x < CROP_SIDE - BORDER; x++) cost += Math.abs((target[k++] as number) - (b[row + Math.min(CROP_SIDE - 1, Math.max(0, x + dx))] as number));
      }
      cost /= target.length;
      if (cost < bestCost) ((bestCost = cost), (t = { dx, dy, scale: 1, turn: 0 }));
    }
  }
  // Gauss-Newton on u = C + s·R(θ)·(p - C) + d, parametrised as (s cos θ, s sin θ, dx, dy).
  let pa = t.scale * Math.cos(t.turn);
  let pb = t.scale * Math.sin(t.turn);
  let tx = t.dx;
  let ty = t.dy;
  const gx = new Float32Array(INNER * INNER);
  const gy = new Float32Array(INNER * INNER);
  const [bgx, bgy] = gradientImages(b);
  const grads: [Float32Array, Float32Array][] = [[bgx, gx], [bgy, gy]];
  const tAt = () => ({ dx: tx, dy: ty, scale: Math.hypot(pa, pb), turn: Math.atan2(pb, pa) });
  for (let iter = 0; iter < 12; iter++) {
    const cur = tAt();
    warped(b, cur, buf, grads);
    const h = new Float64Array(16);
    const g = new Float64Array(4);
    const j = new Float64Array(4);
    let k = 0;
    for (let y = BORDER; y < CROP_SIDE - BORDER; y++) {
      for (let x = BORDER; x < CROP_SIDE - BORDER; x++, k++) {
        const X = x - C;
        const Y = y - C;
        const ix = gx[k] as number;
        const iy = gy[k] as number;
        j[0] = ix * X + iy * Y;
        j[1] = -ix * Y + iy * X;
        j[2] = ix;
        j[3] = iy;
        const e = (target[k] as number) - (buf[k] as number);
        for (let r = 0; r < 4; r++) {
          const jr = j[r] as number;
          g[r] = (g[r] as number) + jr * e;
          for (let c = r; c < 4; c++) h[r * 4 + c] = (h[r * 4 + c] as number) + jr * (j[c] as number);
        }
      }
    }
    for (let r = 1; r < 4; r++) for (let c = 0; c < r; c++) h[r * 4 + c] = h[c * 4 + r] as number;
    const step = solve4(h, g);
    if (!step) break;
    pa += step[0] as number;
    pb += step[1] as number;
    tx += step[2] as number;
    ty += step[3] as number;
    // The search is for a picture moved in front of the camera: keep it within what the whole-cell search covered.
    tx = Math.max(-4, Math.min(4, tx));
    ty = Math.max(-4, Math.min(4, ty));
    if (Math.abs(step[2] as number) + Math.abs(step[3] as number) < 0.005) break;
  }
  const final = tAt();
  if (final.scale < 0.8 || final.scale > 1.25) return { mean: bestCost, block: Infinity };
  warped(b, final, buf);
  const mean = meanAbs(target, buf);
  return { mean, block: worstBlock(target, buf) };
}

/** Solves the 4x4 system h·x = g (Gaussian elimination with partial pivoting); null when singular. */
function solve4(h: Float64Array, g: Float64Array): number[] | null {
  const m = Array.from({ length: 4 }, (_, r) => [...Array.from({ length: 4 }, (_, c) => h[r * 4 + c] as number), g[r] as number]);
  for (let col = 0; col < 4; col++) {
    let pivot = col;
    for (let r = col + 1; r < 4; r++) if (Math.abs(m[r]![col]!) > Math.abs(m[pivot]![col]!)) pivot = r;
    if (Math.abs(m[pivot]![col]!) < 1e-9) return null;
    [m[col], m[pivot]] = [m[pivot]!, m[col]!];
    for (let r = 0; r < 4; r++) {
      if (r === col) continue;
      const f = m[r]![col]! / m[col]![col]!;
      for (let c = col; c < 5; c++) m[r]![c] = m[r]![c]! - f * m[col]![c]!;
    }
  }
  return m.map((row, r) => row[4]! / row[r]!);
}
