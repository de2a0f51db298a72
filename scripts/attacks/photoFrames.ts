/**
 * Frames of a PHOTO ATTACK: a real person's photo (the face-api demo photos sample1..6.jpg,
 * read from node_modules, the face boxes of tests/fixtures/synth/meshes.json) held before the
 * camera, filling the frame as a print or a screen held close does. What an attacker does to it
 * over time (a sway, a zoom, a 2D warp that imitates a head turn or a nod, sensor noise, a tint
 * that follows the light challenge) is a function of time given to `photoFrame`. The print is cut
 * around the one face (the photos show others beside it) and held before a plain wall.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import jpeg from "jpeg-js";
import { readMeshes } from "../../tests/fixtures/synth/faceModels";
import type { RgbaImage } from "../../tests/fixtures/faceImage";

export interface PhotoPerson {
  id: string;
  image: RgbaImage;
  /** The face box in the photo: x, y, width, height. */
  box: readonly [number, number, number, number];
  /** The last frame sampled from this photo, before noise (a held-still print repeats it). */
  last: { key: string; image: RgbaImage } | null;
}

/** The people of the demo photos, decoded once per bench (each photo is a few MB of pixels). */
export function createPhotoLibrary(): { ids: string[]; person(id: string): PhotoPerson } {
  const cache = new Map<string, PhotoPerson>();
  const people = readMeshes().people;
  const dir = join(dirname(createRequire(import.meta.url).resolve("@vladmandic/face-api/package.json")), "demo");
  return {
    ids: people.map((p) => p.id),
    person(id) {
      const found = cache.get(id);
      if (found) return found;
      const entry = people.find((p) => p.id === id);
      if (!entry) throw new Error(`no photo person "${id}"; there are: ${people.map((p) => p.id).join(", ")}`);
      const decoded = jpeg.decode(readFileSync(join(dir, entry.photo)), { useTArray: true, formatAsRGBA: true, maxMemoryUsageInMB: 1024 });
      const made: PhotoPerson = { id, image: { width: decoded.width, height: decoded.height, data: decoded.data }, box: entry.box, last: null };
      cache.set(id, made);
      return made;
    },
  };
}

/** How the held photo sits and moves in one frame; every field optional (a still, square to the camera). */
export interface PhotoPose {
  /** Face width over frame width (0.36: the page's oval at arm's length). */
  faceWidth?: number;
  /** Shift of the face's centre, as a share of the frame's width. */
  dx?: number;
  dy?: number;
  /** Rotation in the picture plane, radians (a hand's tilt). */
  angle?: number;
  /**
   * A 2D imitation of a head turn: -1..1, the face's vertical midline moved by up to a third of
   * its half-width, one half stretched and the other squeezed (what a "shake head" warp app does).
   */
  yawWarp?: number;
  /** The same vertically, for a nod: the face's horizontal midline moved down by up to a third of its half-height. */
  pitchWarp?: number;
  /** Multiplies each channel (0..1.x): a tint that follows the screen's colours. */
  tint?: readonly [number, number, number];
  /** Gaussian noise added per pixel, in 0..255 levels. */
  noiseSigma?: number;
}

const WARP_SHARE = 1 / 3;
/** The band around the face the warp moves: beyond it the photo is untouched. */
const WARP_BAND = 1.4;

/** Moves `mid` to `mid + shift` inside [mid - r, mid + r], linearly on both sides: output → source coordinate. */
function warpAxis(v: number, mid: number, r: number, shift: number): number {
  if (shift === 0 || v <= mid - r || v >= mid + r) return v;
  const moved = mid + shift;
  return v < moved ? mid - r + ((v - (mid - r)) * r) / (moved - (mid - r)) : mid + ((v - moved) * r) / (mid + r - moved);
}

/** The print is cut this many face-box widths around the face's centre (the demo photos hold other people beside it). */
const CROP_HALF = 0.8;
/** What lies around the print: a neutral wall. */
const WALL = 118;

/** Standard normal draws, made once: a frame's noise reads them from a random offset (drawing per pixel costs more than the frame). */
const NOISE = Float32Array.from({ length: 1 << 20 }, () => Math.sqrt(-2 * Math.log(1 - Math.random())) * Math.cos(2 * Math.PI * Math.random()));

/**
 * One frame of the photo, `width`x`height` RGBA: the photo's pixels around the face (bilinear),
 * placed and warped by `pose`.
 * @example photoFrame(library.person("person2"), { faceWidth: 0.35, yawWarp: 0.8 })
 */
export function photoFrame(person: PhotoPerson, pose: PhotoPose = {}, width = 640, height = 480): RgbaImage {
  // A held-still print is the same picture every frame but for the noise: sampled once, noised per frame.
  const { noiseSigma, ...placed } = pose;
  const key = JSON.stringify([person.id, placed, width, height]);
  const last = person.last?.key === key ? person.last : (person.last = { key, image: samplePhoto(person, placed, width, height) });
  return noiseSigma ? withNoise(last.image, noiseSigma) : last.image;
}

/** `image` plus Gaussian noise of `sigma` levels, the same on the three channels (luma noise). */
function withNoise(image: RgbaImage, sigma: number): RgbaImage {
  const data = new Uint8Array(image.data);
  let n = Math.floor(Math.random() * NOISE.length);
  for (let i = 0; i < data.length; i += 4) {
    const noise = sigma * (NOISE[n++ & (NOISE.length - 1)] as number);
    for (let k = 0; k < 3; k++) data[i + k] = Math.max(0, Math.min(255, Math.round((data[i + k] as number) + noise)));
  }
  return { width: image.width, height: image.height, data };
}

function samplePhoto(person: PhotoPerson, pose: Omit<PhotoPose, "noiseSigma">, width: number, height: number): RgbaImage {
  const { image, box } = person;
  const scale = box[2] / (width * (pose.faceWidth ?? 0.36)); // photo pixels per frame pixel
  const fcx = width / 2 + (pose.dx ?? 0) * width;
  const fcy = height / 2 + (pose.dy ?? 0) * height;
  const scx = box[0] + box[2] / 2;
  const scy = box[1] + box[3] / 2;
  const cos = Math.cos(pose.angle ?? 0);
  const sin = Math.sin(pose.angle ?? 0);
  const halfW = box[2] / 2;
  const halfH = box[3] / 2;
  const shiftX = (pose.yawWarp ?? 0) * WARP_SHARE * halfW;
  const shiftY = (pose.pitchWarp ?? 0) * WARP_SHARE * halfH;
  const tint = pose.tint ?? [1, 1, 1];
  const data = new Uint8Array(width * height * 4);
  const src = image.data;
  const crop = CROP_HALF * box[2];
  let n = Math.floor(Math.random() * NOISE.length);
  const at = (x: number, y: number) => (Math.min(image.height - 1, Math.max(0, y)) * image.width + Math.min(image.width - 1, Math.max(0, x))) * 4;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      // Frame → photo: undo the placement, then the warp (both in photo pixels around the face's centre).
      const u = (x - fcx) * scale;
      const v = (y - fcy) * scale;
      let sx = scx + cos * u + sin * v;
      let sy = scy - sin * u + cos * v;
      const i = (y * width + x) * 4;
      data[i + 3] = 255;
      if (Math.abs(sx - scx) > crop || Math.abs(sy - scy) > crop) {
        for (let k = 0; k < 3; k++) data[i + k] = Math.min(255, Math.round(WALL * (tint[k] ?? 1)));
        continue;
      }
      sx = warpAxis(sx, scx, WARP_BAND * halfW, shiftX);
      sy = warpAxis(sy, scy, WARP_BAND * halfH, shiftY);
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      const fx = sx - x0;
      const fy = sy - y0;
      const a = at(x0, y0), b = at(x0 + 1, y0), c = at(x0, y0 + 1), d = at(x0 + 1, y0 + 1);
      for (let k = 0; k < 3; k++) {
        const value = ((src[a + k] ?? 0) * (1 - fx) + (src[b + k] ?? 0) * fx) * (1 - fy) + ((src[c + k] ?? 0) * (1 - fx) + (src[d + k] ?? 0) * fx) * fy;
        data[i + k] = Math.min(255, Math.round(value * (tint[k] ?? 1)));
      }
    }
  }
  return { width, height, data };
}
