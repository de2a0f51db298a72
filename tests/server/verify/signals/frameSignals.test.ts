import { describe, expect, it } from "vitest";
import { CROP_SIDE } from "../../../../src/server/verify/signals/cropCompare";
import { faceCrop, measureFrame } from "../../../../src/server/verify/signals/frameSignals";
import { LIVE_SCENE, renderFrame, sceneFace, type Scene } from "./syntheticPixels";

const scene = (over: Partial<Scene> = {}): Scene => ({ ...LIVE_SCENE, ...over });
const measure = (s: Scene, seed = 1) => measureFrame(renderFrame(0, s, seed), sceneFace(s));
const luma = (rgb: readonly number[]) => 0.2126 * (rgb[0] as number) + 0.7152 * (rgb[1] as number) + 0.0722 * (rgb[2] as number);

describe("measureFrame (synthetic drawn face)", () => {
  it("measures the skin patches on skin, the background on the wall, and nothing face-bound without a face", () => {
    const s = measure(scene());
    expect(s.skin).not.toBeNull();
    for (const [region, c] of Object.entries(s.skin ?? {})) {
      // The sides and the forehead's edges are small patches (radius 0.08 and 0.075 half-widths).
      expect(c.pixels, region).toBeGreaterThan(region.startsWith("side") || region.startsWith("browEdge") ? 15 : 30);
      // Skin albedo 0.62/0.4/0.3 under ambient 0.4: red above green above blue, as skin is.
      expect(c.rgb[0], region).toBeGreaterThan(c.rgb[1]);
      expect(c.rgb[1], region).toBeGreaterThan(c.rgb[2]);
    }
    // Each patch says where it was measured (the light check takes out a jittering mesh's part by it): the sides either side of the nose.
    const { sideLeft, sideRight, noseBridge } = s.skin!;
    expect(sideLeft.x).toBeLessThan(noseBridge.x);
    expect(sideRight.x).toBeGreaterThan(noseBridge.x);
    // The wall is grey: no skin tint.
    expect(Math.abs(s.background.rgb[0] - s.background.rgb[2])).toBeLessThan(0.03);
    const none = measureFrame(renderFrame(0, scene(), 1), null);
    expect(none).toMatchObject({ skin: null, crop: null, noise: null, mouth: null, faceShare: null });
    expect(none.background.pixels).toBeGreaterThan(15000);
  });

  it("measures colour in linear light: twice the light on the skin reads twice as bright", () => {
    // Light adds in linear light; in the encoded values twice the light reads about 1.37x (2^(1/2.2)).
    const once = measure(scene({ noise: 0 })).skin!.noseBridge.rgb;
    const twice = measure(scene({ noise: 0, gain: 2 })).skin!.noseBridge.rgb;
    for (let c = 0; c < 3; c++) expect(twice[c]! / once[c]!).toBeCloseTo(2, 1);
  });

  it("sees the screen's light more at the face's centre than at its sides and its forehead's edges, and evenly on a flat picture", () => {
    const response = (flat: boolean) => {
      const off = measure(scene({ flat }));
      const on = measure(scene({ flat, screen: [0.3, 0.3, 0.3] }));
      const rel = (r: "noseBridge" | "sideLeft" | "sideRight" | "browEdgeLeft" | "browEdgeRight") => luma(on.skin![r].rgb) / luma(off.skin![r].rgb) - 1;
      return { centre: rel("noseBridge"), sides: (rel("sideLeft") + rel("sideRight")) / 2, browEdges: (rel("browEdgeLeft") + rel("browEdgeRight")) / 2 };
    };
    const live = response(false);
    expect(live.centre / live.sides).toBeGreaterThan(1.3);
    // The forehead's edges turn away too (the drawing's normal there: about 0.55 of the centre's facing).
    expect(live.centre / live.browEdges).toBeGreaterThan(1.3);
    const flat = response(true);
    expect(flat.centre / flat.sides).toBeCloseTo(1, 1);
    expect(flat.centre / flat.browEdges).toBeCloseTo(1, 1);
  });

  it("measures the sensor noise it was given, and none on a noiseless flat drawing", () => {
    const noisy = measure(scene({ noise: 3 })).noise!;
    const quiet = measure(scene({ noise: 1 })).noise!;
    expect(noisy).toBeGreaterThan(quiet);
    // σ = 3 levels: the 8-neighbour residual's median is about 0.76 σ · 1.06 ≈ 2.4.
    expect(noisy).toBeGreaterThan(1.5);
    expect(noisy).toBeLessThan(3.5);
    expect(measure(scene({ noise: 0, flat: true })).noise).toBe(0);
  });

  it("sees an open mouth in the mesh and in the pixels", () => {
    const closed = measure(scene({ mouth: 0.02 })).mouth!;
    const open = measure(scene({ mouth: 0.3 })).mouth!;
    expect(closed.open).toBeCloseTo(0.02, 3);
    expect(open.open).toBeCloseTo(0.3, 3);
    expect(open.dark).toBeGreaterThan(0.1);
    expect(closed.dark).toBeLessThan(0.03);
  });

  it("gives the same face signature for the same face moved in the frame, another for another face", () => {
    const a = measure(scene()).crop!;
    const b = measure(scene({ cx: 140, cy: 110 }), 2).crop!;
    const c = measure(scene({ mouth: 0.35, blink: 1 })).crop!;
    const d = (x: Float32Array, y: Float32Array) => x.reduce((s, v, i) => s + Math.abs(v - (y[i] as number)), 0) / x.length;
    expect(d(a, b)).toBeLessThan(0.02);
    expect(d(a, c)).toBeGreaterThan(2 * d(a, b));
  });

  it("gives exactly the signature its definition gives (each pixel's luma shared by a tent between the four nearest cells, summed in float32 in raster order), edges and fractional boxes included", () => {
    // The definition written out plainly: the frozen check compares signatures to within 0.003,
    // and a still photo's identical frames must stay identical, so the fast loop may not drift.
    const reference = (frame: { width: number; height: number; rgb: Uint8Array }, box: { x: number; y: number; width: number; height: number }) => {
      const sums = new Float32Array(CROP_SIDE * CROP_SIDE);
      const weights = new Float32Array(CROP_SIDE * CROP_SIDE);
      for (let py = Math.max(0, Math.floor(box.y)); py <= Math.min(frame.height - 1, Math.ceil(box.y + box.height) - 1); py++) {
        for (let px = Math.max(0, Math.floor(box.x)); px <= Math.min(frame.width - 1, Math.ceil(box.x + box.width) - 1); px++) {
          const i = (py * frame.width + px) * 3;
          const v = (0.299 * frame.rgb[i]! + 0.587 * frame.rgb[i + 1]! + 0.114 * frame.rgb[i + 2]!) / 255;
          const fx = ((px + 0.5 - box.x) / box.width) * CROP_SIDE - 0.5;
          const fy = ((py + 0.5 - box.y) / box.height) * CROP_SIDE - 0.5;
          const [cx, cy] = [Math.floor(fx), Math.floor(fy)];
          const [kx, ky] = [fx - cx, fy - cy];
          for (const [x, y, w] of [[cx, cy, (1 - kx) * (1 - ky)], [cx + 1, cy, kx * (1 - ky)], [cx, cy + 1, (1 - kx) * ky], [cx + 1, cy + 1, kx * ky]] as const) {
            if (x < 0 || y < 0 || x >= CROP_SIDE || y >= CROP_SIDE || w <= 0) continue;
            const c = y * CROP_SIDE + x;
            sums[c] = sums[c]! + w * v;
            weights[c] = weights[c]! + w;
          }
        }
      }
      let total = 0;
      let filled = 0;
      for (let c = 0; c < sums.length; c++) if (weights[c]! > 0.05) ((sums[c] = sums[c]! / weights[c]!), (total += sums[c]!), filled++);
      for (let c = 0; c < sums.length; c++) if (!(weights[c]! > 0.05)) sums[c] = total / filled;
      return sums;
    };
    const frame = renderFrame(0, scene(), 3);
    const face = sceneFace(scene());
    const boxes = [face.box, { x: 100.37, y: 41.8, width: 97.3, height: 121.6 }, { x: -30.5, y: 150.2, width: 120, height: 140 }, { x: 250, y: -12.25, width: 96.75, height: 80 }];
    for (const box of boxes) {
      const crop = faceCrop(frame, { ...face, box });
      expect(crop).not.toBeNull();
      expect(Array.from(crop!)).toEqual(Array.from(reference(frame, box)));
    }
  });
});
