import { describe, expect, it } from "vitest";
import { spreadIndices } from "../../../src/server/verify/verifyMedia";

describe("spreadIndices", () => {
  it("takes one frame inside each equal stretch, every frame when there are fewer", () => {
    expect([...spreadIndices(3, 12)]).toEqual([0, 1, 2]);
    for (let run = 0; run < 50; run++) {
      const picked = [...spreadIndices(40, 4)].sort((a, b) => a - b);
      expect(picked).toHaveLength(4);
      picked.forEach((index, k) => {
        expect(index).toBeGreaterThanOrEqual(k * 10);
        expect(index).toBeLessThan((k + 1) * 10);
      });
    }
  });

  it("draws the frames anew for each job, so a client cannot know which will be described or scored", () => {
    const draws = new Set(Array.from({ length: 30 }, () => [...spreadIndices(40, 3)].join(",")));
    expect(draws.size).toBeGreaterThan(5);
  });
});
