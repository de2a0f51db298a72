/**
 * The verdict on one attempt, from what the service itself decoded and analysed. Every check
 * that applies to the mode runs (none is skipped because the client says something), and the
 * first failure gives the code. liveRate is the service's own scores; faceCode covers the face
 * checks, willCode the spoken consent; similarity comes from the reference photo.
 */
import type { ServerLimits, Platform } from "../../limits";
import type { RecordingKind } from "../../media/captureLimits";
import { failed, toCheck, type Outcome } from "../../media/checkOutcome";
import { VERIFY_CODES } from "../../media/verifyCodes";
import type { CapturePrompt } from "../../../../schemas/api";
import type { VerifyAsk, VerifyResult } from "../../../../schemas/verifyJob";
import type { MediaAnalysis } from "./analysis";
import { checkActions, checkSteady } from "./challengeChecks";
import { checkIdentity, checkLiveness, checkPresence, livenessScores } from "./faceChecks";
import { checkDuration, checkFrameRate, checkMedia, checkSize } from "./recordingChecks";
import { checkReference } from "./referenceCheck";
import { answerWindowStart, checkFaceWhileSpeaking, checkSpeech, checkVoice } from "./voiceChecks";

/** The names of the checks that make up faceCode (and willCode). */
const FACE_CHECKS: ReadonlySet<string> = new Set(["face", "identity", "liveness", "reference"]);
const WILL_CHECKS: ReadonlySet<string> = new Set(["voice", "faceWhileSpeaking", "speech", "nod"]);

const firstFailure = (outcomes: readonly Outcome[], names: ReadonlySet<string>) =>
  outcomes.find((o) => names.has(o.name) && !o.passed)?.failCode ?? VERIFY_CODES.passed;

export function judgeMedia(analysis: MediaAnalysis, ask: VerifyAsk, platform: Platform, limits: ServerLimits): VerifyResult {
  const { face, verification } = limits;
  const kind: RecordingKind = { liveType: ask.liveType, actions: ask.actions, will: ask.will !== null };
  const outcomes: Outcome[] = [checkMedia(analysis.source), checkDuration(analysis.source, kind, limits)];
  const size = checkSize(analysis.source, platform, limits);
  if (size) outcomes.push(size);
  outcomes.push(checkFrameRate(analysis.source, limits));

  outcomes.push(checkPresence(analysis.frames, face, verification.presence));
  outcomes.push(checkIdentity(analysis.samples, verification.identity));
  const scores = livenessScores(analysis.frames, face);
  outcomes.push(checkLiveness(scores, face.liveness));
  let similarity: number | null = null;
  if (analysis.reference) {
    const reference = checkReference(analysis.reference, analysis.samples, verification.reference);
    outcomes.push(reference.outcome);
    similarity = reference.similarity;
  }

  // Number mode answers digits the service issued for this attempt; without them there is nothing to read.
  if (ask.liveType === "1" && (ask.digits === null || !/^\d+$/.test(ask.digits))) {
    outcomes.push(failed("challenge", VERIFY_CODES.digitsNotIssued, "Number mode, but no digits were issued for this attempt."));
  }
  if (ask.liveType === "2") outcomes.push(checkActions("actions", analysis.frames, ask.actions, ask.prompts, face, verification.promptSlackMs));
  if (ask.liveType === "3") outcomes.push(checkSteady(analysis.frames, face));
  if (ask.will?.nod) {
    // The nod answers the question, so the question's prompt is its prompt (the page reports no
    // action prompt for it); an action mode's own nod prompt must not stand in for it.
    const asked = ask.prompts.flatMap((p): CapturePrompt[] => (p.what === "question" ? [{ what: "action", action: "4", atMs: p.atMs }] : []));
    outcomes.push(checkActions("nod", analysis.frames, ["4"], asked, face, verification.promptSlackMs));
  }

  // Number mode reads the digits; will mode speaks the consent (a nod answer is still spoken to).
  const listens = ask.liveType === "1" || ask.will !== null;
  if (listens) {
    const speech = analysis.speech ?? { present: false, segments: [], transcript: null, recognizer: null };
    // Number mode listens from the digits (with will too: the digits are read, then the consent).
    const from = answerWindowStart(ask.prompts, ask.liveType === "1" ? "digits" : "question");
    const voice = checkVoice(speech, from, verification.voice);
    outcomes.push(voice.outcome);
    if (voice.outcome.passed) {
      outcomes.push(checkFaceWhileSpeaking(analysis.frames, voice.heard, face, verification.voice.minFaceShareWhileSpeaking));
      outcomes.push(checkSpeech(speech, ask.liveType === "1" ? ask.digits : null, ask.requireSpeech));
    }
  }

  const failure = outcomes.find((o) => !o.passed);
  const liveRate = scores.real === null || scores.live === null ? 0 : Math.round(100 * Math.min(scores.real, scores.live));
  return {
    passed: failure === undefined,
    code: failure?.failCode ?? VERIFY_CODES.passed,
    liveRate,
    faceCode: firstFailure(outcomes, FACE_CHECKS),
    willCode: ask.will ? firstFailure(outcomes, WILL_CHECKS) : null,
    similarity,
    checks: outcomes.map(toCheck),
  };
}

/** The verdict when the media could not be judged at all: a failure with its own code, never a pass. */
export function notJudged(code: string, check: string, detail: string, will: boolean): VerifyResult {
  return {
    passed: false,
    code,
    liveRate: 0,
    faceCode: code,
    willCode: will ? code : null,
    similarity: null,
    checks: [{ name: check, passed: false, detail }],
  };
}
