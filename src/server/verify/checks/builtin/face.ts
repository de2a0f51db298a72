/**
 * Who is in the picture (faceChecks.ts, referenceCheck.ts), as registered server checks:
 * face, identity, liveness and reference. Each counts for faceCode.
 */
import { checkIdentity, checkLiveness, checkPresence } from "../faceChecks";
import * as z from "zod/mini";
import { VERIFY_CODES } from "../../../media/verifyCodes";
import { checkReference } from "../referenceCheck";
import { judged, omitted, type ServerCheck } from "../serverCheck";

/** The reference check's figures: 0-100 against the partner's photo, the verdict's similarity; null when it could not be measured. */
const referenceFiguresSchema = z.object({ similarity: z.nullable(z.number()) });

export const FACE_CHECKS: Readonly<Record<string, ServerCheck>> = {
  face: {
    group: "face",
    needs: [],
    passes:
      "one face (detector score ≥ `face.quality.minScore`) throughout: no gap without one, or with several, longer than `verification.presence.maxGapMs`, and one face in at least `minFaceShare` of the frames",
    codes: [VERIFY_CODES.noVideoFrames, VERIFY_CODES.noFace, VERIFY_CODES.severalFaces],
    run: ({ analysis, limits }) => judged(checkPresence(analysis.frames, limits.face, limits.verification.presence)) },
  identity: {
    group: "face",
    needs: [],
    passes: "descriptors of frames spread over the recording, and of every frame where the face changes abruptly (a cut), are pairwise at least `verification.identity.minSimilarity` alike",
    codes: [VERIFY_CODES.differentPeople],
    run: ({ analysis, limits }) => judged(checkIdentity(analysis.samples, limits.verification.identity)) },
  liveness: {
    group: "face",
    needs: [],
    passes: "mean anti-spoofing (\"real\") ≥ `face.liveness.minReal` and mean liveness ≥ `minLive` over the frames with one face among `verification.scoreSamples` frames spread over the recording",
    codes: [VERIFY_CODES.livenessLow],
    run: ({ scores, limits }) => judged(checkLiveness(scores, limits.face.liveness)) },
  reference: {
    group: "face",
    needs: [],
    passes: "(with `referencePhoto`) the photo shows one face and its similarity to the recording's faces ≥ `verification.reference.minSimilarity`",
    codes: [VERIFY_CODES.referenceUnusable, VERIFY_CODES.referenceMismatch],
    report: (figures) => ({ similarity: referenceFiguresSchema.parse(figures).similarity }),
    run: ({ analysis, limits }) => {
      if (analysis.reference === null) return omitted("The order has no reference photo.");
      const { outcome, similarity } = checkReference(analysis.reference, analysis.samples, limits.verification.reference);
      return judged(outcome, { similarity } satisfies z.infer<typeof referenceFiguresSchema>);
    },
  },
};
