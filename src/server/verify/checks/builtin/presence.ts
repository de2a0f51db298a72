/**
 * Presentation attacks (checks/liveness/), as registered server checks: the answer to this
 * attempt's own challenge, which a photo, a screen or a recording made before cannot give.
 * - frozen: the face changes inside itself as a camera's picture of a live face does;
 * - light: the skin follows this attempt's colour sequence, more than the scene, with a face's shape;
 * - lipSync: the lips move with the voice (number and will modes), with or without a recogniser;
 * (A 3D-fit of head turns, liveness/rigidCheck.ts, is measured but not registered: on Human's
 * landmarks it cannot tell rendered turns from warped photos; docs/presentationAttacks.md, "Head actions in three dimensions".)
 * Each declares its thresholds' schema: its section of flows/checks.json `thresholds`.
 */
import * as z from "zod/mini";
import type { FrozenThresholds } from "../liveness/frozenCheck";
import { frozenThresholdsSchema, judgeFrozen } from "../liveness/frozenCheck";
import { judgeLight, lightThresholdsSchema, type LightThresholds } from "../liveness/lightCheck";
import { judgeLipSync, lipSyncThresholdsSchema, type LipSyncThresholds } from "../liveness/lipSyncCheck";
import { failed } from "../../../media/checkOutcome";
import { VERIFY_CODES } from "../../../media/verifyCodes";
import { judged, type ServerCheck } from "../serverCheck";
import { heardBy } from "./voice";

/** The part of the light check's figures the verdict reports. */
const lightCorrelationSchema = z.object({ correlation: z.nullable(z.number()) });

export const PRESENCE_CHECKS: Readonly<Record<string, ServerCheck>> = {
  frozen: {
    group: "face",
    needs: [],
    passes:
      "the face is not a looped still (fewer than `thresholds.frozen.maxIdenticalShare` of consecutive frames show an identical face) and its skin carries a camera's sensor noise; change inside the face beyond a 2D move is measured and, where `minNonRigidPairs` is set, required",
    codes: [VERIFY_CODES.frozenMedia],
    thresholds: frozenThresholdsSchema,
    run: ({ analysis, thresholds }) => {
      const { outcome, figures } = judgeFrozen(analysis.signals, thresholds as FrozenThresholds);
      return judged(outcome, figures);
    },
  },
  light: {
    group: "face",
    needs: [],
    passes:
      "the face's skin follows this attempt's random colour sequence, shown by the page around the face, over every colour change (best lag within a camera's delay), more strongly than the background, and more at the face's centre than at its sides",
    codes: [VERIFY_CODES.lightNotIssued, VERIFY_CODES.lightNotFollowed, VERIFY_CODES.lightTooWeak, VERIFY_CODES.lightNotFaceShaped],
    thresholds: lightThresholdsSchema,
    // How closely the face followed this attempt's own sequence: the replay check trusts a strong answer (fingerprint/replayCheck.ts).
    report: (figures) => ({ challengeCorrelation: lightCorrelationSchema.parse(figures).correlation }),
    run: ({ analysis, ask, thresholds }) => {
      const { outcome, figures } = judgeLight(analysis.signals, ask.light, ask.lightShown, thresholds as LightThresholds);
      return judged(outcome, figures);
    },
  },
  lipSync: {
    group: "will",
    needs: ["voice"],
    passes: "while the voice speaks, the lips (the mesh's mouth opening, 10 frames a second or more) move, in every long voiced stretch, with the speech's loudness at a lag within what speech allows",
    codes: [VERIFY_CODES.lipsNotMoving, VERIFY_CODES.checkNotRun],
    thresholds: lipSyncThresholdsSchema,
    run: ({ analysis, needed, thresholds }) => {
      // The voice check judged sound, so audio missing here is the service's fault: fail, never pass.
      if (analysis.audio === null) return judged(failed("lipSync", VERIFY_CODES.checkNotRun, "Could not run: the audio the voice check heard was not kept for the lips."));
      const { outcome, figures } = judgeLipSync(analysis.mouth, analysis.audio, heardBy(needed("voice")), thresholds as LipSyncThresholds);
      return judged(outcome, figures);
    },
  },
};
