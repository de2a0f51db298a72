/**
 * What was heard (voiceChecks.ts), as registered server checks: voice in the answer window,
 * then, on the voice heard, the face while speaking and what was said. Number mode listens
 * from the digits (with will too: the digits are read, then the consent), will mode from the
 * question. Each counts for willCode.
 */
import type { VerifyAsk } from "../../../../../schemas/verifyJob";
import type { HeardSpeech, MediaAnalysis } from "../analysis";
import { judged, type ServerCheck } from "../serverCheck";
import { answerWindowStart, checkFaceWhileSpeaking, checkSpeech, checkVoice } from "../voiceChecks";

// A mode that listened but got no audio (a frame stream) has no sound: the voice check fails on it.
const heardIn = (analysis: MediaAnalysis): HeardSpeech => analysis.speech ?? { present: false, segments: [], transcript: null, recognizer: null };
const numberMode = (ask: VerifyAsk) => ask.liveType === "1";

export const VOICE_CHECKS: Readonly<Record<string, ServerCheck>> = {
  voice: {
    group: "will",
    needs: [],
    run: ({ analysis, ask, limits }) => {
      const from = answerWindowStart(ask.prompts, numberMode(ask) ? "digits" : "question");
      const { outcome, heard } = checkVoice(heardIn(analysis), from, limits.verification.voice);
      return judged(outcome, { heard });
    },
  },
  faceWhileSpeaking: {
    group: "will",
    needs: ["voice"],
    run: ({ analysis, limits, needed }) => {
      const { heard } = needed("voice");
      if (heard === undefined) throw new Error("faceWhileSpeaking: the voice check reported no voice segments");
      return judged(checkFaceWhileSpeaking(analysis.frames, heard, limits.face, limits.verification.voice.minFaceShareWhileSpeaking));
    },
  },
  speech: {
    group: "will",
    needs: ["voice"],
    run: ({ analysis, ask }) => judged(checkSpeech(heardIn(analysis), numberMode(ask) ? ask.digits : null, ask.requireSpeech)),
  },
};
