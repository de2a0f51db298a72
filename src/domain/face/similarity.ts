/**
 * Face descriptor similarity, as Human computes it (src/face/match.ts of @vladmandic/human):
 * the Euclidean distance of two 1024-value descriptors of its description model, scaled by
 * 25, inverted and normalised from 0.2..0.8 to 0..1. Written out here so the checks that use
 * it stay pure functions, testable without the models.
 */

const MULTIPLIER = 25;
const MIN = 0.2;
const MAX = 0.8;

/**
 * 0 (different people) .. 1 (the same picture); Human's documentation takes above 0.5 as a match.
 *
 * @example descriptorSimilarity(a, a) // 1
 */
export function descriptorSimilarity(a: readonly number[], b: readonly number[]): number {
  if (a.length === 0 || a.length !== b.length) return 0;
  let sum = 0;
  for (let i = 0; i < a.length; i++) {
    const diff = (a[i] as number) - (b[i] as number);
    sum += diff * diff;
  }
  const distance = Math.round(100 * MULTIPLIER * sum) / 100;
  if (distance === 0) return 1;
  const normalised = (1 - Math.sqrt(distance) / 100 - MIN) / (MAX - MIN);
  return Math.round(100 * Math.max(0, Math.min(1, normalised))) / 100;
}
