/**
 * The fail page's tip for a verdict code that says what to change (the presentation-attack
 * codes 1028–1035 of src/server/media/verifyCodes.ts): why the check failed, in the user's
 * terms, instead of the page's general tip. Codes not listed keep the general tip.
 */
import type { Texts } from "../../schemas/texts";

/** Verdict code → its text in the section "failCodes" (keys named as VERIFY_CODES names them). */
export const FAIL_CODE_TIPS = {
  "1028": "lightNotIssued",
  "1029": "lightNotFollowed",
  "1030": "lightTooWeak",
  "1031": "lightNotFaceShaped",
  "1032": "lipsNotMoving",
  "1033": "frozenMedia",
  "1034": "actionNotThreeDimensional",
  "1035": "replayedMedia",
} as const satisfies Record<string, keyof Texts["failCodes"]>;

const hasTip = (code: string): code is keyof typeof FAIL_CODE_TIPS => Object.hasOwn(FAIL_CODE_TIPS, code);

/** The tip for `code` in the page's language; null: the general tip stands. */
export function failCodeTip(code: string | null | undefined, texts: Pick<Texts, "failCodes">): string | null {
  if (code === null || code === undefined || !hasTip(code)) return null;
  return texts.failCodes[FAIL_CODE_TIPS[code]];
}
