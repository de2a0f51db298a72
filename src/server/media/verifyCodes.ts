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
  // Face checks on the evidence frames sent with the recording (src/server/media/faceChecks.ts).
  /** The order has guidance on and the device ran it, but no evidence frame came with the recording. */
  faceEvidenceMissing: "1013",
  /** An evidence frame could not be analysed (not a decodable JPEG, too many pixels). */
  faceEvidenceUnreadable: "1014",
  /** No face in one or more evidence frames. */
  noFace: "1015",
  /** More than one face in one or more evidence frames. */
  severalFaces: "1016",
  /** Mean anti-spoofing ("real") or liveness score below face.liveness's threshold. */
  livenessLow: "1017",
  /** A requested action was not seen in the frames, or not in the requested order. */
  actionNotDone: "1018",
  /** Silent mode: the single face was not held steady long enough. */
  faceNotSteady: "1019",
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
  // A client bug or a lost part, not something the user did: the generic "record again".
  "1013": "exception",
  "1014": "exception",
  // The catalogue has no screen for several faces or for a spoof; the face screen's advice
  // (face the screen, in good light, retry) fits all three, and a spoof is not told it was seen.
  "1015": "trtc_faceFailed",
  "1016": "trtc_faceFailed",
  "1017": "trtc_faceFailed",
  // "Not done within the time allowed, verify again": the recording ended without the action.
  "1018": "trtc_opTimeout",
  "1019": "trtc_faceFailed",
} as const satisfies Record<VerifyCode, ErrorStatus | null>;
