import { describe, expect, it } from "vitest";
import { descriptorSimilarity } from "../../../src/domain/face/similarity";
import { DESCRIPTOR_LENGTH, euclidean, personDescriptor, sameFaceAgain } from "../../face/syntheticDescriptor";

/** A descriptor that is `distance` from the zero vector (all of it in one value). */
const at = (distance: number) => Array.from({ length: DESCRIPTOR_LENGTH }, (_, i) => (i === 7 ? distance : 0));
const zero = at(0);

describe("descriptorSimilarity", () => {
  it("follows Human's scale: 1 up to Euclidean distance 4, 0.5 at 10, 0 from 16", () => {
    // similarity = (1 - sqrt(25 d²) / 100 - 0.2) / 0.6, clamped to 0..1 (Human's match.ts).
    expect(descriptorSimilarity(zero, zero)).toBe(1);
    expect(descriptorSimilarity(zero, at(4))).toBe(1);
    expect(descriptorSimilarity(zero, at(7))).toBe(0.75);
    expect(descriptorSimilarity(zero, at(10))).toBe(0.5);
    expect(descriptorSimilarity(zero, at(13))).toBe(0.25);
    expect(descriptorSimilarity(zero, at(16))).toBe(0);
    expect(descriptorSimilarity(zero, at(40))).toBe(0);
  });

  it("is symmetric and falls as the distance grows", () => {
    const a = personDescriptor(1);
    const b = sameFaceAgain(a, 2, 0.3);
    expect(descriptorSimilarity(a, b)).toBe(descriptorSimilarity(b, a));
    const steps = [0.1, 0.2, 0.3, 0.4, 0.5].map((noise) => descriptorSimilarity(a, sameFaceAgain(a, 3, noise)));
    for (let i = 1; i < steps.length; i++) expect(steps[i]).toBeLessThan(steps[i - 1] as number);
  });

  it("scores two different people low and the same person in another frame high", () => {
    for (let seed = 1; seed <= 5; seed++) {
      const person = personDescriptor(seed);
      const other = personDescriptor(seed + 100);
      // The synthetic people are as far apart as Human's real ones (about 13).
      expect(euclidean(person, other)).toBeGreaterThan(11);
      expect(euclidean(person, other)).toBeLessThan(16);
      expect(descriptorSimilarity(person, other), `seed ${seed}`).toBeLessThan(0.4);
      expect(descriptorSimilarity(person, sameFaceAgain(person, seed + 200)), `seed ${seed}`).toBeGreaterThan(0.85);
      expect(descriptorSimilarity(person, person)).toBe(1);
    }
  });

  it("gives 0 for descriptors that cannot be compared (empty, or of different lengths)", () => {
    const a = personDescriptor(1);
    expect(descriptorSimilarity([], [])).toBe(0);
    expect(descriptorSimilarity(a, a.slice(0, 512))).toBe(0);
    expect(descriptorSimilarity(a.slice(0, 512), a)).toBe(0);
  });

  it("rounds to two decimals", () => {
    const s = descriptorSimilarity(zero, at(8.123));
    expect(Math.round(s * 100) / 100).toBe(s);
    expect(s).toBeCloseTo((0.8 - 0.05 * 8.123) / 0.6, 2);
  });
});
