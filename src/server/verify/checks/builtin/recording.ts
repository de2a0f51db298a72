/**
 * The checks of the media itself (recordingChecks.ts), as registered server checks: media,
 * duration, size and frameRate. None counts for faceCode or willCode.
 */
import type { VerifyAsk } from "../../../../../schemas/verifyJob";
import type { RecordingKind } from "../../../media/captureLimits";
import { checkDuration, checkFrameRate, checkMedia, checkSize } from "../recordingChecks";
import { VERIFY_CODES } from "../../../media/verifyCodes";
import { judged, omitted, type ServerCheck } from "../serverCheck";

const kindOf = (ask: VerifyAsk): RecordingKind => ({ liveType: ask.liveType, actions: ask.actions, will: ask.will !== null, light: ask.light !== null });

export const RECORDING_CHECKS: Readonly<Record<string, ServerCheck>> = {
  media: {
    group: "none",
    needs: [],
    passes: "the decoder read a video stream (or the stream brought frames)",
    codes: [VERIFY_CODES.containerUnreadable, VERIFY_CODES.noVideoTrack, VERIFY_CODES.noVideoFrames],
    run: ({ analysis }) => judged(checkMedia(analysis.source)),
  },
  duration: {
    group: "none",
    needs: [],
    passes: "the decoder's duration is in the mode's window (`durationMs`, ± `toleranceMs`)",
    codes: [VERIFY_CODES.durationTooShort, VERIFY_CODES.durationTooLong],
    run: ({ analysis, ask, limits }) => judged(checkDuration(analysis.source, kindOf(ask), limits)),
  },
  size: {
    group: "none",
    needs: [],
    passes: "(recordings) the file is within the platform's size window",
    codes: [VERIFY_CODES.sizeTooSmall, VERIFY_CODES.sizeTooLarge],
    run: ({ analysis, platform, limits }) => {
      const outcome = checkSize(analysis.source, platform, limits);
      // Only a recording is a file: a frame stream's JPEGs are limited one by one as they arrive.
      return outcome ? judged(outcome) : omitted("A frame stream has no file size to judge.");
    },
  },
  frameRate: {
    group: "none",
    needs: [],
    passes: "frames / duration within `frameRate`",
    codes: [VERIFY_CODES.noVideoFrames, VERIFY_CODES.implausibleFrameRate],
    run: ({ analysis, limits }) => judged(checkFrameRate(analysis.source, limits)),
  },
};
