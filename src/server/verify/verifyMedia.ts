/**
 * One verification job, inside a worker thread: decode the media the service received (the
 * recording with ffmpeg, or the stream's spooled JPEGs), analyse the sampled frames' faces,
 * listen to the audio when the mode asks for speech, then judge (checks/judgeMedia.ts).
 * Progress goes out at each step and as frames are analysed, as the whole job's fraction
 * weighted by each step's measured cost (verifyProgress.ts), so the page's 核验中 bar is honest.
 *
 * Media the decoder refuses gives a failing verdict with its own code. A fault of the service
 * itself (models that will not load, a missing decoder) throws: the pool retries the job and,
 * past verification.jobs.maxTries, records "the check could not run", never a pass.
 */
import { randomInt } from "node:crypto";
import type { VerifyStep } from "../../../schemas/api";
import type { VerifyJobInput, VerifyResult } from "../../../schemas/verifyJob";
import type { ServerLimits } from "../limits";
import type { MediaStore } from "../media/store/mediaStore";
import { VERIFY_CODES } from "../media/verifyCodes";
import type { SpeechRecognizer } from "../speech/speechRecognizer";
import { analyseFrames } from "./analyseFrames";
import { createVerifyProgress } from "./verifyProgress";
import type { HeardSpeech, MediaAnalysis, SourceFacts } from "./checks/analysis";
import type { CheckPlan } from "./checks/checkPlan";
import { judgeMedia, notJudged } from "./checks/judgeMedia";
import { computeFingerprint } from "./fingerprint/computeFingerprint";
import type { FrameAnalyzer } from "./frameAnalyzer";
import type { DecodedFrame, DecodedMedia, MediaProbe, VoiceSegment } from "./mediaTypes";
import { decodeSpooled, sampleSpooled } from "./streamFrames";

/** A still picture decoded, or why it could not be (the picture's fault, not the service's). */
export type StillResult = { ok: true; frame: DecodedFrame } | { ok: false; reason: string };

export interface MediaDecoder {
  /**
   * Frames at `fps` scaled to `width`, and 16 kHz mono audio when asked; throws MediaRefusedError
   * for media it cannot or may not decode. With `still`, that picture too (decodeStill's answer,
   * from the same run when it can: a refused still never refuses the recording).
   */
  decode(
    file: string,
    probe: MediaProbe,
    options: { fps: number; width: number; withAudio: boolean; still?: { file: string; maxWidth: number } },
  ): Promise<DecodedMedia & { still?: StillResult }>;
  /** One still picture (the reference photo), at most `maxWidth` wide; throws MediaRefusedError when unreadable. */
  decodeStill(file: string, maxWidth: number): Promise<DecodedFrame>;
}

/** The media is at fault (unreadable, over the limits): a verdict, not a retry. */
export class MediaRefusedError extends Error {
  override readonly name = "MediaRefusedError";
}

export interface MediaVerifierDeps {
  /** Where the recordings, stream frames and reference photos are (this thread's own store). */
  media: MediaStore;
  limits: ServerLimits;
  /** The checks each mode runs (flows/checks.json, resolved against the registry at start). */
  checks: CheckPlan;
  decoder: MediaDecoder;
  /** Loaded on the first job that needs it, once per worker. */
  analyzer(): Promise<FrameAnalyzer>;
  detectVoice(samples: Float32Array): Promise<VoiceSegment[]>;
  recognizer: SpeechRecognizer | null;
}

/** The step the job is at and the whole job's fraction done (0..1, never decreasing). */
type ProgressReport = (step: VerifyStep, progress: number) => void;

/**
 * `count` frame indices spread over `n`: one drawn at random inside each of `count` equal
 * stretches (every index when n <= count). Drawn per job, so a client cannot know which frames
 * will be described or scored and put the right face only there.
 */
export function spreadIndices(n: number, count: number, random: (below: number) => number = randomInt): Set<number> {
  if (n <= count) return new Set(Array.from({ length: n }, (_, i) => i));
  const picked = new Set<number>();
  for (let k = 0; k < count; k++) {
    const from = Math.floor((k * n) / count);
    const to = Math.floor(((k + 1) * n) / count);
    picked.add(from + random(Math.max(1, to - from)));
  }
  return picked;
}

/**
 * Runs `fn` on a file of the stored `key` (ffmpeg reads by path), released once `fn` settles,
 * failed or not. A thread ended mid-job (its time ran out) cannot get here: the pool removes
 * the thread's scratch folder, and so its copies, instead (workerPool.ts).
 */
async function withLocalCopy<T>(media: MediaStore, key: string, fn: (file: string) => Promise<T>): Promise<T> {
  const copy = await media.localCopy(key);
  try {
    return await fn(copy.path);
  } finally {
    await copy.release();
  }
}

/** The reference photo is analysed at most this wide. */
const REFERENCE_MAX_WIDTH = 640;

/** The reference photo alone (a frame stream's job, which has no ffmpeg run to share). */
async function decodeReference(deps: MediaVerifierDeps, key: string): Promise<StillResult> {
  try {
    return { ok: true, frame: await withLocalCopy(deps.media, key, (file) => deps.decoder.decodeStill(file, REFERENCE_MAX_WIDTH)) };
  } catch (error) {
    if (error instanceof MediaRefusedError) return { ok: false, reason: error.message };
    throw error;
  }
}

async function decodeSource(input: VerifyJobInput, deps: MediaVerifierDeps, fps: number, withAudio: boolean) {
  const { source, referencePhoto } = input;
  if (source.kind === "recording") {
    const decode = (file: string, still?: string) =>
      deps.decoder.decode(file, source.probe, { fps, width: deps.limits.verification.analysisWidth, withAudio, ...(still ? { still: { file: still, maxWidth: REFERENCE_MAX_WIDTH } } : {}) });
    // The reference photo, when the order has one, is decoded in the recording's run.
    const media = await withLocalCopy(deps.media, source.path, (file) =>
      referencePhoto === null ? decode(file) : withLocalCopy(deps.media, referencePhoto, (still) => decode(file, still)),
    );
    const facts: SourceFacts = { kind: "recording", probe: source.probe, bytes: source.bytes };
    return { facts, frames: media.frames, audio: media.audio, still: media.still ?? null };
  }
  const frames = await decodeSpooled(deps.media, source.dir, sampleSpooled(source.frames, fps), deps.limits.stream.maxFrameBytes, deps.limits.streamClient.maxFrameWidth);
  const times = source.frames.map((f) => f.atMs);
  const durationMs = times.length >= 2 ? Math.max(...times) - Math.min(...times) : 0;
  const facts: SourceFacts = { kind: "frames", frames: source.frames.length, bytes: 0, durationMs };
  return { facts, frames, audio: null, still: null };
}

export async function verifyMedia(input: VerifyJobInput, deps: MediaVerifierDeps, report: ProgressReport): Promise<VerifyResult> {
  const { ask } = input;
  const { verification } = deps.limits;
  const listens = ask.liveType === "1" || ask.will !== null;
  const progress = createVerifyProgress(report, { listens });
  const rates = verification.sampleFps;
  const meshFps = Math.max(ask.liveType === "2" || ask.will?.nod ? rates.action : rates.other, listens ? rates.speech : 0);
  const fps = Math.max(rates.signal, meshFps);

  progress.enter("decoding");
  let decoded: Awaited<ReturnType<typeof decodeSource>>;
  try {
    decoded = await decodeSource(input, deps, fps, listens);
  } catch (error) {
    if (error instanceof MediaRefusedError) return notJudged(VERIFY_CODES.containerUnreadable, "media", `The service could not decode the media: ${error.message}.`, ask.will !== null);
    throw error;
  }

  progress.enter("analysing");
  const analyzer = await deps.analyzer();
  const analysed = await analyseFrames(decoded.frames, analyzer, deps.limits, {
    meshFps,
    iris: ask.actions.includes("2"),
    pick: (n) => ({ describe: spreadIndices(n, verification.identity.samples), scored: spreadIndices(n, verification.scoreSamples) }),
    progress: (share) => progress.advance(share),
  });

  let reference: MediaAnalysis["reference"] = null;
  if (input.referencePhoto !== null) {
    const still = decoded.still ?? (await decodeReference(deps, input.referencePhoto));
    if (!still.ok) reference = { faces: 0, descriptor: null };
    else {
      const analysed = await analyzer.analyze(still.frame, { iris: false, describe: true, scores: false });
      // Faces are counted as the checks count them (detector score at least quality.minScore); a
      // weak second detection does not make a good photo unusable.
      const faces = analysed.observation.faces.map((f, i) => ({ f, d: analysed.descriptors[i] ?? null })).filter(({ f }) => f.score >= deps.limits.face.quality.minScore);
      reference = { faces: faces.length, descriptor: faces.length === 1 ? (faces[0]?.d ?? null) : null };
    }
  }

  let speech: HeardSpeech | null = null;
  if (listens) {
    progress.enter("listening");
    const audio = decoded.audio;
    if (audio === null || audio.length === 0) speech = { present: false, segments: [], transcript: null, recognizer: deps.recognizer?.name ?? null };
    else {
      const segments = await deps.detectVoice(audio);
      const recognised = deps.recognizer && segments.length > 0 ? await deps.recognizer.recognize(audio, 16_000) : null;
      speech = { present: true, segments, transcript: recognised?.text ?? null, recognizer: deps.recognizer?.name ?? null };
    }
  }

  progress.enter("deciding");
  const audio = listens ? decoded.audio : null;
  const verdict = judgeMedia({ source: decoded.facts, ...analysed, reference, speech, audio }, ask, input.platform, deps.limits, deps.checks);
  return { ...verdict, fingerprint: computeFingerprint(decoded.frames, decoded.audio, analysed.signals) };
}
