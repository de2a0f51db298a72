/**
 * SYNTHETIC frames for the pixel-signal tests: a drawn face (not a person), 320x240 RGB, lit by
 * the room (ambient) and by the screen in front of it, with the mesh the service would pair it
 * with (tests/face/syntheticFace.ts's layout: cheeks at ±1 half-width, eye line -0.35, mouth
 * 0.75, chin 1.25). A live subject is a curved face: the screen's light falls on it by how much
 * each point faces the screen (an ellipsoid's normal). A "photo" is the same drawing on a flat
 * sheet: the screen lights it evenly, and it can only move rigidly in 2D.
 */
import type { FaceObservation } from "../../../../src/domain/face/types";
import type { DecodedFrame } from "../../../../src/server/verify/mediaTypes";
import { syntheticMesh, seededNormal, NEUTRAL, FRAME } from "../../../face/syntheticFace";

export interface Scene {
  /** Face centre and box size, px; the face's tilt in the picture (radians). */
  cx: number;
  cy: number;
  size: number;
  roll: number;
  /** 0 open eyes, 1 closed. */
  blink: number;
  /** Inner-lip gap over width. */
  mouth: number;
  /** Room light on face and wall (linear 0..1 units of illuminance). */
  ambient: number;
  /** The screen's light per channel on a point of the face that looks straight at it. */
  screen: [number, number, number];
  /** How much of the screen's light the wall receives, relative to the face (far: about 0.02). */
  wallShare: number;
  /** A flat picture: the screen lights every point alike. */
  flat: boolean;
  /** Camera gain (auto-exposure). */
  gain: number;
  /** Per-pixel noise, σ in 0..255 levels. */
  noise: number;
  /** Another drawn person: eyes closer and higher, a narrower mouth lower down, darker skin, no fringe. */
  other?: boolean;
}

export const LIVE_SCENE: Scene = { cx: 160, cy: 120, size: 120, roll: 0, blink: 0, mouth: 0.03, ambient: 0.4, screen: [0, 0, 0], wallShare: 0.02, flat: false, gain: 1, noise: 2 };

const SKIN: [number, number, number] = [0.62, 0.4, 0.3];
const WALL: [number, number, number] = [0.35, 0.35, 0.32];
const HAIR: [number, number, number] = [0.06, 0.04, 0.03];
const LIPS: [number, number, number] = [0.4, 0.15, 0.13];
const OTHER_SKIN: [number, number, number] = [0.35, 0.22, 0.15];

const toByte = (linear: number): number => {
  const c = Math.min(1, Math.max(0, linear));
  const s = c <= 0.0031308 ? c * 12.92 : 1.055 * c ** (1 / 2.4) - 0.055;
  return s * 255;
};

/** The albedo at a point of the face drawing (face units) and whether it is skin-like. */
function albedo(fx: number, fy: number, s: Scene): [number, number, number] | null {
  // An ellipse below the cheek line; above it a squarer outline (exponent 4), as a forehead is
  // about as broad as the face at its temples, not tapering to a point.
  const power = fy < 0.3 ? 4 : 2;
  const inFace = Math.abs(fx / 1.05) ** power + Math.abs((fy - 0.3) / 1.45) ** power <= 1;
  const skin = s.other ? OTHER_SKIN : SKIN;
  if (!s.other && fy < -1.1 && Math.abs(fx) < 1.1 && (fx / 1.1) ** 2 + ((fy + 0.3) / 1.3) ** 2 <= 1.05) return HAIR;
  if (!inFace) return null;
  const [eyeX, eyeY, mouthY, mouthW] = s.other ? [0.4, -0.45, 0.9, 0.25] : [0.52, -0.35, 0.75, 0.35];
  for (const ex of [-eyeX, eyeX]) {
    const open = 0.1 * (1 - s.blink);
    if (Math.abs(fy - eyeY + (s.other ? 0.35 : 0.27)) < (s.other ? 0.08 : 0.05) && Math.abs(fx - ex) < 0.25) return HAIR; // brows
    if (((fx - ex) / 0.22) ** 2 + ((fy - eyeY) / Math.max(open, 0.001)) ** 2 <= 1) return [0.03, 0.03, 0.04];
    if (((fx - ex) / 0.22) ** 2 + ((fy - eyeY) / 0.12) ** 2 <= 1) return [skin[0] * 0.7, skin[1] * 0.7, skin[2] * 0.7]; // lids
  }
  const half = (s.mouth * 0.7) / 2;
  if ((fx / mouthW) ** 2 + ((fy - mouthY) / Math.max(half, 0.001)) ** 2 <= 1) return [0.02, 0.01, 0.01];
  if ((fx / (mouthW + 0.07)) ** 2 + ((fy - mouthY) / (half + 0.1)) ** 2 <= 1) return LIPS;
  if (fx > 0.06 && fx < 0.16 && fy > -0.1 && fy < 0.3) return [skin[0] * 0.8, skin[1] * 0.8, skin[2] * 0.8]; // nose side
  return skin;
}

/** One frame of the scene; `seed` makes its noise. */
export function renderFrame(atMs: number, s: Scene, seed: number): DecodedFrame {
  const { width, height } = FRAME;
  const rgb = new Uint8Array(width * height * 3);
  const normal = seededNormal(seed);
  const half = s.size * 0.3;
  const cos = Math.cos(s.roll);
  const sin = Math.sin(s.roll);
  // Each pixel averages 2x2 samples, as a sensor's photosite integrates light over its area:
  // a feature thinner than a pixel (a closed mouth's line) then moves smoothly, not in jumps.
  const sample = (px: number, py: number, out: number[]) => {
    const dx = (px - s.cx) / half;
    const dy = (py - s.cy) / half;
    const fx = dx * cos + dy * sin;
    const fy = -dx * sin + dy * cos;
    const a = albedo(fx, fy, s);
    for (let c = 0; c < 3; c++) {
      const screen = s.screen[c] as number;
      // How much the point faces the screen: a face curves away mostly across (cheeks to the
      // sides), little from forehead to chin, so the vertical term is weakened.
      const facing = a ? (s.flat ? 1 : Math.sqrt(Math.max(0.02, 1 - (fx / 1.05) ** 2 - 0.3 * ((fy - 0.3) / 1.45) ** 2))) : s.wallShare;
      const base = a ? (a[c] as number) : (WALL[c] as number) * (0.8 + (0.4 * py) / height);
      out[c] = (out[c] as number) + base * (s.ambient + screen * facing) * s.gain;
    }
  };
  const acc = [0, 0, 0];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      acc.fill(0);
      for (const [ox, oy] of [[0.25, 0.25], [0.75, 0.25], [0.25, 0.75], [0.75, 0.75]] as const) sample(x + ox, y + oy, acc);
      const i = (y * width + x) * 3;
      for (let c = 0; c < 3; c++) rgb[i + c] = Math.round(Math.min(255, Math.max(0, toByte((acc[c] as number) / 4) + s.noise * normal())));
    }
  }
  return { atMs, width, height, rgb };
}

/** The face the analyser would report for the scene (box and mesh placed like the drawing). */
export function sceneFace(s: Scene): FaceObservation {
  const at = { cx: s.cx, cy: s.cy, size: s.size };
  return {
    score: 0.95,
    box: { x: s.cx - s.size / 2, y: s.cy - s.size / 2, width: s.size, height: s.size },
    mesh: syntheticMesh({ ...NEUTRAL, mouth: s.mouth, eye: 0.3 * (1 - s.blink), roll: s.roll }, at),
    real: 0.9,
    live: 0.9,
  };
}
