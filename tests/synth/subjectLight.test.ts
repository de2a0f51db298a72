/**
 * The SYNTHETIC subject's light physics, as a camera would record it: the skin follows the
 * screen's colour more than the wall behind does, and more at the face's middle (square to the
 * screen) than at its sides (turned away); each channel answers its own part of the screen's
 * colour; the dim room answers most, the bright room least.
 */
import { describe, expect, it } from "vitest";
import { loadSubjectModel } from "../fixtures/synth/faceModels";
import { LIGHTING_PRESET_NAMES, LIGHTING_PRESETS, type Lighting, type Rgb } from "../fixtures/synth/lighting";
import { createSubjectRenderer } from "../fixtures/synth/renderSubject";
import { FACE_SCALE, subjectState } from "../fixtures/synth/subjectFrame";
import { seededRandom } from "../fixtures/synth/subjectScript";

const W = 640;
const H = 480;
const FACE = FACE_SCALE * W;
const REST = { yaw: 0, pitch: 0, roll: 0, mouthOpen: 0, eyesClosed: 0, dy: 0 };

function frame(screen: Rgb, lighting: Lighting): Uint8Array {
  const out = { width: W, height: H, data: new Uint8Array(W * H * 4) };
  createSubjectRenderer(loadSubjectModel()).render(subjectState({ pose: REST, screen, lighting, random: seededRandom(1), noiseSigma: 2 }), out);
  return out.data;
}

/** Mean of each channel over a box given in face widths from the face's centre (the frame's centre). */
function mean(data: Uint8Array, box: { x: number; y: number; w: number; h: number }): Rgb {
  const x0 = Math.round(W / 2 + box.x * FACE), y0 = Math.round(H / 2 + box.y * FACE);
  const x1 = x0 + Math.round(box.w * FACE), y1 = y0 + Math.round(box.h * FACE);
  const sum = [0, 0, 0];
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) for (let c = 0; c < 3; c++) sum[c] = (sum[c] as number) + (data[(y * W + x) * 4 + c] as number);
  const n = (x1 - x0) * (y1 - y0);
  return sum.map((s) => s / n) as unknown as Rgb;
}

/** Regions: the nose bridge and the cheeks beside it (square to the camera), the cheek edges (turned ~60° away), the wall. */
const CENTRE = { x: -0.12, y: -0.05, w: 0.24, h: 0.15 };
const SIDES = [{ x: -0.47, y: -0.05, w: 0.07, h: 0.15 }, { x: 0.4, y: -0.05, w: 0.07, h: 0.15 }];
const WALL = { x: -1.35, y: -0.95, w: 0.25, h: 0.25 };

/** Relative change of each channel between a black and a coloured screen: (lit - dark) / dark. */
function response(lighting: Lighting, screen: Rgb) {
  const dark = frame([0, 0, 0], lighting);
  const lit = frame(screen, lighting);
  const rel = (box: typeof CENTRE): Rgb => {
    const a = mean(dark, box);
    const b = mean(lit, box);
    return [0, 1, 2].map((c) => ((b[c] as number) - (a[c] as number)) / (a[c] as number)) as unknown as Rgb;
  };
  const sides = SIDES.map(rel);
  return { centre: rel(CENTRE), side: [0, 1, 2].map((c) => ((sides[0]?.[c] ?? 0) + (sides[1]?.[c] ?? 0)) / 2) as unknown as Rgb, wall: rel(WALL) };
}

describe("synthetic subject's light", () => {
  it.each(LIGHTING_PRESET_NAMES)("in the %s room the face's middle follows a white screen more than its sides, and they more than the wall", (name) => {
    const r = response(LIGHTING_PRESETS[name], [1, 1, 1]);
    const share = LIGHTING_PRESETS[name].screenShare;
    for (let c = 0; c < 3; c++) {
      // Middle: nose bridge and inner cheeks, mean cos ~0.7 (the nose's flanks turn away). Sides:
      // the cheek edges, turned 50-70° away, under 0.75 of it.
      expect(r.centre[c]).toBeGreaterThan(0.5 * share);
      expect(r.side[c]).toBeLessThan(0.75 * (r.centre[c] as number));
      // Wall: ~0.1 of the face's share (inverse square from 0.35 m to 1.1 m); under a fifth of the middle.
      expect(r.wall[c]).toBeLessThan(0.2 * (r.centre[c] as number));
      expect(r.wall[c]).toBeGreaterThan(0.03 * (r.centre[c] as number));
    }
  });

  it("each channel answers its own part of the screen's colour: blue lights blue, not red", () => {
    const r = response(LIGHTING_PRESETS.indoor, [0, 0, 1]);
    expect(r.centre[2]).toBeGreaterThan(0.2);
    expect(Math.abs(r.centre[0])).toBeLessThan(0.02);
    expect(Math.abs(r.centre[1])).toBeLessThan(0.02);
  });

  it("the dim room answers most, the bright room least", () => {
    const [dim, indoor, bright] = (["dim", "indoor", "bright"] as const).map((n) => response(LIGHTING_PRESETS[n], [1, 1, 1]).centre[1] as number);
    expect(dim).toBeGreaterThan(indoor as number);
    expect(indoor).toBeGreaterThan(bright as number);
  });
});
