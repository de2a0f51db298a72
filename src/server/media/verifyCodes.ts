/**
 * Result codes of the default verifier: "0" when every check passed, otherwise the code of
 * the first failing check. Each failure has its own code so a partner (and the attempt log)
 * can tell exactly what was wrong. A failed verdict leads the flow to the failure page (or
 * another attempt), never to an error screen, so no code maps to one.
 */
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
  // 1013 and 1014 judged evidence frames sent by the client; the service no longer uses them
  // (it decodes the media itself), and they are not given to anything else.
  // Checks on the frames the service decoded (src/server/verify/checks/).
  /** No face for longer than verification.presence.maxGapMs, or in too few frames. */
  noFace: "1015",
  /** More than one face for longer than the allowed gap. */
  severalFaces: "1016",
  /** Mean anti-spoofing ("real") or liveness score below face.liveness's threshold. */
  livenessLow: "1017",
  /** A requested action was not seen in the frames, not in the requested order, or before its prompt. */
  actionNotDone: "1018",
  /** Silent mode: the single face was not held steady long enough. */
  faceNotSteady: "1019",
  /** The faces sampled over the recording are not one person's. */
  differentPeople: "1020",
  /** Number or will mode: no voice in the answer window. */
  noVoice: "1021",
  /** The order requires recognised speech and none was recognised (or no recogniser is configured). */
  speechNotRecognised: "1022",
  /** Number mode: the recognised speech does not contain the issued digits. */
  digitsMismatch: "1023",
  /** The recording's face does not match the partner's reference photo. */
  referenceMismatch: "1024",
  /** The partner's reference photo shows no single usable face. */
  referenceUnusable: "1025",
  /** A check could not run on the service (decoder or models unavailable, a worker kept failing): never a pass. */
  checkNotRun: "1026",
  /** While the voice was heard, the face was not in the picture. */
  noFaceWhileSpeaking: "1027",
  // Presence attacks (a photo, a screen, a replay): the answer to this attempt's own challenge.
  /** The light challenge was asked for by this mode but none was issued for the attempt. */
  lightNotIssued: "1028",
  /** The face's skin did not follow this attempt's colour sequence in time. */
  lightNotFollowed: "1029",
  /** The screen's light was too weak on the face to judge: too bright around, or too far away. */
  lightTooWeak: "1030",
  /** The light reached the face as it reaches a flat picture or the whole scene, not as it lights a face. */
  lightNotFaceShaped: "1031",
  /** Number and will modes: the lips did not move with the voice. */
  lipsNotMoving: "1032",
  /** The face did not change from frame to frame as a camera's picture of a live face does (a looped still). */
  frozenMedia: "1033",
  /** A head action did not move as a head turning in three dimensions does. */
  actionNotThreeDimensional: "1034",
  /** The recording is another order's recording (the same bytes or a re-encode). */
  replayedMedia: "1035",
} as const;

type VerifyCodeName = keyof typeof VERIFY_CODES;
export type VerifyCode = (typeof VERIFY_CODES)[VerifyCodeName];
