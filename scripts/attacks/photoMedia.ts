/**
 * The photo families' media: a person's photo looped (still, zoom and pan, hand jitter, noise,
 * a tint that follows the light), warped in 2D to imitate the prompted head actions, or with
 * speech over it. Each variant draws its parameters at random; `kind` names what it does.
 */
import type { LightChallenge } from "../../schemas/lightChallenge";
import { encodeJpeg, type RgbaImage } from "../../tests/fixtures/faceImage";
import { makeSpeechWav } from "../../tests/fixtures/mediaMaker";
import { lightTimeline } from "../../tests/fixtures/synth/subjectFrame";
import type { ActionCode, AttackMode } from "./attemptClient";
import { jpegFrames, spokenDigits, wrongDigits, writeVideo, type Container } from "./mediaTools";
import { photoFrame, type PhotoPerson, type PhotoPose } from "./photoFrames";
import { actionTimes, lightShownFor, MEDIA_FPS, promptsFor, secondsFor, streamOf, type Submission } from "./submission";

export const STILL_KINDS = ["still", "zoompan", "jitter", "noise", "lightTint"] as const;
export type StillKind = (typeof STILL_KINDS)[number];
export const SPEECH_KINDS = { number: ["wrongDigits", "englishWords", "unrelatedSpeech", "rightDigits"], will: ["englishWords", "unrelatedSpeech", "consent"] } as const;
export type SpeechKind = (typeof SPEECH_KINDS)[keyof typeof SPEECH_KINDS][number];

const DEG = Math.PI / 180;
const rand = (lo: number, hi: number) => lo + (hi - lo) * Math.random();

/** A smooth random wobble: a few sines of random phase, amplitude `amp`, periods of 1-4 s. */
function wobble(amp: number): (tMs: number) => number {
  const parts = Array.from({ length: 3 }, () => ({ period: rand(1000, 4000), phase: rand(0, 2 * Math.PI), w: rand(0.5, 1) }));
  const total = parts.reduce((s, p) => s + p.w, 0);
  return (t) => (amp / total) * parts.reduce((s, p) => s + p.w * Math.sin((2 * Math.PI * t) / p.period + p.phase), 0);
}

/** The pose over time of a still-photo variant (the light tint needs the sequence and when it went up). */
function stillPose(kind: StillKind, light: { challenge: LightChallenge; startMs: number } | null): (tMs: number) => PhotoPose {
  const faceWidth = rand(0.3, 0.42);
  const dx = wobble(rand(0.005, 0.02));
  const dy = wobble(rand(0.005, 0.015));
  const angle = wobble(rand(0.5, 2) * DEG);
  const zoom = wobble(rand(0.02, 0.06));
  const sigma = rand(3, 8);
  switch (kind) {
    case "still":
      return () => ({ faceWidth });
    case "zoompan":
      return (t) => ({ faceWidth: faceWidth * (1 + zoom(t)), dx: dx(t) });
    case "jitter":
      return (t) => ({ faceWidth, dx: dx(t), dy: dy(t), angle: angle(t), noiseSigma: 2 });
    case "noise":
      return () => ({ faceWidth, noiseSigma: sigma });
    case "lightTint": {
      // The attacker's screen or lamp tints the whole picture with the sequence (a flat object lit uniformly).
      const timeline = light ? lightTimeline(light.challenge, light.startMs) : null;
      const delay = rand(50, 150);
      const share = rand(0.15, 0.4);
      return (t) => {
        const c = timeline ? timeline.colorAt(t - delay) : ([0.85, 0.85, 0.85] as const);
        const norm = 1 - share + share * 0.85;
        return { faceWidth, dx: dx(t) / 2, angle: angle(t) / 2, noiseSigma: 2, tint: [0, 1, 2].map((k) => (1 - share + share * (c[k] ?? 0)) / norm) as [number, number, number] };
      };
    }
  }
}

/** 2D warps on the prompts' cues: halves stretched for a shake (action 1), a vertical stretch for a nod (4), nothing else for the rest. */
function warpPose(actions: readonly ActionCode[]): (tMs: number) => PhotoPose {
  const faceWidth = rand(0.3, 0.4);
  const dx = wobble(rand(0.003, 0.01));
  const times = actionTimes(actions);
  const strength = rand(0.6, 1);
  return (t) => {
    let yawWarp = 0;
    let pitchWarp = 0;
    actions.forEach((a, i) => {
      const act = (times[i] as { act: number }).act;
      if (a === "1") {
        const u = (t - act) / 1100;
        if (u > 0 && u < 1) yawWarp += strength * Math.sin(2 * Math.PI * u);
      }
      if (a === "4") {
        const u = (t - act) / 900;
        if (u > 0 && u < 1) pitchWarp += strength * Math.sin(Math.PI * u);
      }
    });
    return { faceWidth, dx: dx(t), yawWarp, pitchWarp, noiseSigma: 2 };
  };
}

export interface PhotoTake {
  dir: string;
  name: string;
  person: PhotoPerson;
  mode: AttackMode;
  actions: readonly ActionCode[];
  light: LightChallenge | null;
  container: Container;
}

async function photoRecording(take: PhotoTake, pose: (tMs: number) => PhotoPose, wavPath?: string): Promise<{ file: string; seconds: number }> {
  const seconds = secondsFor(take.mode, take.actions);
  const file = await writeVideo({ dir: take.dir, name: take.name, seconds, fps: MEDIA_FPS, container: take.container, ...(wavPath ? { wavPath } : {}), frameAt: (_k, t) => photoFrame(take.person, pose(t)) });
  return { file, seconds };
}

function asSubmission(take: PhotoTake, rec: { file: string; seconds: number }, startMs: number): Submission {
  return { kind: "upload", file: rec.file, durationMs: Math.round(rec.seconds * 1000), prompts: promptsFor(take.mode, take.actions), light: lightShownFor(take.light, startMs, rec.seconds) };
}

async function asStream(take: PhotoTake, rec: { file: string; seconds: number }, startMs: number): Promise<Submission> {
  return streamOf(await jpegFrames(rec.file, MEDIA_FPS, take.dir), lightShownFor(take.light, startMs, rec.seconds), take.mode);
}

/** Family 1: a still-photo variant, uploaded or streamed (the stream's "still" sends one JPEG's bytes every frame). */
export async function stillPhoto(take: PhotoTake, kind: StillKind, channel: "upload" | "stream", startMs: number): Promise<Submission> {
  const seconds = secondsFor(take.mode, take.actions);
  if (channel === "stream" && kind === "still") {
    const jpeg = encodeJpeg(photoFrame(take.person, stillPose("still", null)(0)) as RgbaImage, 85);
    return streamOf(Array.from({ length: Math.round(seconds * MEDIA_FPS) }, () => jpeg), lightShownFor(take.light, startMs, seconds), take.mode);
  }
  const rec = await photoRecording(take, stillPose(kind, take.light ? { challenge: take.light, startMs } : null));
  return channel === "stream" ? asStream(take, rec, startMs) : asSubmission(take, rec, startMs);
}

/** Family 2: the photo warped in 2D on the action prompts' cues. */
export async function warpedPhoto(take: PhotoTake, channel: "upload" | "stream", startMs: number): Promise<Submission> {
  const rec = await photoRecording(take, warpPose(take.actions));
  return channel === "stream" ? asStream(take, rec, startMs) : asSubmission(take, rec, startMs);
}

/** What each speech variant says, and in which espeak-ng voice. */
function speechOf(kind: SpeechKind, digits: string | null): { text: string; voice: string } {
  switch (kind) {
    case "wrongDigits":
      return { text: spokenDigits(wrongDigits(digits ?? "0000")), voice: "cmn" };
    case "rightDigits":
      return { text: spokenDigits(digits ?? "0000"), voice: "cmn" };
    case "englishWords":
      return { text: "yes I agree, one two three four", voice: "en" };
    case "unrelatedSpeech":
      return { text: "今天天气很好我们去公园散步", voice: "cmn" };
    case "consent":
      return { text: "我同意本次身份核验", voice: "cmn" };
  }
}

/** Family 3: a jittering, noisy photo with speech over it (number or will mode). */
export async function speechOverPhoto(take: PhotoTake, kind: SpeechKind, digits: string | null, startMs: number): Promise<Submission> {
  const speech = speechOf(kind, digits);
  const wavPath = await makeSpeechWav({ dir: take.dir, text: speech.text, voice: speech.voice, name: `${take.name}-voice` });
  const rec = await photoRecording(take, stillPose(Math.random() < 0.5 ? "jitter" : "noise", null), wavPath);
  return asSubmission(take, rec, startMs);
}
