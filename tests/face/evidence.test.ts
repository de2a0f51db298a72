import { describe, expect, it } from "vitest";
import { selectEvidenceFrames } from "../../src/face/evidence";

const every = (n: number, step = 125) => Array.from({ length: n }, (_, i) => i * step);

describe("selectEvidenceFrames", () => {
  it("keeps every key frame and spreads the rest evenly, ascending", () => {
    const all = every(40);
    const keys = [250, 3000, 1250];
    const chosen = selectEvidenceFrames(all, keys, 8);
    expect(chosen).toHaveLength(8);
    for (const k of keys) expect(chosen).toContain(k);
    expect(chosen).toEqual([...chosen].sort((a, b) => a - b));
    // The five others come from across the recording, not its start.
    const others = chosen.filter((t) => !keys.includes(t));
    expect(others[0]).toBeLessThan(1000);
    expect(others[others.length - 1]).toBeGreaterThan(3800);
    const gaps = others.slice(1).map((t, i) => t - (others[i] as number));
    expect(Math.max(...gaps) - Math.min(...gaps)).toBeLessThanOrEqual(250);
  });

  it("never returns more than max; with too many key frames keeps the earliest", () => {
    const keys = [1000, 125, 500, 750, 250, 375];
    expect(selectEvidenceFrames(every(40), keys, 4)).toEqual([125, 250, 375, 500]);
    expect(selectEvidenceFrames(every(40), keys, 0)).toEqual([]);
    expect(selectEvidenceFrames(every(40), keys, -3)).toEqual([]);
  });

  it("returns every frame when there are fewer than max", () => {
    expect(selectEvidenceFrames([500, 0, 250], [250], 24)).toEqual([0, 250, 500]);
  });

  it("drops key frames that were not kept and repeated times", () => {
    expect(selectEvidenceFrames([0, 125, 250, 250], [125, 125, 9999], 3)).toEqual([0, 125, 250]);
    expect(selectEvidenceFrames([], [125], 3)).toEqual([]);
  });
});
