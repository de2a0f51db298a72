/**
 * What was heard (voiceChecks.ts), as registered server checks: voice in the answer window,
 * then, on the voice heard, the face while speaking and what was said (speechContent when a
 * recogniser's text was compared, speechPresent when only presence stands). Number mode listens
 * from the digits (with will too: the digits are read, then the consent), will mode from the
 * question. Each counts for willCode.
 */
import * as z from "zod/mini";
import type { VerifyAsk } from "../../../../../schemas/verifyJob";
import { VERIFY_CODES } from "../../../media/verifyCodes";
import type { HeardSpeech, MediaAnalysis } from "../analysis";
import { judged, omitted, type CheckJudged, type ServerCheck } from "../serverCheck";
import { answerWindowStart, checkFaceWhileSpeaking, checkSpeech, checkVoice } from "../voiceChecks";

// A mode that listened but got no audio (a frame stream) has no sound: the voice check fails on it.
const heardIn = (analysis: MediaAnalysis): HeardSpeech => analysis.speech ?? { present: false, segments: [], transcript: null, recognizer: null };
const numberMode = (ask: VerifyAsk) => ask.liveType === "1";

function speechJudged(name: "speechContent" | "speechPresent", analysis: MediaAnalysis, ask: VerifyAsk) {
  const outcome = checkSpeech(heardIn(analysis), numberMode(ask) ? ask.digits : null, ask.requireSpeech);
  return outcome.name === name ? judged(outcome) : omitted(`Judged as ${outcome.name}.`);
}

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
  // One judgement, listed under the name of what it rests on (checkSpeech): the other omits itself.
  speechContent: {
    group: "will",
    needs: ["voice"],
    passes:
      "a recogniser is configured and what it heard holds the issued digits (number mode) or some text (will mode); listed instead of `speechPresent` whenever content was compared, or the order set `requireSpeechRecognition`",
    codes: [VERIFY_CODES.speechNotRecognised, VERIFY_CODES.digitsMismatch],
    run: ({ analysis, ask }) => speechJudged("speechContent", analysis, ask),
  },
  speechPresent: {
    group: "will",
    needs: ["voice"],
    passes: "speech was heard but its content not compared (no recogniser configured, or it recognised nothing and the order does not require it): presence alone, said as such",
    codes: [],
    run: ({ analysis, ask }) => speechJudged("speechPresent", analysis, ask),
  },
};
