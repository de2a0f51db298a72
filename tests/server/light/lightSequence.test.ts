/**
 * The light challenge's draw (src/server/light/drawLight.ts): what a photosensitive user and an
 * attacker would notice. Every draw must be safe to look at (WCAG 2.3.1: at most three changes
 * in any second, no saturated red), change at every boundary, keep every channel switching, and
 * be fresh each time.
 */
import { describe, expect, it } from "vitest";
import { LIGHT_MIN_SEGMENT_MS, LIGHT_PALETTE, LIGHT_USUAL_MAX_SEGMENT_MS, lightChallengeSchema, type LightChallenge } from "../../../schemas/lightChallenge";
import { drawLightChallenge, LIGHT_CHANNEL_WINDOW } from "../../../src/server/light/drawLight";

const COVER_MS = 3000 + 1000;

/** The most changes (segment boundaries) inside any window of 1000 ms. */
function maxChangesPerSecond(challenge: LightChallenge): number {
  const changes: number[] = [];
  let t = 0;
  for (const segment of challenge.segments.slice(0, -1)) {
    t += segment.ms;
    changes.push(t);
  }
  return Math.max(0, ...changes.map((start) => changes.filter((c) => c >= start && c < start + 1000).length));
}

const channelsSwitchIn = (colors: (keyof typeof LIGHT_PALETTE)[]) =>
  [0, 1, 2].every((ch) => new Set(colors.map((c) => LIGHT_PALETTE[c][ch])).size > 1);

describe("drawLightChallenge", () => {
  const draws = Array.from({ length: 300 }, () => drawLightChallenge(COVER_MS));

  it("is a valid challenge that covers the longest recording, at most 32 segments", () => {
    for (const draw of draws) {
      expect(lightChallengeSchema.safeParse(draw).success).toBe(true);
      expect(draw.segments.reduce((sum, s) => sum + s.ms, 0)).toBeGreaterThanOrEqual(COVER_MS);
    }
    const long = drawLightChallenge(60_000);
    expect(long.segments).toHaveLength(32);
    // The cap cuts a cover no 32 segments can reach, at the longest segments.
    expect(long.segments.every((s) => s.ms === 700)).toBe(true);
    const justCoverable = drawLightChallenge(32 * 650);
    expect(justCoverable.segments.reduce((sum, s) => sum + s.ms, 0)).toBeGreaterThanOrEqual(32 * 650);
  });

  it("never changes more than three times in any second, and shows no saturated red", () => {
    for (const draw of draws) {
      expect(maxChangesPerSecond(draw)).toBeLessThanOrEqual(3);
      for (const { color } of draw.segments) {
        const [r, g, b] = LIGHT_PALETTE[color];
        expect(r / (r + g + b)).toBeLessThan(0.8);
      }
    }
  });

  it("changes colour at every boundary and switches every channel within any 4 consecutive segments", () => {
    for (const draw of draws) {
      const colors = draw.segments.map((s) => s.color);
      for (let i = 1; i < colors.length; i++) expect(colors[i]).not.toBe(colors[i - 1]);
      for (let i = 0; i + LIGHT_CHANNEL_WINDOW <= colors.length; i++) {
        expect(channelsSwitchIn(colors.slice(i, i + LIGHT_CHANNEL_WINDOW)), `segments ${i}..${i + 3}: ${colors.join(",")}`).toBe(true);
      }
    }
  });

  it("is fresh: draws differ, and every colour and a spread of lengths occur", () => {
    const keys = new Set(draws.map((d) => JSON.stringify(d.segments)));
    expect(keys.size).toBe(draws.length);
    const used = new Set(draws.flatMap((d) => d.segments.map((s) => s.color)));
    expect(used.size).toBe(Object.keys(LIGHT_PALETTE).length);
    const lengths = draws.flatMap((d) => d.segments.map((s) => s.ms));
    expect(Math.min(...lengths)).toBeLessThan(LIGHT_MIN_SEGMENT_MS + 50);
    expect(Math.max(...lengths)).toBeGreaterThan(LIGHT_USUAL_MAX_SEGMENT_MS - 50);
  });

  it("keeps segments short enough that a one-action recording (2.5 s of light) sees four changes or more, stretching them only where the cap on segments needs it", () => {
    for (const d of draws) for (const s of d.segments) expect(s.ms).toBeLessThanOrEqual(LIGHT_USUAL_MAX_SEGMENT_MS);
    const long = drawLightChallenge(30_000);
    expect(long.segments.reduce((n, s) => n + s.ms, 0)).toBeGreaterThan(20_000);
    expect(Math.max(...long.segments.map((s) => s.ms))).toBeGreaterThan(LIGHT_USUAL_MAX_SEGMENT_MS);
  });
});
