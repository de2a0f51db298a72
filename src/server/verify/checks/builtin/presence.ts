/**
 * Presentation attacks (checks/liveness/), as registered server checks: the answer to this
 * attempt's own challenge, which a photo, a screen or a recording made before cannot give.
 * - frozen: the face changes inside itself as a camera's picture of a live face does;
 * - light: the skin follows this attempt's colour sequence, more than the scene, with a face's shape;
 * - lipSync: the lips move with the voice (number and will modes), with or without a recogniser;
 * - threeDimensional: a head turn or nod moves as a head turning in 3D does, not a 2D warp.
 * Each declares its thresholds' schema: its section of flows/checks.json `thresholds`.
 */
import type { FrozenThresholds } from "../liveness/frozenCheck";
import { frozenThresholdsSchema, judgeFrozen } from "../liveness/frozenCheck";
import { judgeLight, lightThresholdsSchema, type LightThresholds } from "../liveness/lightCheck";
import { judgeLipSync, lipSyncThresholdsSchema, type LipSyncThresholds } from "../liveness/lipSyncCheck";
import { judgeThreeDimensional, rigidThresholdsSchema, type RigidThresholds } from "../liveness/rigidCheck";
import { VERIFY_CODES } from "../../../media/verifyCodes";
import { judged, omitted, type ServerCheck } from "../serverCheck";
import { heardBy } from "./voice";

/** Head actions a 3D rotation answers: shake (1) and nod (4). */
const TURNS = ["1", "4"] as const;

export const PRESENCE_CHECKS: Readonly<Record<string, ServerCheck>> = {
  frozen: {
    group: "face",
    needs: [],
    passes: "the face changes inside itself from frame to frame beyond any 2D move of a picture (blinks, lips, expression, shading), and its skin carries a camera's sensor noise",
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
    run: ({ analysis, ask, thresholds }) => {
      const { outcome, figures } = judgeLight(analysis.signals, ask.light, ask.lightShown, thresholds as LightThresholds);
      return judged(outcome, figures);
    },
  },
  lipSync: {
    group: "will",
    needs: ["voice"],
    passes: "while the voice speaks, the lips (the mesh's mouth opening, 10 frames a second or more) move with the speech's loudness, at a lag within what speech allows",
    codes: [VERIFY_CODES.lipsNotMoving, VERIFY_CODES.checkNotRun],
    thresholds: lipSyncThresholdsSchema,
    run: ({ analysis, needed, thresholds }) => {
      if (analysis.audio === null) return judged(...lipsWithoutSound());
      const { outcome, figures } = judgeLipSync(analysis.mouth, analysis.audio, heardBy(needed("voice")), thresholds as LipSyncThresholds);
      return judged(outcome, figures);
    },
  },
  threeDimensional: {
    group: "none",
    needs: ["actions"],
    passes: "(action mode) each head turn or nod fits a rigid rotation of a 3D face, with the parallax it implies, better than any 2D warp of a picture",
    codes: [VERIFY_CODES.actionNotThreeDimensional],
    thresholds: rigidThresholdsSchema,
    run: ({ analysis, ask, thresholds }) => {
      const turns = ask.actions.filter((a): a is (typeof TURNS)[number] => (TURNS as readonly string[]).includes(a));
      if (turns.length === 0) return omitted("No head turn or nod was asked for.");
      for (const action of turns) {
        const { outcome, figures } = judgeThreeDimensional(analysis.frames, action, thresholds as RigidThresholds);
        if (!outcome.passed || action === turns[turns.length - 1]) return judged(outcome, figures);
      }
      return omitted("No head turn or nod was asked for.");
    },
  },
};

/** The voice check passed on sound, so a missing track here is the service's fault: fail, never pass. */
function lipsWithoutSound(): Parameters<typeof judged> {
  return [{ name: "lipSync", passed: false, detail: "Could not run: the audio the voice check heard was not kept for the lips.", failCode: VERIFY_CODES.checkNotRun }, null];
}
