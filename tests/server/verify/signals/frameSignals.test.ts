import { describe, expect, it } from "vitest";
import { measureFrame } from "../../../../src/server/verify/signals/frameSignals";
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
});
