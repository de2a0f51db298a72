/**
 * The face-api demo photos as 640x480 frames, for the 3D-turn check's fixtures (synthetic:
 * nothing is written but derived landmarks): each photo's largest face cropped onto a grey
 * frame at a third of its width, as tests/fixtures/faceImage.ts does with sample6.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import jpeg from "jpeg-js";
import type { FrameObservation } from "../../../../src/domain/face/types";
import { STABLE_LANDMARKS } from "../../../../src/server/verify/checks/liveness/rigidCheck";

export const W = 640;
export const H = 480;
const FACE_SHARE = 0.35;
/** Kept beside the check's landmarks: the eyelids and inner lips, so the action detectors' figures (src/domain/face/geometry.ts) can be measured on the tracks too. */
const MEASURED = [160, 144, 158, 153, 385, 380, 387, 373, 13, 14, 78, 308];
export const LANDMARKS = [...new Set([...STABLE_LANDMARKS, ...MEASURED])];

/** RGB pixels, 3 bytes a pixel. */
export interface Rgb {
  width: number;
  height: number;
  data: Uint8Array;
}

export type Look = (frame: Rgb, atMs: number) => Promise<FrameObservation>;
export type PixelMap = (u: number, v: number) => [number, number] | null;

function readSample(n: number): Rgb {
  const dir = join(dirname(createRequire(import.meta.url).resolve("@vladmandic/face-api/package.json")), "demo");
  const d = jpeg.decode(readFileSync(join(dir, `sample${n}.jpg`)), { useTArray: true, formatAsRGBA: true });
  const rgb = new Uint8Array(d.width * d.height * 3);
  for (let i = 0; i < d.width * d.height; i++) for (let c = 0; c < 3; c++) rgb[3 * i + c] = d.data[4 * i + c] ?? 0;
  return { width: d.width, height: d.height, data: rgb };
}

/** Renders a frame whose pixel (u, v) shows the source at map(u, v) (bilinear; grey where null). */
export function render(src: Rgb, map: PixelMap): Rgb {
  const out = new Uint8Array(W * H * 3).fill(128);
  const at = (x: number, y: number, c: number): number => src.data[(Math.min(src.height - 1, Math.max(0, y)) * src.width + Math.min(src.width - 1, Math.max(0, x))) * 3 + c] ?? 0;
  for (let v = 0; v < H; v++) {
    for (let u = 0; u < W; u++) {
      const m = map(u, v);
      if (!m) continue;
      const [x, y] = m;
      const x0 = Math.floor(x);
      const y0 = Math.floor(y);
      const fx = x - x0;
      const fy = y - y0;
      for (let c = 0; c < 3; c++) {
        const top = at(x0, y0, c) * (1 - fx) + at(x0 + 1, y0, c) * fx;
        const bottom = at(x0, y0 + 1, c) * (1 - fx) + at(x0 + 1, y0 + 1, c) * fx;
        out[(v * W + u) * 3 + c] = Math.round(top * (1 - fy) + bottom * fy);
      }
    }
  }
  return { width: W, height: H, data: out };
}

/** Photo `n`'s largest face on a frontal frame: the source photo, the frame's map into it, the frame and Human's view of it. */
export async function frontalFrame(n: number, look: Look): Promise<{ src: Rgb; map: PixelMap; image: Rgb; observation: FrameObservation }> {
  const src = readSample(n);
  const whole = await look(src, 0);
  const face = [...whole.faces].sort((a, b) => b.box.width - a.box.width)[0];
  if (!face) throw new Error(`sample${n}: no face`);
  const scale = face.box.width / (W * FACE_SHARE);
  const cx = face.box.x + face.box.width / 2;
  const cy = face.box.y + face.box.height / 2;
  const half = (W * FACE_SHARE * 1.4) / 2;
  const map: PixelMap = (u, v) => (Math.abs(u - W / 2) > half || Math.abs(v - H / 2) > half ? null : [cx + (u - W / 2) * scale, cy + (v - H / 2) * scale]);
  const image = render(src, map);
  return { src, map, image, observation: await look(image, 0) };
}
