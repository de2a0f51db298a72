import { describe, expect, it } from "vitest";
import { isTooSlow, median, nextFrameDelay, percentile } from "../../../src/face/browser/frameTiming";

describe("median and percentile", () => {
  it("take the middle value, averaging the two middle ones of an even count", () => {
    expect(median([])).toBeNull();
    expect(median([30, 10, 20])).toBe(20);
    expect(median([40, 10, 30, 20])).toBe(25);
  });

  it("use the nearest rank for percentiles", () => {
    expect(percentile([], 90)).toBeNull();
    expect(percentile([10, 20, 30, 40], 90)).toBe(40);
    expect(percentile([10, 20, 30, 40, 50, 60, 70, 80, 90, 100], 90)).toBe(90);
    expect(percentile([5, 1, 3], 50)).toBe(3);
  });
});

describe("isTooSlow", () => {
  const rule = { slowFrameMs: 400, slowAfterFrames: 5 };

  it("decides nothing before slowAfterFrames frames", () => {
    expect(isTooSlow([900, 900, 900, 900], rule)).toBe(false);
    expect(isTooSlow([900, 900, 900, 900, 900], rule)).toBe(true);
  });

  it("compares the median of the recent frames, so one slow frame does not decide", () => {
    expect(isTooSlow([80, 2000, 90, 85, 95], rule)).toBe(false);
    expect(isTooSlow([80, 450, 500, 90, 410], rule)).toBe(true);
    expect(isTooSlow([400, 400, 400, 400, 400], rule)).toBe(false);
  });

  it("looks at the last frames only: a device that slows down is caught, one that recovered is not", () => {
    expect(isTooSlow([60, 60, 60, 60, 60, 500, 500, 500], rule)).toBe(true);
    expect(isTooSlow([900, 900, 900, 60, 60, 60, 60, 60], rule)).toBe(false);
  });
});

describe("nextFrameDelay", () => {
  it("starts frames 1000/fps ms apart, counting the time the last one took", () => {
    expect(nextFrameDelay(1000, 1050, 8)).toBe(75);
    expect(nextFrameDelay(1000, 1000, 10)).toBe(100);
  });

  it("goes at once when the last frame took longer than the interval or there was none", () => {
    expect(nextFrameDelay(1000, 1300, 8)).toBe(0);
    expect(nextFrameDelay(null, 5000, 8)).toBe(0);
  });
});
