/**
 * The partner's reference photo against the recording: the similarity (0-100) of the photo's
 * one face with the faces sampled from the recording (their mean), against
 * verification.reference.minSimilarity.
 */
import type { VerificationConfig } from "../../../../schemas/verification";
import { descriptorSimilarity } from "../../../domain/face/similarity";
import { failed, pass, type Outcome } from "../../media/checkOutcome";
import { VERIFY_CODES } from "../../media/verifyCodes";
import { plural, type DescriptorSample, type MediaAnalysis } from "./analysis";

export function checkReference(
  reference: NonNullable<MediaAnalysis["reference"]>,
  samples: readonly DescriptorSample[],
  config: VerificationConfig["reference"],
): { outcome: Outcome; similarity: number | null } {
  if (reference.faces !== 1 || reference.descriptor === null) {
    // One face without a descriptor: the description model gave none for it.
    const found =
      reference.faces === 1
        ? "one face, but it could not be described"
        : `${reference.faces === 0 ? "no face" : `${reference.faces} faces`}; exactly one is needed`;
    return { outcome: failed("reference", VERIFY_CODES.referenceUnusable, `The reference photo shows ${found}.`), similarity: null };
  }
  if (samples.length === 0) return { outcome: failed("reference", VERIFY_CODES.referenceMismatch, "No face of the recording could be compared with the reference photo."), similarity: null };
  const scores = samples.map((s) => descriptorSimilarity(reference.descriptor as number[], s.descriptor));
  const similarity = Math.round((100 * scores.reduce((a, b) => a + b, 0)) / scores.length);
  const figures = `similarity ${similarity} (mean over ${plural(samples.length, "sampled face")}; each ${scores.map((s) => Math.round(100 * s)).join(", ")}), at least ${config.minSimilarity} required`;
  return similarity >= config.minSimilarity
    ? { outcome: pass("reference", `The recording's face matches the reference photo: ${figures}.`), similarity }
    : { outcome: failed("reference", VERIFY_CODES.referenceMismatch, `The recording's face does not match the reference photo: ${figures}.`), similarity };
}
