/**
 * Voice-activity detection on the service: where in a recording's 16 kHz mono audio someone
 * speaks, with Silero VAD v5 run by sherpa-onnx-node's native Vad.
 *
 * One detector per thread (the verification worker makes one and keeps it): building one
 * loads the model, about 130-200 ms here, while a 5 s clip then takes about 15-30 ms. The
 * threshold and durations are fixed when sherpa builds its Vad, so they are the factory's
 * options, not detect()'s. detect() is synchronous, so two calls on one thread can never
 * interleave; it resets the native state before and after each clip, so a clip that threw
 * or stopped mid-speech leaves nothing behind for the next.
 *
 * The Silero v5 model is the one @ricky0123/vad-web ships (dist/silero_vad_v5.onnx), the
 * same model the browser's VAD runs, so both sides judge speech alike.
 */
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import * as z from "zod";
import type { VoiceSegment } from "../verify/mediaTypes";
import { checkOnnxFile, loadSherpa, SpeechSetupError, type SherpaVad, type SherpaVadConstructor } from "./sherpaAddon";

/** The only rate the detector takes: what the decoder produces and Silero was trained on. */
const VOICE_SAMPLE_RATE = 16_000;
/** Silero v5 judges 512-sample windows (32 ms) at 16 kHz; sherpa must be fed exactly these. */
const WINDOW = 512;

const optionsSchema = z.strictObject({
  threshold: z.number().gt(0).lt(1).default(0.5),
  // A pause between two digits is often 200-300 ms; a shorter one does not end a segment.
  minSilenceMs: z.int().min(32).max(5_000).default(300),
  // A click or a cough is shorter; one spoken digit (about 200 ms) is longer.
  minSegmentMs: z.int().min(32).max(5_000).default(100),
  // Silero's own cap: a longer stretch is cut into several segments.
  maxSegmentMs: z.int().min(1_000).max(60_000).default(20_000),
  modelPath: z.string().min(1).optional(),
});

interface VoiceActivityOptions {
  /** Speech probability above which a 32 ms window is speech (flows/capture.json verification.voice.threshold); default 0.5. */
  threshold?: number;
  /** Silence inside speech shorter than this does not end a segment; default 300 ms. */
  minSilenceMs?: number;
  /**
   * Shorter bursts are not reported; default 100 ms. This is per segment: the config's
   * verification.voice.minSpeechMs is the total the answer window needs, judged by the caller.
   */
  minSegmentMs?: number;
  /** Longer speech is split into several segments; default 20 s. */
  maxSegmentMs?: number;
  /** The Silero v5 ONNX file; by default the one in @ricky0123/vad-web. */
  modelPath?: string;
}

/** Injected in tests of this module's own error paths; the service uses sherpa-onnx-node's. */
interface VoiceActivityEngine {
  Vad: SherpaVadConstructor;
}

export interface VoiceActivityDetector {
  /**
   * Stretches of speech in 16 kHz mono samples (-1..1), in ms from the first sample, in time
   * order. Speech still going at the end of the clip ends at the clip's end.
   * @example detector.detect(audio) // [{ startMs: 2004, endMs: 3366 }]
   */
  detect(samples: Float32Array): VoiceSegment[];
}

/** The Silero v5 model file from the installed @ricky0123/vad-web; throws SpeechSetupError when it is not there. */
export function resolveSileroModelPath(): string {
  const require = createRequire(import.meta.url);
  let packageJson: string;
  try {
    // The package has no "exports" map, so its package.json resolves; the models sit in dist/.
    packageJson = require.resolve("@ricky0123/vad-web/package.json");
  } catch (error) {
    throw new SpeechSetupError(`@ricky0123/vad-web is not installed, so there is no Silero VAD model: ${error instanceof Error ? error.message : String(error)}`);
  }
  return join(dirname(packageJson), "dist", "silero_vad_v5.onnx");
}

const segmentSchema = z.object({ start: z.int().nonnegative(), samples: z.instanceof(Float32Array) });

/**
 * A voice-activity detector for this thread. Throws SpeechSetupError when sherpa-onnx-node or
 * the model cannot be loaded, and a zod error for options out of range.
 * @example const detector = createVoiceActivityDetector({ threshold: 0.5 }); detector.detect(audio)
 */
export function createVoiceActivityDetector(options: VoiceActivityOptions = {}, engine?: VoiceActivityEngine): VoiceActivityDetector {
  const settings = optionsSchema.parse(options);
  const modelPath = settings.modelPath ?? resolveSileroModelPath();
  checkOnnxFile(modelPath, "the Silero VAD model");
  const { Vad } = engine ?? loadSherpa();
  const vad: SherpaVad = new Vad(
    {
      sileroVad: {
        model: modelPath,
        threshold: settings.threshold,
        minSilenceDuration: settings.minSilenceMs / 1000,
        minSpeechDuration: settings.minSegmentMs / 1000,
        maxSpeechDuration: settings.maxSegmentMs / 1000,
        windowSize: WINDOW,
      },
      sampleRate: VOICE_SAMPLE_RATE,
      numThreads: 1,
      provider: "cpu",
      debug: false,
    },
    // The buffer holds the segment in progress; sherpa grows it when a segment outlasts it.
    Math.ceil(settings.maxSegmentMs / 1000) + 10,
  );
  // The last window of a clip is padded with silence: sherpa mistimes segments when fed
  // chunks of other sizes (measured: the whole clip at once gave one wrong 170 ms segment).
  const lastWindow = new Float32Array(WINDOW);

  const toMs = (sample: number) => Math.round((sample * 1000) / VOICE_SAMPLE_RATE);

  function drain(segments: VoiceSegment[], clipMs: number) {
    while (!vad.isEmpty()) {
      // A copy (false), not a view of sherpa's buffer, which pop() frees.
      const parsed = segmentSchema.safeParse(vad.front(false));
      vad.pop();
      if (!parsed.success) throw new Error(`sherpa-onnx-node's Vad returned an unexpected segment: ${z.prettifyError(parsed.error)}`);
      const { start, samples } = parsed.data;
      const startMs = Math.min(toMs(start), clipMs);
      const endMs = Math.min(toMs(start + samples.length), clipMs);
      if (endMs > startMs) segments.push({ startMs, endMs });
    }
  }

  return {
    detect(samples) {
      if (!(samples instanceof Float32Array)) throw new TypeError("detect() takes 16 kHz mono samples as a Float32Array");
      const clipMs = toMs(samples.length);
      const segments: VoiceSegment[] = [];
      // Segment starts count samples since the last reset, so every clip starts at 0.
      vad.reset();
      try {
        for (let at = 0; at < samples.length; at += WINDOW) {
          const window = samples.subarray(at, at + WINDOW);
          if (window.length === WINDOW) vad.acceptWaveform(window);
          else {
            lastWindow.fill(0);
            lastWindow.set(window);
            vad.acceptWaveform(lastWindow);
          }
          drain(segments, clipMs);
        }
        vad.flush();
        drain(segments, clipMs);
      } finally {
        vad.reset();
      }
      return segments;
    },
  };
}
