/**
 * Result codes of the default verifier: "0" when every check passed, otherwise the code of
 * the first failing check. Each failure has its own code so a partner (and the attempt log)
 * can tell exactly what was wrong; `VERIFY_CODE_STATUS` says which error screen of spec §8
 * the flow shows for it.
 */
import type { ErrorStatus } from "../../../schemas/errors";

export const VERIFY_CODES = {
  passed: "0",
  /** Neither a readable WebM nor a readable MP4. */
  containerUnreadable: "1001",
  /** The container parsed but gives no duration and has no timed frames. */
  durationUnknown: "1002",
  durationTooShort: "1003",
  durationTooLong: "1004",
  sizeTooSmall: "1005",
  sizeTooLarge: "1006",
  noVideoTrack: "1007",
  /** Will mode needs the spoken consent: no audio track. */
  noAudioTrack: "1008",
  noVideoFrames: "1009",
  /** Frames per second outside the plausible range (a still image stretched out, or frames stuffed in). */
  implausibleFrameRate: "1010",
  /** Number mode without digits issued for this attempt. */
  digitsNotIssued: "1011",
  /** Action mode without valid actions recorded on this attempt. */
  actionsNotIssued: "1012",
} as const;

export type VerifyCodeName = keyof typeof VERIFY_CODES;
export type VerifyCode = (typeof VERIFY_CODES)[VerifyCodeName];

/** Error screen (spec §8) for each failure code; null for the pass code. */
export const VERIFY_CODE_STATUS = {
  "0": null,
  "1001": "chooseVideoException",
  "1002": "exception",
  "1003": "shortException",
  "1004": "longException",
  "1005": "smallException",
  "1006": "largeException",
  "1007": "chooseVideoException",
  "1008": "exception",
  "1009": "exception",
  "1010": "exception",
  "1011": "lipsException",
  "1012": "errorSettings",
} as const satisfies Record<VerifyCode, ErrorStatus | null>;
