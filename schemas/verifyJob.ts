/**
 * The service's verification jobs: what a job asks the worker pool to judge (stored as JSON
 * with the job, so a restarted service resumes it), and the messages between the pool and
 * its worker threads. Parsed on both sides of every hop: the store, and each thread's port.
 */
import * as z from "zod/mini";
import { actionCodeSchema, capturePromptSchema, liveTypeSchema, VERIFY_STEPS } from "./api";
import { checksFileSchema } from "./checks";
import { lightChallengeSchema, lightShownSchema } from "./lightChallenge";
import { mediaFingerprintSchema } from "./mediaFingerprint";
import { mediaStoreConfigSchema } from "./mediaStoreConfig";

const ms = z.number().check(z.gte(0));
const count = z.int().check(z.gte(0));
/** A file name inside a folder the service made: no separators, no "..". */
const fileName = z.string().check(z.regex(/^[\w-][\w.-]*$/, "a plain file name"));
/** A media store key (a path relative to FACEFLOW_MEDIA for the local store), made by the service: segments of plain names. */
const mediaPath = z.string().check(z.regex(/^[\w-][\w.-]*(\/[\w-][\w.-]*)*$/, "a path under the media folder"));

const mediaProbeSchema = z.object({
  format: z.string(),
  durationMs: ms,
  video: z.nullable(z.object({ codec: z.string(), width: count, height: count, rotation: z.number(), frames: count })),
  audio: z.nullable(z.object({ codec: z.string(), sampleRate: count, channels: count })),
});

const verifySourceSchema = z.discriminatedUnion("kind", [
  /** A recording file, probed when it was accepted. */
  z.object({ kind: z.literal("recording"), path: mediaPath, bytes: count, probe: mediaProbeSchema }),
  /** A frame stream's JPEGs as received, each timed by the service's clock on arrival. */
  z.object({ kind: z.literal("frames"), dir: mediaPath, frames: z.array(z.object({ file: fileName, atMs: ms })) }),
]);

const verifyAskSchema = z.object({
  liveType: liveTypeSchema,
  actions: z.array(actionCodeSchema),
  /** Number mode: the digits issued for this attempt. */
  digits: z.nullable(z.string()),
  /** Will mode: the question and whether the answer is a nod (will_type 2). */
  will: z.nullable(z.object({ question: z.string(), nod: z.boolean() })),
  prompts: z.array(capturePromptSchema),
  requireSpeech: z.boolean(),
  /** The colour sequence the service drew for this attempt; null when its mode shows none. */
  light: z._default(z.nullable(lightChallengeSchema), null),
  /** When the page says each colour went up (an anchor for the light check's search, never a verdict). */
  lightShown: z._default(lightShownSchema, []),
  /**
   * The attempt took the light's alternative route (a user who must not see flashing light):
   * judged by its live type's checks without "light" (checkPlan.ts). Only the service sets it,
   * from the attempt it opened for that route.
   */
  lightAlternative: z._default(z.boolean(), false),
});
export type VerifyAsk = z.infer<typeof verifyAskSchema>;

export const verifyJobInputSchema = z.object({
  attemptId: z.int(),
  orderNo: z.string(),
  source: verifySourceSchema,
  ask: verifyAskSchema,
  /** The order's reference photo's media key; null when none was sent. */
  referencePhoto: z.nullable(mediaPath),
  platform: z.enum(["ios", "android", "other"]),
});
export type VerifyJobInput = z.infer<typeof verifyJobInputSchema>;

const checkSchema = z.object({ name: z.string(), passed: z.boolean(), detail: z.string() });

/** A worker's judgement of one job: what recordVerdict stores. */
const verifyResultSchema = z.object({
  passed: z.boolean(),
  code: z.string(),
  liveRate: z.nullable(z.number()),
  willCode: z.nullable(z.string()),
  faceCode: z.nullable(z.string()),
  similarity: z.nullable(z.number()),
  checks: z.array(checkSchema),
  /** The recording's perceptual fingerprint, for the replay check on the main thread; absent from older workers' results and from media never decoded. */
  fingerprint: z.optional(mediaFingerprintSchema),
  /** How closely the face followed this attempt's own light challenge, when it passed (the replay check trusts a strong answer); absent or null otherwise. */
  challengeCorrelation: z.optional(z.nullable(z.number())),
});
export type VerifyResult = z.infer<typeof verifyResultSchema>;

/** What a verification thread is started with (workerData), built by src/server/verify/workerPool.ts's defaultWorkerScript and the pool. */
export const verifyWorkerDataSchema = z.object({
  ffmpegPath: z.string().check(z.minLength(1)),
  /** The media store the thread builds for itself: the same media the service stored. */
  media: mediaStoreConfigSchema,
  /** The checks each mode runs, as the service read and checked them at start (flows/checks.json). */
  checks: checksFileSchema,
  /** The thread's own folder for temporary copies, removed by the pool with the thread. */
  scratchDir: z.optional(z.string().check(z.minLength(1))),
});
export type VerifyWorkerData = z.infer<typeof verifyWorkerDataSchema>;

export const toWorkerMessageSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("job"), jobId: z.int(), input: verifyJobInputSchema }),
  /** Load the models now, so the first user does not wait for them. */
  z.object({ type: z.literal("warm") }),
]);

export const fromWorkerMessageSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("ready") }),
  z.object({ type: z.literal("progress"), jobId: z.int(), step: z.enum(VERIFY_STEPS), progress: z.number().check(z.gte(0), z.lte(1)) }),
  z.object({ type: z.literal("verdict"), jobId: z.int(), result: verifyResultSchema }),
  /** The job could not be judged by this worker (a bug or an environment fault, not the media's). */
  z.object({ type: z.literal("error"), jobId: z.int(), message: z.string() }),
]);
export type FromWorkerMessage = z.infer<typeof fromWorkerMessageSchema>;
