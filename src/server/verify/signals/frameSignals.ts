/**
 * What the pixels of one decoded frame say, cheaply, for the presentation-attack checks
 * (checks/liveness/): the skin's colour in a few patches (does it follow the screen's light,
 * more at the centre than at the sides?), the far scene's colour (does it follow too?), a small
 * face signature (frozen frames, splices), the sensor noise on the skin, and the mouth.
 *
 * The face (box and mesh) may be interpolated between analysed frames: the service runs the
 * mesh on a subset of the frames and the face moves little in 70 ms. About 0.4-0.6 ms of CPU a
 * 320x240 frame; `npm run bench` (BENCH_ONLY=verify, its "signals" step) measures it.
 */
import { measureFace } from "../../../domain/face/geometry";
import type { FaceObservation } from "../../../domain/face/types";
import { lumaAt } from "../../face/luma";
import type { DecodedFrame } from "../mediaTypes";
import { CROP_SIDE, cropDistance, normaliseCrop } from "./cropCompare";
import { insidePolygon, mouthQuad, skinDiscs, SKIN_REGIONS, type Disc, type SkinRegion } from "./faceRegions";

export type Rgb = [number, number, number];

/** The mean colour of some pixels, linear light 0..1 per channel, and how many pixels. */
export interface RegionColour {
  rgb: Rgb;
  pixels: number;
}

/**
 * A skin patch's colour and where its disc lay in the frame (its centre, in the frame's pixels):
 * a mesh that jitters by a pixel slides a small patch over the skin's own shading, and the light
 * check takes that part of its colour out by where the patch was (lightShape.ts).
 */
export interface SkinColour extends RegionColour {
  x: number;
  y: number;
}


export interface FrameSignals {
  atMs: number;
  /** The face box's width over the frame's width; null without a face. */
  faceShare: number | null;
  /** The skin patches (faceRegions.ts); null without a face mesh. */
  skin: Record<SkinRegion, SkinColour> | null;
  /** The far scene: outside the face box grown 1.4x, above its bottom (shoulders, nearer the screen, left out); the whole frame without a face. */
  background: RegionColour;
  /** Gamma-encoded luma 0..1 of the face box in CROP_SIDE² cells, row by row; null without a face. */
  crop: Float32Array | null;
  /** How far the frame before's picture is from this one's, in this frame's face box (pictureChange); null without a face or a frame before. */
  repeat: number | null;
  /** Median absolute high-pass residual of the skin's green, in 0..255 levels; null without a face mesh. */
  noise: number | null;
  /** Inner-lip gap over width (as geometry.ts) and the opening's dark pixels over the width squared (mouthSignal); null without a mesh. */
  mouth: { open: number; dark: number } | null;
  /** The head's turn and nod figures (src/domain/face/geometry.ts measureFace); null without a mesh. */
  pose: { yaw: number; pitch: number } | null;
}

/** sRGB 8-bit to linear light: the screen's light adds in linear light, not in the encoded values. */
const LINEAR = Float32Array.from({ length: 256 }, (_, v) => {
  const c = v / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
});

function discColour(frame: DecodedFrame, d: Disc): SkinColour {
  const { width, height, rgb } = frame;
  let r = 0;
  let g = 0;
  let b = 0;
  let n = 0;
  const r2 = d.r * d.r;
  const y0 = Math.max(0, Math.ceil(d.cy - d.r));
  const y1 = Math.min(height - 1, Math.floor(d.cy + d.r));
  for (let y = y0; y <= y1; y++) {
    const dy = y - d.cy;
    const span = Math.sqrt(Math.max(0, r2 - dy * dy));
    const x0 = Math.max(0, Math.ceil(d.cx - span));
    const x1 = Math.min(width - 1, Math.floor(d.cx + span));
    for (let x = x0; x <= x1; x++) {
      const i = (y * width + x) * 3;
      r += LINEAR[rgb[i] as number] as number;
      g += LINEAR[rgb[i + 1] as number] as number;
      b += LINEAR[rgb[i + 2] as number] as number;
      n++;
    }
  }
  return { rgb: n ? [r / n, g / n, b / n] : [0, 0, 0], pixels: n, x: d.cx, y: d.cy };
}

/** Every second pixel of every second row outside the grown box and above its bottom: the far scene. */
function backgroundColour(frame: DecodedFrame, face: FaceObservation | null): RegionColour {
  const { width, height, rgb } = frame;
  const box = face?.box;
  const grow = 1.4;
  const bx0 = box ? box.x + (box.width * (1 - grow)) / 2 : Infinity;
  const bx1 = box ? box.x + (box.width * (1 + grow)) / 2 : -Infinity;
  const by0 = box ? box.y + (box.height * (1 - grow)) / 2 : Infinity;
  const bottom = box ? box.y + box.height : height;
  let r = 0;
  let g = 0;
  let b = 0;
  let n = 0;
  for (let y = 0; y < Math.min(height, bottom); y += 2) {
    for (let x = 0; x < width; x += 2) {
      if (y >= by0 && x >= bx0 && x <= bx1) continue;
      const i = (y * width + x) * 3;
      r += LINEAR[rgb[i] as number] as number;
      g += LINEAR[rgb[i + 1] as number] as number;
      b += LINEAR[rgb[i + 2] as number] as number;
      n++;
    }
  }
  return n ? { rgb: [r / n, g / n, b / n], pixels: n } : { rgb: [0, 0, 0], pixels: 0 };
}

/**
 * The box's luma in CROP_SIDE² cells: each pixel shares itself between the four nearest cell
 * centres by distance (a tent), so a face moved by a fraction of a cell changes the signature
 * smoothly; plain cell averaging jumps as pixels cross cell borders, and that jump would look
 * like change inside the face.
 */
export function faceCrop(frame: DecodedFrame, face: FaceObservation): Float32Array | null {
  const { width, height, rgb } = frame;
  const { x, y, width: w, height: h } = face.box;
  if (!(w >= 4 && h >= 4)) return null;
  const sums = new Float32Array(CROP_SIDE * CROP_SIDE);
  const weights = new Float32Array(CROP_SIDE * CROP_SIDE);
  const x0 = Math.max(0, Math.floor(x));
  const x1 = Math.min(width - 1, Math.ceil(x + w) - 1);
  const y0 = Math.max(0, Math.floor(y));
  const y1 = Math.min(height - 1, Math.ceil(y + h) - 1);
  // A column's cell and tent weights are the same on every row: worked out once per column. This
  // is the verification's costliest pixel loop (every decoded frame, twice), so it is written out
  // flat. Each cell still sums its pixels in raster order, rounded to float32 after each one
  // (Math.fround, as a Float32Array element stores it), so the crop is the same to the bit: along
  // a row, a cell's share comes first from the pixels of the cell column before it (as their
  // right-hand neighbour), then from its own, and is carried from one to the other.
  const columns = Math.max(0, x1 - x0 + 1);
  const cellX = new Int32Array(columns);
  const kxs = new Float64Array(columns);
  for (let px = x0; px <= x1; px++) {
    const fx = ((px + 0.5 - x) / w) * CROP_SIDE - 0.5;
    const cx = Math.floor(fx);
    cellX[px - x0] = cx;
    kxs[px - x0] = fx - cx;
  }
  const fr = Math.fround;
  for (let py = y0; py <= y1; py++) {
    const fy = ((py + 0.5 - y) / h) * CROP_SIDE - 0.5;
    const cy = Math.floor(fy);
    const ky = fy - cy;
    const top = cy >= 0 && cy < CROP_SIDE;
    const bottom = cy + 1 >= 0 && cy + 1 < CROP_SIDE;
    const topRow = cy * CROP_SIDE;
    const bottomRow = (cy + 1) * CROP_SIDE;
    let p = 0;
    while (p < columns) {
      // One run of pixels in cell column cx: its left cells get their shares now; its right
      // cells (cx + 1) are carried into the next run, whose left cells they are.
      const cx = cellX[p] as number;
      const left = cx >= 0 && cx < CROP_SIDE;
      const right = cx + 1 >= 0 && cx + 1 < CROP_SIDE;
      let sTL = top && left ? (sums[topRow + cx] as number) : 0;
      let wTL = top && left ? (weights[topRow + cx] as number) : 0;
      let sBL = bottom && left ? (sums[bottomRow + cx] as number) : 0;
      let wBL = bottom && left ? (weights[bottomRow + cx] as number) : 0;
      let sTR = top && right ? (sums[topRow + cx + 1] as number) : 0;
      let wTR = top && right ? (weights[topRow + cx + 1] as number) : 0;
      let sBR = bottom && right ? (sums[bottomRow + cx + 1] as number) : 0;
      let wBR = bottom && right ? (weights[bottomRow + cx + 1] as number) : 0;
      let i = (py * width + x0 + p) * 3;
      for (; p < columns && cellX[p] === cx; p++, i += 3) {
        const kx = kxs[p] as number;
        const v = lumaAt(rgb, i) / 255;
        // A share of 0 (a pixel on a cell centre's line) adds nothing to a sum of non-negative terms.
        const wtl = (1 - kx) * (1 - ky);
        const wtr = kx * (1 - ky);
        const wbl = (1 - kx) * ky;
        const wbr = kx * ky;
        sTL = fr(sTL + wtl * v);
        wTL = fr(wTL + wtl);
        sTR = fr(sTR + wtr * v);
        wTR = fr(wTR + wtr);
        sBL = fr(sBL + wbl * v);
        wBL = fr(wBL + wbl);
        sBR = fr(sBR + wbr * v);
        wBR = fr(wBR + wbr);
      }
      if (top && left) ((sums[topRow + cx] = sTL), (weights[topRow + cx] = wTL));
      if (bottom && left) ((sums[bottomRow + cx] = sBL), (weights[bottomRow + cx] = wBL));
      if (top && right) ((sums[topRow + cx + 1] = sTR), (weights[topRow + cx + 1] = wTR));
      if (bottom && right) ((sums[bottomRow + cx + 1] = sBR), (weights[bottomRow + cx + 1] = wBR));
    }
  }
  // A box partly outside the frame leaves empty cells: they take the crop's mean, not black.
  let total = 0;
  let filled = 0;
  for (let c = 0; c < sums.length; c++) if ((weights[c] as number) > 0.05) ((sums[c] = (sums[c] as number) / (weights[c] as number)), (total += sums[c] as number), filled++);
  if (filled < sums.length / 2) return null;
  for (let c = 0; c < sums.length; c++) if (!((weights[c] as number) > 0.05)) sums[c] = total / filled;
  return sums;
}

/**
 * Sensor noise on the skin: |8·G − (sum of the 8 neighbours)| / 8 at each pixel of the discs
 * (green, the channel with most photosites and least chroma subsampling), and its median. The
 * median ignores the minority of pixels on edges (brows, nostrils) where the residual is detail,
 * not noise. Integer counting in a histogram keeps it cheap.
 */
function skinNoise(frame: DecodedFrame, discs: readonly Disc[]): number | null {
  const { width, height, rgb } = frame;
  const hist = new Uint32Array(2041);
  let n = 0;
  for (const d of discs) {
    const y0 = Math.max(1, Math.ceil(d.cy - d.r));
    const y1 = Math.min(height - 2, Math.floor(d.cy + d.r));
    for (let y = y0; y <= y1; y++) {
      const span = Math.sqrt(Math.max(0, d.r * d.r - (y - d.cy) ** 2));
      const x0 = Math.max(1, Math.ceil(d.cx - span));
      const x1 = Math.min(width - 2, Math.floor(d.cx + span));
      for (let x = x0; x <= x1; x++) {
        // Green of the pixel and of the rows above and below (3 bytes a pixel); integers, so any order sums the same.
        const at = (y * width + x) * 3 + 1;
        const up = at - width * 3;
        const down = at + width * 3;
        const around = (rgb[up - 3] as number) + (rgb[up] as number) + (rgb[up + 3] as number) + (rgb[at - 3] as number) + (rgb[at + 3] as number) + (rgb[down - 3] as number) + (rgb[down] as number) + (rgb[down + 3] as number);
        hist[Math.abs(8 * (rgb[at] as number) - around)]!++;
        n++;
      }
    }
  }
  if (n < 16) return null;
  let seen = 0;
  for (let v = 0; v < hist.length; v++) {
    seen += hist[v] as number;
    if (seen * 2 >= n) return v / 8;
  }
  return null;
}

/** Mean gamma-encoded luma (0..255) over discs. */
function discLuma(frame: DecodedFrame, discs: readonly Disc[]): number {
  const { width, height, rgb } = frame;
  let sum = 0;
  let n = 0;
  for (const d of discs) {
    for (let y = Math.max(0, Math.ceil(d.cy - d.r)); y <= Math.min(height - 1, Math.floor(d.cy + d.r)); y++) {
      const span = Math.sqrt(Math.max(0, d.r * d.r - (y - d.cy) ** 2));
      for (let x = Math.max(0, Math.ceil(d.cx - span)); x <= Math.min(width - 1, Math.floor(d.cx + span)); x++) ((sum += lumaAt(rgb, (y * width + x) * 3)), n++);
    }
  }
  return n ? sum / n : 0;
}

/**
 * Dark pixels inside the inner-lip quadrilateral, over the mouth's width squared (a closed mouth
 * about 0; a wide open one about half its gap over width). Dark: below 0.45 of the cheeks' luma.
 * The open mouth's inside is below a quarter of the skin's (encoded) luma, the lips about 0.6-0.8
 * of it and teeth above: 0.45 splits the inside from both. The cheeks are the reference, not the
 * lips, because at 320 px the lips are 2-4 pixels thick and a stale mesh misses them.
 */
function mouthSignal(frame: DecodedFrame, face: FaceObservation, discs: Record<SkinRegion, Disc>): FrameSignals["mouth"] {
  const m = mouthQuad(face);
  if (!m) return null;
  const { width, height, rgb } = frame;
  const limit = 0.45 * discLuma(frame, [discs.cheekLeft, discs.cheekRight]);
  const xs = m.quad.map((p) => p.x);
  const ys = m.quad.map((p) => p.y);
  let dark = 0;
  for (let y = Math.max(0, Math.floor(Math.min(...ys))); y <= Math.min(height - 1, Math.ceil(Math.max(...ys))); y++) {
    for (let x = Math.max(0, Math.floor(Math.min(...xs))); x <= Math.min(width - 1, Math.ceil(Math.max(...xs))); x++) {
      if (insidePolygon(x + 0.5, y + 0.5, m.quad) && lumaAt(rgb, (y * width + x) * 3) < limit) dark++;
    }
  }
  return { open: m.open, dark: dark / (m.width * m.width) };
}

function poseOf(face: FaceObservation): FrameSignals["pose"] {
  const m = measureFace(face, 0);
  return m ? { yaw: m.yaw, pitch: m.pitch } : null;
}

/**
 * How far `previous`'s picture is from `frame`'s inside one face box (cropCompare.ts
 * cropDistance of the normalised signatures); null when the frames differ in size or the box is
 * too small. One box for both, so a box that moves by a pixel between frames (the detector's or
 * the tracker's jitter) does not make a repeated picture look new.
 */
export function pictureChange(previous: DecodedFrame, frame: DecodedFrame, face: FaceObservation, crop = faceCrop(frame, face)): number | null {
  if (previous.width !== frame.width || previous.height !== frame.height) return null;
  const before = faceCrop(previous, face);
  return before && crop ? cropDistance(normaliseCrop(before), normaliseCrop(crop)) : null;
}

/** The frame's signals; `face` is the one face seen in it (or interpolated for it), null when none; `previous` the frame before it. */
export function measureFrame(frame: DecodedFrame, face: FaceObservation | null, previous?: DecodedFrame): FrameSignals {
  const background = backgroundColour(frame, face);
  if (!face) return { atMs: frame.atMs, faceShare: null, skin: null, background, crop: null, repeat: null, noise: null, mouth: null, pose: null };
  const crop = faceCrop(frame, face);
  const discs = skinDiscs(face);
  const skin = discs ? (Object.fromEntries(SKIN_REGIONS.map((r) => [r, discColour(frame, discs[r])])) as Record<SkinRegion, SkinColour>) : null;
  return {
    atMs: frame.atMs,
    faceShare: face.box.width / frame.width,
    skin,
    background,
    crop,
    repeat: previous ? pictureChange(previous, frame, face, crop) : null,
    noise: discs ? skinNoise(frame, [discs.forehead, discs.cheekLeft, discs.cheekRight]) : null,
    mouth: discs ? mouthSignal(frame, face, discs) : null,
    pose: poseOf(face),
  };
}
