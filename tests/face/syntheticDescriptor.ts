/**
 * Synthetic face descriptors at the scale Human's description model gives, so similarity
 * tests mean what they would on real faces. Human's 1024 values come out of a ReLU: about a
 * third are 0, the mean is about 0.2, and two different people are about 13 apart (Euclidean;
 * measured on the 40 embeddings of Human's demo/facematch/faces.json). descriptorSimilarity
 * depends on that absolute distance, not on the angle: unit-length vectors would all look
 * alike to it (two random unit vectors are about 1.4 apart, which it scores 1).
 */
import { seededNormal } from "./syntheticFace";

export const DESCRIPTOR_LENGTH = 1024;

/** One person's descriptor: max(0, 0.2 + 0.4 × normal), seeded. */
export function personDescriptor(seed: number): number[] {
  const normal = seededNormal(seed);
  return Array.from({ length: DESCRIPTOR_LENGTH }, () => Math.max(0, 0.2 + 0.4 * normal()));
}

/**
 * The same person in another frame: each value moved by `noise` × normal. The default puts
 * the two about 5 apart, as close as two photos of one person in Human's demo set.
 */
export function sameFaceAgain(descriptor: readonly number[], seed: number, noise = 0.18): number[] {
  const normal = seededNormal(seed);
  return descriptor.map((v) => Math.max(0, v + noise * normal()));
}

export function euclidean(a: readonly number[], b: readonly number[]): number {
  return Math.sqrt(a.reduce((sum, v, i) => sum + (v - (b[i] as number)) ** 2, 0));
}
