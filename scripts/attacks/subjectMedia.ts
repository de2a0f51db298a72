/**
 * Recordings of the SYNTHETIC subject (tests/fixtures/synth: a rendered 3D face lit by the
 * room and the phone's screen, moving its lips with its voice) doing what an attempt asks:
 * holding still, acting the prompted actions, reading the digits in Mandarin or answering the
 * will question, lit by a light sequence shown from `startMs`. The bona fide rows use it with
 * the attempt's own challenge; the replay, prepared-video and splice families misuse it.
 */
import type { LightChallenge, LightShown } from "../../schemas/lightChallenge";
import { makeSpeechWav, speechTimingOf } from "../../tests/fixtures/mediaMaker";
import type { LightingPreset } from "../../tests/fixtures/synth/lighting";
import { makeSubjectClip, type SubjectClip, type SubjectScriptSpec } from "../../tests/fixtures/synth/subjectClip";
import type { ActionCode, AttackMode } from "./attemptClient";
import { jpegFrames, spokenDigits } from "./mediaTools";
import { ACTION_NAMES, actionTimes, lightShownFor, MEDIA_FPS, promptsFor, secondsFor, streamOf, type Submission } from "./submission";

/** What the will-mode subject says: a consent, in Mandarin like the question. */
const WILL_ANSWER = "我同意本次身份核验";
const VOICE_VARIANTS = ["m1", "m2", "m3", "m4", "f1", "f2", "f3", "f4"];

export interface SubjectTake {
  dir: string;
  name: string;
  mode: AttackMode;
  actions: readonly ActionCode[];
  /** The digits read aloud (number mode). */
  digits: string | null;
  /** The sequence the screen shows while recording (the subject's skin answers it), or none. */
  light: LightChallenge | null;
  startMs: number;
  lighting: LightingPreset;
  /** "person1".."person6"; person6 unless a family needs another. */
  person?: string;
  seed: number;
  /** Recording length; by default the mode's usual one (submission.ts secondsFor). */
  seconds?: number;
}

/** Renders the take (a VP8 WebM, as MediaRecorder writes it). */
export async function renderTake(take: SubjectTake): Promise<SubjectClip & { seconds: number }> {
  const seconds = take.seconds ?? secondsFor(take.mode, take.actions);
  let wavPath: string | undefined;
  let script: SubjectScriptSpec = "silent";
  if (take.mode === "number" || take.mode === "will") {
    const text = take.mode === "number" ? spokenDigits(take.digits ?? "0000") : WILL_ANSWER;
    // espeak-ng's voice variants (+m1..+f4) for other pitches and timbres, and a pace and pauses of its own
    // (a person never says a sentence again to the syllable): one fixed voice saying one fixed
    // consent would make every will take the same audio and the same lips to the replay check.
    wavPath = await makeSpeechWav({ dir: take.dir, text, voice: `cmn+${VOICE_VARIANTS[take.seed % VOICE_VARIANTS.length] as string}`, name: `${take.name}-voice`, timing: speechTimingOf(take.seed) });
    script = "speech";
  } else if (take.mode === "action") {
    const times = actionTimes(take.actions);
    script = { actions: take.actions.map((a, i) => ({ action: ACTION_NAMES[a], atMs: (times[i] as { act: number }).act })) };
  }
  const clip = await makeSubjectClip({
    dir: take.dir,
    name: take.name,
    seconds,
    fps: MEDIA_FPS,
    script,
    ...(wavPath ? { wavPath } : {}),
    ...(take.light ? { light: { challenge: take.light, startMs: take.startMs } } : {}),
    lighting: take.lighting,
    container: "webm-vp8",
    seed: take.seed,
    ...(take.person ? { person: take.person } : {}),
  });
  return { ...clip, seconds };
}

/**
 * The submission of a rendered take to an attempt whose own light is `reported` (the page
 * reports the times of the sequence it showed; for a bona fide take that is the take's own).
 */
export async function takeSubmission(
  clip: { file: string; seconds: number },
  take: Pick<SubjectTake, "mode" | "actions" | "startMs" | "dir">,
  reported: LightChallenge | null,
  channel: "upload" | "stream",
  /** A report of its own instead of the honest page's times for `reported` (forgedReport.ts). */
  forged?: LightShown,
): Promise<Submission> {
  const light = forged ? forged.filter((s) => s.atMs < clip.seconds * 1000) : lightShownFor(reported, take.startMs, clip.seconds);
  if (channel === "stream") return streamOf(await jpegFrames(clip.file, MEDIA_FPS, take.dir), light, take.mode);
  return { kind: "upload", file: clip.file, durationMs: Math.round(clip.seconds * 1000), prompts: promptsFor(take.mode, take.actions), light };
}
