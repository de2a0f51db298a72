/**
 * The checks of the media itself (recordingChecks.ts), as registered server checks: media,
 * duration, size and frameRate. None counts for faceCode or willCode.
 */
import type { VerifyAsk } from "../../../../../schemas/verifyJob";
import type { RecordingKind } from "../../../media/captureLimits";
import { checkDuration, checkFrameRate, checkMedia, checkSize } from "../recordingChecks";
import { judged, omitted, type ServerCheck } from "../serverCheck";

const kindOf = (ask: VerifyAsk): RecordingKind => ({ liveType: ask.liveType, actions: ask.actions, will: ask.will !== null });

export const RECORDING_CHECKS: Readonly<Record<string, ServerCheck>> = {
  media: { group: "none", needs: [], run: ({ analysis }) => judged(checkMedia(analysis.source)) },
  duration: { group: "none", needs: [], run: ({ analysis, ask, limits }) => judged(checkDuration(analysis.source, kindOf(ask), limits)) },
  size: {
    group: "none",
    needs: [],
    run: ({ analysis, platform, limits }) => {
      const outcome = checkSize(analysis.source, platform, limits);
      // Only a recording is a file: a frame stream's JPEGs are limited one by one as they arrive.
      return outcome ? judged(outcome) : omitted("A frame stream has no file size to judge.");
    },
  },
  frameRate: { group: "none", needs: [], run: ({ analysis, limits }) => judged(checkFrameRate(analysis.source, limits)) },
};
