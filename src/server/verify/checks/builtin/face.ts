/**
 * Who is in the picture (faceChecks.ts, referenceCheck.ts), as registered server checks:
 * face, identity, liveness and reference. Each counts for faceCode.
 */
import { checkIdentity, checkLiveness, checkPresence } from "../faceChecks";
import { checkReference } from "../referenceCheck";
import { judged, omitted, type ServerCheck } from "../serverCheck";

export const FACE_CHECKS: Readonly<Record<string, ServerCheck>> = {
  face: { group: "face", needs: [], run: ({ analysis, limits }) => judged(checkPresence(analysis.frames, limits.face, limits.verification.presence)) },
  identity: { group: "face", needs: [], run: ({ analysis, limits }) => judged(checkIdentity(analysis.samples, limits.verification.identity)) },
  liveness: { group: "face", needs: [], run: ({ scores, limits }) => judged(checkLiveness(scores, limits.face.liveness)) },
  reference: {
    group: "face",
    needs: [],
    run: ({ analysis, limits }) => {
      if (analysis.reference === null) return omitted("The order has no reference photo.");
      const { outcome, similarity } = checkReference(analysis.reference, analysis.samples, limits.verification.reference);
      return judged(outcome, { similarity });
    },
  },
};
