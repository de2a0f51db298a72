/**
 * What the user was asked to do (challengeChecks.ts), as registered server checks: the digits
 * of number mode having been issued (challenge), the actions of action mode, the steady face
 * of silent mode, and the nod that answers will mode's question when will_type is 2.
 */
import type { CapturePrompt } from "../../../../../schemas/api";
import { failed } from "../../../media/checkOutcome";
import { VERIFY_CODES } from "../../../media/verifyCodes";
import { checkActions, checkSteady } from "../challengeChecks";
import { judged, omitted, type ServerCheck } from "../serverCheck";

export const CHALLENGE_CHECKS: Readonly<Record<string, ServerCheck>> = {
  // Number mode answers digits the service issued for this attempt; without them there is
  // nothing to read. Issued digits are judged by the speech check, so only their absence is listed.
  challenge: {
    group: "none",
    needs: [],
    passes: "(number mode) digits were issued for this attempt; the speech check compares what was read with them",
    codes: [VERIFY_CODES.digitsNotIssued],
    run: ({ ask }) =>
      ask.digits !== null && /^\d+$/.test(ask.digits)
        ? omitted("Digits were issued for this attempt; the speech check compares what was read with them.")
        : judged(failed("challenge", VERIFY_CODES.digitsNotIssued, "Number mode, but no digits were issued for this attempt.")),
  },
  actions: {
    group: "none",
    needs: [],
    passes: "(action mode) each requested action is seen, in the issued order, after the moment the page reported showing its prompt (less `promptSlackMs`)",
    codes: [VERIFY_CODES.actionsNotIssued, VERIFY_CODES.actionNotDone],
    run: ({ analysis, ask, limits }) => judged(checkActions("actions", analysis.frames, ask.actions, ask.prompts, limits.face, limits.verification.promptSlackMs)),
  },
  steady: {
    group: "none",
    needs: [],
    passes: "(silent mode) one good face is held still for `face.silent.steadyMs`",
    codes: [VERIFY_CODES.faceNotSteady],
    run: ({ analysis, limits }) => judged(checkSteady(analysis.frames, limits.face)),
  },
  nod: {
    group: "will",
    needs: [],
    passes: "(will mode, will_type 2) a nod is seen after the question",
    codes: [VERIFY_CODES.actionNotDone],
    run: ({ analysis, ask, limits }) => {
      if (!ask.will?.nod) return omitted(ask.will ? "The question is answered by voice, not by a nod (will_type is not 2)." : "Not will mode: no question to nod to.");
      // The nod answers the question, so the question's prompt is its prompt (the page reports no
      // action prompt for it); an action mode's own nod prompt must not stand in for it.
      const asked = ask.prompts.flatMap((p): CapturePrompt[] => (p.what === "question" ? [{ what: "action", action: "4", atMs: p.atMs }] : []));
      return judged(checkActions("nod", analysis.frames, ["4"], asked, limits.face, limits.verification.promptSlackMs));
    },
  },
};
