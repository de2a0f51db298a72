/**
 * The loading percentage the recording page shows for the face files (issue 35): each file
 * weighs what it costs to download, a file half read is half of it, and 100% only once all arrived.
 */
import { describe, expect, it } from "vitest";
import { arrivedShare, shownPercent, type FileProgress } from "../../../src/face/browser/downloadProgress";

const file = (bytes: number, wire: number, received: number, state: FileProgress["state"]): FileProgress => ({ bytes, wire, received, state });

describe("arrivedShare", () => {
  it("weighs each file by its size on the wire, counting the decoded share read of it", () => {
    // The worker's JS: 900 KB decoded, 300 on the wire, a third read; the weights: 600 KB, hardly compressed, not begun.
    const worker = file(900_000, 300_000, 300_000, "loading");
    const weights = file(620_000, 600_000, 0, "queued");
    expect(arrivedShare([worker, weights])).toBeCloseTo(100_000 / 900_000, 10);
    // Counting decoded bytes over decoded bytes would claim 300/1520, about twice as far.
    expect(arrivedShare([worker, weights])).toBeLessThan(300_000 / 1_520_000);
  });

  it("counts an arrived file whole and a file read past the build's size as whole at most", () => {
    expect(arrivedShare([file(100, 50, 80, "arrived"), file(100, 50, 0, "queued")])).toBe(0.5);
    expect(arrivedShare([file(100, 50, 130, "loading"), file(100, 50, 0, "queued")])).toBe(0.5);
  });

  it("keeps what a failed file got, and says all arrived when there is nothing to fetch", () => {
    expect(arrivedShare([file(100, 100, 25, "failed"), file(100, 100, 100, "arrived")])).toBe(0.625);
    expect(arrivedShare([])).toBe(1);
  });
});

describe("shownPercent", () => {
  it("rounds down, and rises as bytes arrive", () => {
    const shown = [0, 1, 49_999, 50_000, 99_999].map((received) => shownPercent([file(100_000, 100_000, received, "loading")]));
    expect(shown).toEqual([0, 0, 49, 50, 99]);
  });

  it("says 100 only once every file has arrived", () => {
    expect(shownPercent([file(100, 100, 100, "loading")])).toBe(99);
    expect(shownPercent([file(100, 100, 200, "loading"), file(1, 1, 0, "queued")])).toBe(99);
    expect(shownPercent([file(100, 100, 100, "arrived"), file(100, 100, 50, "failed")])).toBe(75);
    expect(shownPercent([file(100, 100, 100, "arrived"), file(10, 5, 10, "arrived")])).toBe(100);
  });
});
