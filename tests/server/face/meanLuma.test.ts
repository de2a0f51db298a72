import { describe, expect, it } from "vitest";
import { meanLuma } from "../../../src/server/face/decodeFrame";

describe("meanLuma (the frame's brightness the quality checks read: too dark below flows/capture.json minLuma)", () => {
  it("weighs red, green and blue as BT.601 luma and averages over the pixels", () => {
    expect(meanLuma(new Uint8Array([255, 255, 255, 0, 0, 0]))).toBeCloseTo(127.5, 9);
    expect(meanLuma(new Uint8Array([255, 0, 0]))).toBeCloseTo(0.299 * 255, 9);
    expect(meanLuma(new Uint8Array([0, 255, 0, 0, 0, 255]))).toBeCloseTo((0.587 * 255 + 0.114 * 255) / 2, 9);
    expect(meanLuma(new Uint8Array([]))).toBe(0);
  });

  it("counts a trailing partial pixel's missing channels as 0", () => {
    expect(meanLuma(new Uint8Array([100, 100, 100, 200]))).toBeCloseTo((100 + 0.299 * 200) / (4 / 3), 9);
    expect(meanLuma(new Uint8Array([100, 100, 100, 200, 50]))).toBeCloseTo((100 + 0.299 * 200 + 0.587 * 50) / (5 / 3), 9);
  });
});
