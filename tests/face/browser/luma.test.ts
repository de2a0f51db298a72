import { describe, expect, it } from "vitest";
import { meanLuma } from "../../../src/face/browser/luma";

const frame = (pixels: [number, number, number][]) => new Uint8ClampedArray(pixels.flatMap(([r, g, b]) => [r, g, b, 255]));

describe("meanLuma", () => {
  it("weighs the channels like BT.601 (green brightest, blue darkest)", () => {
    expect(meanLuma(frame([[255, 255, 255]]))).toBeCloseTo(255, 5);
    expect(meanLuma(frame([[0, 0, 0]]))).toBe(0);
    expect(meanLuma(frame([[255, 0, 0]]))).toBeCloseTo(76.2, 1);
    expect(meanLuma(frame([[0, 255, 0]]))).toBeCloseTo(149.7, 1);
    expect(meanLuma(frame([[0, 0, 255]]))).toBeCloseTo(29.1, 1);
  });

  it("averages over pixels and ignores alpha", () => {
    expect(meanLuma(new Uint8ClampedArray([255, 255, 255, 0, 0, 0, 0, 255]))).toBeCloseTo(127.5, 5);
  });

  it("samples every step-th pixel", () => {
    const stripes = frame([[200, 200, 200], [0, 0, 0], [200, 200, 200], [0, 0, 0]]);
    expect(meanLuma(stripes, 1)).toBeCloseTo(100, 5);
    expect(meanLuma(stripes, 2)).toBeCloseTo(200, 5);
  });

  it("gives 0 for no pixels", () => {
    expect(meanLuma(new Uint8ClampedArray(0))).toBe(0);
  });
});
