/**
 * What was heard, in number and will modes: voice in the answer window (after the digits or
 * the question were shown), the face in the picture while the voice is heard, and, when a
 * recogniser is configured, what was said (number mode: the issued digits).
 */
import type { CapturePrompt } from "../../../../schemas/api";
import type { FaceConfig } from "../../../../schemas/capture";
import type { VerificationConfig } from "../../../../schemas/verification";
import { facesOf } from "../../../domain/face/quality";
import type { FrameObservation } from "../../../domain/face/types";
import { failed, pass, type Outcome } from "../../media/checkOutcome";
import { VERIFY_CODES } from "../../media/verifyCodes";
import { matchDigits } from "../../speech/chineseDigits";
import type { VoiceSegment } from "../mediaTypes";
import { plural, seconds, type HeardSpeech } from "./analysis";

/** Where the answer starts: the digits or question prompt the page reported, else the recording's start. */
export function answerWindowStart(prompts: readonly CapturePrompt[], what: "digits" | "question"): number {
  return prompts.find((p) => p.what === what)?.atMs ?? 0;
}

/** The segments clipped to start at `fromMs`. */
function within(segments: readonly VoiceSegment[], fromMs: number): VoiceSegment[] {
  return segments.filter((s) => s.endMs > fromMs).map((s) => ({ startMs: Math.max(s.startMs, fromMs), endMs: s.endMs }));
}

const total = (segments: readonly VoiceSegment[]) => segments.reduce((sum, s) => sum + (s.endMs - s.startMs), 0);
const list = (segments: readonly VoiceSegment[]) => segments.map((s) => `${seconds(s.startMs)}-${seconds(s.endMs)}`).join(", ");

export function checkVoice(speech: HeardSpeech, fromMs: number, voice: VerificationConfig["voice"]): { outcome: Outcome; heard: VoiceSegment[] } {
  if (!speech.present) {
    return { outcome: failed("voice", VERIFY_CODES.noAudioTrack, "The answer must be spoken, but the media carries no sound the decoder could read."), heard: [] };
  }
  const heard = within(speech.segments, fromMs);
  const ms = total(heard);
  const rule = `at least ${voice.minSpeechMs} ms of voice after ${seconds(fromMs)} (voice-activity detection, threshold ${voice.threshold})`;
  if (ms < voice.minSpeechMs) {
    const found = heard.length ? `only ${ms} ms heard (${list(heard)})` : "no voice heard";
    return { outcome: failed("voice", VERIFY_CODES.noVoice, `Needs ${rule}; ${found}.`), heard };
  }
  return { outcome: pass("voice", `Voice heard for ${ms} ms at ${list(heard)}; ${rule}.`), heard };
}

export function checkFaceWhileSpeaking(frames: readonly FrameObservation[], heard: readonly VoiceSegment[], face: FaceConfig, minShare: number): Outcome {
  const during = frames.filter((f) => heard.some((s) => f.atMs >= s.startMs && f.atMs <= s.endMs));
  if (during.length === 0) return failed("faceWhileSpeaking", VERIFY_CODES.noFaceWhileSpeaking, "No decoded frame falls within the voice heard.");
  const withFace = during.filter((f) => facesOf(f, face.quality).length === 1).length;
  const share = withFace / during.length;
  const figures = `one face in ${withFace} of the ${plural(during.length, "frame")} taken while the voice was heard; at least ${Math.round(minShare * 100)}% required`;
  return share >= minShare
    ? pass("faceWhileSpeaking", `The speaker was in the picture: ${figures}.`)
    : failed("faceWhileSpeaking", VERIFY_CODES.noFaceWhileSpeaking, `The face was not in the picture while speaking: ${figures}.`);
}

/**
 * What was said, under the name of what was judged: `speechContent` when a recogniser's text was
 * compared (or recognition was required and could not be had), `speechPresent` when only the
 * voice's presence stands (no recogniser, or it recognised nothing and the order does not
 * require it). The signed `checks` list so tells a partner a content check from presence alone.
 */
export function checkSpeech(speech: HeardSpeech, digits: string | null, requireRecognition: boolean): Outcome {
  if (speech.recognizer === null) {
    const detail = "Speech present, content not recognised: no speech recogniser is configured on this service.";
    return requireRecognition
      ? failed("speechContent", VERIFY_CODES.speechNotRecognised, `${detail} The order requires recognised speech.`)
      : pass("speechPresent", detail);
  }
  const text = speech.transcript?.trim() ?? "";
  if (text === "") {
    const detail = `The recogniser (${speech.recognizer}) recognised nothing.`;
    return requireRecognition
      ? failed("speechContent", VERIFY_CODES.speechNotRecognised, `${detail} The order requires recognised speech.`)
      : pass("speechPresent", `${detail} Speech was heard, content not recognised; the order does not require recognition.`);
  }
  if (digits === null) return pass("speechContent", `Recognised by ${speech.recognizer}: “${text}”.`);
  const match = matchDigits(digits, text);
  return match.matched
    ? pass("speechContent", `The issued digits ${digits} were read: ${speech.recognizer} heard “${text}” (digits ${match.heard}).`)
    : failed("speechContent", VERIFY_CODES.digitsMismatch, `The issued digits ${digits} were not read: ${speech.recognizer} heard “${text}” (digits ${match.heard || "none"}).`);
}
