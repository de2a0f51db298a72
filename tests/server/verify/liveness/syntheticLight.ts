/**
 * SYNTHETIC frame signals of a subject in front of the screen showing a light sequence: each
 * region's colour is its albedo times (room light + the screen's light × how much the region
 * faces the screen), through a camera whose auto-exposure pulls the picture's brightness back
 * towards mid-grey with a one-second time constant and drifts slowly, a sensor delay, and noise.
 * No models, no pixels: the light check's inputs, made to order.
 */
import { LIGHT_COLORS, LIGHT_MIN_SEGMENT_MS, LIGHT_USUAL_MAX_SEGMENT_MS, type LightChallenge } from "../../../../schemas/lightChallenge";
import { lightAt, lightTimeline } from "../../../../src/server/verify/checks/liveness/lightTimeline";
import type { FrameSignals, RegionColour, Rgb, SkinColour } from "../../../../src/server/verify/signals/frameSignals";
import type { SkinRegion } from "../../../../src/server/verify/signals/faceRegions";
import { seededNormal } from "../../../face/syntheticFace";
import { seededRandom } from "../../../fixtures/synth/subjectScript";

/** A random challenge as the service draws one: segments of 350-500 ms, no colour twice in a row. */
export function randomChallenge(seed: number, segments = 12): LightChallenge {
  const uniform = seededUniform(seed);
  const out: LightChallenge["segments"] = [];
  while (out.length < segments) {
    const color = LIGHT_COLORS[Math.floor(uniform() * LIGHT_COLORS.length)]!;
    if (color === out[out.length - 1]?.color) continue;
    out.push({ color, ms: LIGHT_MIN_SEGMENT_MS + Math.round(uniform() * (LIGHT_USUAL_MAX_SEGMENT_MS - LIGHT_MIN_SEGMENT_MS)) });
  }
  return { segments: out };
}

/** Deterministic uniform 0..1: the synthetic subject's own (mulberry32). */
const seededUniform = seededRandom;

export interface Subject {
  /** What the screen really showed, starting at `startMs` on the recording's clock. */
  shows: LightChallenge;
  startMs: number;
  /** Camera and encoder delay: the picture shows the light this late. */
  delayMs: number;
  /** Room light, in units of the screen's full light on a point facing it (dim 0.5, indoor 3, bright 12). */
  ambient: number;
  /** How much each region faces the screen (a live face: centre 1, cheeks 0.85, sides and the forehead's edges 0.55; a flat picture: all 1). */
  facing: Record<SkinRegion, number>;
  /** Patches darker than the skin by these factors of its albedo (hair over a cheek, a shadow; default 1). */
  darker?: Partial<Record<SkinRegion, number>>;
  /** The wall's share of the face's screen light (far wall: 0.02). */
  wallShare: number;
  /** The face's response to the screen, 0 for a face that does not reflect it (a screen's picture playing something else). */
  faceLit: number;
  /** Slow exposure drift amplitude (0.2: ±20% over 5 s) and auto-exposure on or off. */
  drift: number;
  autoExposure: boolean;
  /** Relative per-frame noise of a region's mean (compression, sensor). */
  noise: number;
  faceShare: number;
  fps: number;
  durationMs: number;
  seed: number;
  /** Frames whose face was not found (no skin, no crop). */
  faceless?: (i: number) => boolean;
  /**
   * The mesh's jitter over the skin's shading near the silhouette: each side patch displaced
   * across the face by a random `px` pixels (standard deviation) at the mesh's frames, every
   * other one, moved linearly between, and its colour darker outward by `shade` a pixel per
   * channel (a shadow is redder: green and blue fall faster than red).
   */
  sideJitter?: { px: number; shade: Rgb };
}

export const LIVE_FACING: Record<SkinRegion, number> = { forehead: 0.95, noseBridge: 1, cheekLeft: 0.85, cheekRight: 0.85, sideLeft: 0.55, sideRight: 0.55, browEdgeLeft: 0.55, browEdgeRight: 0.55 };
export const FLAT_FACING: Record<SkinRegion, number> = { forehead: 1, noseBridge: 1, cheekLeft: 1, cheekRight: 1, sideLeft: 1, sideRight: 1, browEdgeLeft: 1, browEdgeRight: 1 };

export const liveSubject = (shows: LightChallenge, over: Partial<Subject> = {}): Subject => ({
  shows,
  startMs: 0,
  delayMs: 170,
  ambient: 3,
  facing: LIVE_FACING,
  wallShare: 0.02,
  faceLit: 1,
  drift: 0.2,
  autoExposure: true,
  noise: 0.006,
  faceShare: 0.4,
  fps: 15,
  durationMs: 6000,
  seed: 1,
  ...over,
});

const SKIN_ALBEDO: Rgb = [0.55, 0.35, 0.27];
const WALL_ALBEDO: Rgb = [0.3, 0.32, 0.3];
const PIXELS: Record<SkinRegion, number> = { forehead: 150, noseBridge: 40, cheekLeft: 90, cheekRight: 90, sideLeft: 25, sideRight: 25, browEdgeLeft: 23, browEdgeRight: 23 };
/** Where each patch lies in a 320x240 frame, the face 128 pixels wide at its centre (a still head: the patches stay put). */
const PLACES: Record<SkinRegion, { x: number; y: number }> = { forehead: { x: 160, y: 85 }, noseBridge: { x: 160, y: 112 }, cheekLeft: { x: 128, y: 135 }, cheekRight: { x: 192, y: 135 }, sideLeft: { x: 106, y: 140 }, sideRight: { x: 214, y: 140 }, browEdgeLeft: { x: 112, y: 85 }, browEdgeRight: { x: 208, y: 85 } };

export function recordSubject(s: Subject): FrameSignals[] {
  const timeline = lightTimeline(s.shows, [], 0);
  const shift = (atMs: number) => atMs - s.startMs;
  const n = seededNormal(s.seed);
  // Exposure integrates over a frame time: the light is averaged over the last 33 ms.
  const light = (atMs: number): Rgb => {
    const a = lightAt(timeline, shift(atMs - s.delayMs)) ?? [1, 1, 1];
    const b = lightAt(timeline, shift(atMs - s.delayMs - 33)) ?? [1, 1, 1];
    return [0, 1, 2].map((c) => (a[c]! + b[c]!) / 2) as Rgb;
  };
  // The preview ran before the recording: exposure starts settled for the room under a white screen.
  let gain = 0.18 / (0.3 * SKIN_ALBEDO[1] * (s.ambient + s.facing.noseBridge * s.faceLit) + 0.7 * WALL_ALBEDO[1] * (s.ambient + s.wallShare));
  const out: FrameSignals[] = [];
  const step = 1000 / s.fps;
  const frameCount = Math.ceil(s.durationMs / step);
  // Drawn only when asked: the other subjects' noise stays as it was, draw for draw.
  const jitterOf = (): number[] => {
    if (!s.sideJitter) return [];
    const px = s.sideJitter.px;
    const at = Array.from({ length: Math.ceil(frameCount / 2) + 1 }, () => px * n());
    return Array.from({ length: frameCount }, (_, i) => (i % 2 === 0 ? at[i / 2]! : (at[(i - 1) / 2]! + at[(i + 1) / 2]!) / 2));
  };
  const jitter = { sideLeft: jitterOf(), sideRight: jitterOf() };
  for (let i = 0; i * step < s.durationMs; i++) {
    const atMs = Math.round(i * step);
    const l = light(atMs);
    const drift = 1 + s.drift * Math.sin((2 * Math.PI * atMs) / 5000);
    const lit = (albedo: Rgb, facing: number, noise: number): Rgb => albedo.map((a, c) => a * (s.ambient + l[c]! * facing) * gain * drift * (1 + noise * n())) as Rgb;
    const albedo = (r: SkinRegion): Rgb => SKIN_ALBEDO.map((a) => a * (s.darker?.[r] ?? 1)) as Rgb;
    const region = (r: SkinRegion): SkinColour => ({ rgb: lit(albedo(r), s.facing[r] * s.faceLit, s.noise * Math.sqrt(100 / PIXELS[r])), pixels: PIXELS[r], ...PLACES[r] });
    const skin = Object.fromEntries((Object.keys(PIXELS) as SkinRegion[]).map((r) => [r, region(r)])) as Record<SkinRegion, SkinColour>;
    if (s.sideJitter) {
      for (const [side, outward] of [["sideLeft", -1], ["sideRight", 1]] as const) {
        const moved = jitter[side][i]!;
        const patch = skin[side];
        skin[side] = { ...patch, x: patch.x + moved, rgb: patch.rgb.map((v, c) => v * Math.exp(-s.sideJitter!.shade[c]! * outward * moved)) as Rgb };
      }
    }
    const background: RegionColour = { rgb: lit(WALL_ALBEDO, s.wallShare, s.noise / 4), pixels: 15000 };
    // Auto-exposure: towards a picture of mean 0.18, with a one-second time constant.
    const brightness = 0.3 * skin.noseBridge.rgb[1] + 0.7 * background.rgb[1];
    if (s.autoExposure) gain += ((0.18 / brightness) * gain - gain) * Math.min(1, step / 1000);
    const faceless = s.faceless?.(i) ?? false;
    out.push({ atMs, faceShare: faceless ? null : s.faceShare, skin: faceless ? null : skin, background, crop: null, repeat: null, noise: null, mouth: null, pose: faceless ? null : { yaw: 0, pitch: 0.5 } });
  }
  return out;
}
