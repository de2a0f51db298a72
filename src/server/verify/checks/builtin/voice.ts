/**
 * What was heard (voiceChecks.ts), as registered server checks: voice in the answer window,
 * then, on the voice heard, the face while speaking and what was said. Number mode listens
 * from the digits (with will too: the digits are read, then the consent), will mode from the
 * question. Each counts for willCode.
 */
import * as z from "zod/mini";
import type { VerifyAsk } from "../../../../../schemas/verifyJob";
import { VERIFY_CODES } from "../../../media/verifyCodes";
import type { HeardSpeech, MediaAnalysis } from "../analysis";
import { judged, type CheckJudged, type ServerCheck } from "../serverCheck";
import { answerWindowStart, checkFaceWhileSpeaking, checkSpeech, checkVoice } from "../voiceChecks";

// A mode that listened but got no audio (a frame stream) has no sound: the voice check fails on it.
const heardIn = (analysis: MediaAnalysis): HeardSpeech => analysis.speech ?? { present: false, segments: [], transcript: null, recognizer: null };
const numberMode = (ask: VerifyAsk) => ask.liveType === "1";

/** The voice check's figures: the voice heard in the answer window (faceWhileSpeaking and lipSync look at those frames). */
const voiceFiguresSchema = z.object({ heard: z.array(z.object({ startMs: z.number(), endMs: z.number() })) });
export const heardBy = (voice: CheckJudged) => voiceFiguresSchema.parse(voice.figures).heard;

export const VOICE_CHECKS: Readonly<Record<string, ServerCheck>> = {
  voice: {
    group: "will",
    needs: [],
    passes: "at least `verification.voice.minSpeechMs` of voice after the digits or the question were shown",
    codes: [VERIFY_CODES.noAudioTrack, VERIFY_CODES.noVoice],
    run: ({ analysis, ask, limits }) => {
      const from = answerWindowStart(ask.prompts, numberMode(ask) ? "digits" : "question");
      const { outcome, heard } = checkVoice(heardIn(analysis), from, limits.verification.voice);
      return judged(outcome, { heard } satisfies z.infer<typeof voiceFiguresSchema>);
    },
  },
  faceWhileSpeaking: {
    group: "will",
    needs: ["voice"],
    passes: "the face is in the picture while the voice is heard",
    codes: [VERIFY_CODES.noFaceWhileSpeaking],
    run: ({ analysis, limits, needed }) => {
      const heard = heardBy(needed("voice"));
      return judged(checkFaceWhileSpeaking(analysis.frames, heard, limits.face, limits.verification.voice.minFaceShareWhileSpeaking));
    },
  },
  speech: {
    group: "will",
    needs: ["voice"],
    passes:
      "with a recogniser configured, the issued digits were read (number mode) or something was said (will mode); without one it passes saying \"speech present, content not recognised\", unless the order set `requireSpeechRecognition`",
    codes: [VERIFY_CODES.speechNotRecognised, VERIFY_CODES.digitsMismatch],
    run: ({ analysis, ask }) => judged(checkSpeech(heardIn(analysis), numberMode(ask) ? ask.digits : null, ask.requireSpeech)),
  },
};
