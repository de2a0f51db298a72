/**
 * The `verification` section of flows/capture.json: how the service judges the media it
 * received (src/server/verify/). Every number the service's own checks use lives here, so
 * product staff can see and tune what a pass means.
 */
import * as z from "zod/mini";

const positiveInt = z.int().check(z.gte(1));
const ms = z.int().check(z.gte(0));
const share = z.number().check(z.gte(0), z.lte(1));

export const verificationSchema = z.strictObject({
  /**
   * Frames per second of recording. `signal`: frames decoded for their cheap pixel signals
   * (the light challenge's segments last 350 ms or more, so 15 a second sees each at least 5
   * times; frozen frames; cuts). The others are the rates Human's mesh runs at, on a subset of
   * them: action mode needs the finer rate (a blink's closed phase lasts 100-200 ms); number and
   * will modes need 10 a second or more to follow the lips against the voice (syllables come at
   * 4-6 a second; 12 leaves room for decoded times that jitter); silent mode judges presence, identity and stillness, which a coarser rate
   * shows as well at about half the cost.
   */
  sampleFps: z.strictObject({
    signal: z.number().check(z.gt(0), z.lte(30)),
    action: z.number().check(z.gt(0), z.lte(30)),
    speech: z.number().check(z.gte(10), z.lte(30)),
    other: z.number().check(z.gt(0), z.lte(30)),
  }),
  /**
   * Human's face detector (three quarters of a plain frame's analysis) runs on the mesh frames at
   * most this far apart; on the frames between, the mesh follows the faces found
   * (src/server/verify/meshPass.ts, which also looks again wherever a face is lost or a new one
   * found). A face that came and went between two detections is not seen: kept below
   * presence.maxGapMs, such a face is one the face check would forgive anyway.
   */
  detectorEveryMs: positiveInt,
  /** Decoded frames are scaled to this width (Human finds a face of a third of the frame at 320 px). */
  analysisWidth: z.int().check(z.gte(128), z.lte(1280)),
  /** Refused before decoding (the decoder's probe): a larger picture, a longer file, more frames. */
  limits: z.strictObject({
    maxPixels: positiveInt,
    maxDurationMs: positiveInt,
    maxFrames: positiveInt,
  }),
  /** One face throughout: frames without one face are allowed only in gaps this short. */
  presence: z.strictObject({ maxGapMs: ms, minFaceShare: share }),
  /** The same person throughout: descriptors of this many frames spread over the recording, compared pairwise. */
  identity: z.strictObject({
    samples: z.int().check(z.gte(2), z.lte(12)),
    minSimilarity: share,
    /**
     * Cuts (a splice of another person): a jump of the aligned face signature of at least
     * `minJump` and `overMedian` times the recording's own median change
     * (src/server/verify/checks/liveness/cuts.ts, where the figures are). Both sides of each are
     * described and compared too, so a spliced stretch is compared every time, not by chance.
     */
    cuts: z.strictObject({ minJump: z.number().check(z.gt(0)), overMedian: z.number().check(z.gte(1)) }),
  }),
  /**
   * Frames, spread over the recording, that get the anti-spoofing and liveness models (their
   * means are what liveness is judged on). The scores move little from frame to frame, and
   * running them on every frame of an action recording costs about a fifth of its analysis.
   */
  scoreSamples: z.int().check(z.gte(3), z.lte(100)),
  /** A partner's reference photo compared with the recording's faces (similarity 0..100 in the result). */
  reference: z.strictObject({ minSimilarity: z.int().check(z.gte(0), z.lte(100)), maxBytes: positiveInt, maxSide: positiveInt }),
  /** An action counts only if its peak comes at least this long after its prompt was shown, minus this slack. */
  promptSlackMs: ms,
  /**
   * Digits handed out per order at most (each GET /api/v1/digits draws a fresh four). Without a
   * bound, a client holding one recording of many digits could draw until it is one of them.
   */
  maxDigitDraws: positiveInt,
  /** Voice activity (Silero VAD) in the answer window of number and will modes. */
  voice: z.strictObject({
    /** Speech probability above which a 32 ms window is speech. */
    threshold: share,
    /** Speech needed in the answer window, in total. */
    minSpeechMs: positiveInt,
    /** While speech is heard, this share of the frames must show the one face. */
    minFaceShareWhileSpeaking: share,
  }),
  /** The worker pool and the job queue. */
  jobs: z.strictObject({
    /** Worker threads; 0 means one per core. */
    workers: z.int().check(z.gte(0), z.lte(64)),
    /** A job whose worker died this many times is judged "could not run" (a poison recording must not loop). */
    maxTries: positiveInt,
    /** One job may take this long before its worker is ended and the job tried again. */
    timeoutMs: positiveInt,
    /** Longest wait one long-poll request holds. */
    maxWaitMs: positiveInt,
    /**
     * The nice value (0..19) each verification thread gives itself and so the ffmpeg it starts
     * (Linux keeps one per thread): the thread that answers requests, at 0, then gets a core as
     * soon as it has work, however busy verification keeps both. Throughput is unchanged.
     */
    niceness: z.int().check(z.gte(0), z.lte(19)),
  }),
}).check(
  // A face that no detection saw came after one and left before the next: on frames analysed every
  // way, its stretch would have measured under detectorEveryMs, and the face check forgives such gaps.
  z.refine((v) => v.detectorEveryMs < v.presence.maxGapMs, {
    message: "detectorEveryMs must stay below presence.maxGapMs: a face unseen between two detections must be one the face check forgives",
    path: ["detectorEveryMs"],
  }),
);
export type VerificationConfig = z.infer<typeof verificationSchema>;
