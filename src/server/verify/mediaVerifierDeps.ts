/**
 * The real dependencies of verifyMedia, built the same way wherever a job runs: ffmpeg as the
 * decoder, Human on node-wasm as the frame analyzer, Silero VAD as the voice detector and the
 * speech recogniser the environment names (none by default). Human and the detector load on
 * first use and are kept, one of each per thread; warm() loads both ahead of the first job.
 * Used by the verification worker thread and by `npm run bench` (scripts/verifyCost.ts), so
 * the bench measures exactly what the service runs.
 */
import { loadHuman } from "../face/humanRuntime";
import type { ServerLimits } from "../limits";
import type { CheckPlan } from "./checks/checkPlan";
import type { MediaStore } from "../media/store/mediaStore";
import { speechRecognizerFromEnv } from "../speech/sherpaRecognizer";
import { createVoiceActivityDetector } from "../speech/voiceActivity";
import { createFfmpegDecoder } from "./ffmpegDecoder";
import { createFrameAnalyzer, type FrameAnalyzer } from "./frameAnalyzer";
import type { MediaVerifierDeps } from "./verifyMedia";

interface MediaVerifierSetup {
  deps: MediaVerifierDeps;
  /** Loads the face models and the voice detector now; rejects with the loader's error. */
  warm(): Promise<void>;
}

function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | null = null;
  return () => (loaded ??= load());
}

/**
 * @example const { deps, warm } = createMediaVerifierDeps({ media: createMediaStore(config), ffmpegPath, limits, checks, env: process.env });
 */
export function createMediaVerifierDeps(options: {
  /** Where the jobs' media is read from (the worker thread builds its own store). */
  media: MediaStore;
  ffmpegPath: string;
  limits: ServerLimits;
  /** The checks each mode runs, resolved at start (checks/checkPlan.ts). */
  checks: CheckPlan;
  env: Record<string, string | undefined>;
}): MediaVerifierSetup {
  const { limits } = options;
  const detector = once(async () => createVoiceActivityDetector({ threshold: limits.verification.voice.threshold }));
  const analyzer = once(async (): Promise<FrameAnalyzer> => createFrameAnalyzer(await loadHuman()));
  const deps: MediaVerifierDeps = {
    media: options.media,
    limits,
    checks: options.checks,
    decoder: createFfmpegDecoder(options.ffmpegPath, limits),
    analyzer,
    detectVoice: async (samples) => (await detector()).detect(samples),
    recognizer: speechRecognizerFromEnv(options.env),
  };
  return {
    deps,
    warm: async () => {
      await Promise.all([analyzer(), detector()]);
    },
  };
}
