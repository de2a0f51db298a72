/**
 * Sending one recording to the verification service (spec §4 "Video scrambling"): read it
 * into base64, cut it at two random positions, derive messageId from the unscrambled text,
 * and upload, retrying a bounded number of times when no usable answer came.
 *
 * A retry re-sends the very same scrambled text and messageId. The service recognises a
 * messageId it has already accepted and answers with that attempt (src/server/routes/
 * upload.ts), so an upload whose answer was lost on the way is verified once, not twice, and
 * does not use up a second attempt of the order. The scrambled text stays in this call's
 * scope until the service answered, so nothing is lost between tries.
 *
 * The answer is where the accepted attempt stands (usually "verifying"): the verdict comes
 * later, through followAttempt.
 */
import type { LightShown } from "../../schemas/lightChallenge";
import type { AttemptState, CapturePrompt, UploadGuidance, UploadMeta } from "../../schemas/api";
import type { ErrorStatus } from "../../schemas/errors";
import type { StatsRecorder } from "../analytics/statsRecorder";
import { ApiError } from "../api/apiError";
import { screenForApiError } from "../api/screenForApiError";
import type { ApiClient } from "../api/client";
import { readVideoFile, type Base64Encoder, type ReadVideoFailure } from "./readVideoFile";
import { messageIdOf, pickCutPositions, ScrambleError, scrambleBase64 } from "../domain/scramble";

export interface UploadRecordingInput {
  api: Pick<ApiClient, "upload">;
  blob: Blob;
  mimeType: string;
  durationMs: number;
  /** Source of the cut positions (Math.random in the browser). */
  random(): number;
  /** Waits between tries (a setTimeout promise in the browser). */
  sleep(ms: number): Promise<void>;
  /** 0..1 of the current try's body sent; starts again from 0 on a retry. */
  onProgress?(fraction: number): void;
  /** Extra tries after the first (capture.json upload.retries). */
  retries: number;
  /** Wait before the first retry, doubled for each further one (capture.json upload.backoffMs). */
  backoffMs: number;
  /** Bytes → base64; the reader's chunked btoa unless a test needs it to fail. */
  encode?: Base64Encoder;
  /** What on-device face guidance saw, with its evidence frames for the service to check again. */
  evidence?: RecordingEvidence | undefined;
  /** When the page showed each prompt, on the recording's clock (promptLog.ts); absent when unknown. */
  prompts?: readonly CapturePrompt[] | undefined;
  /** Light modes: when each colour of the attempt's sequence went up, on the recording's clock (lightLog.ts); the service keeps the sequence itself. */
  light?: LightShown | undefined;
  /** Counts a refusal code with no screen (screenForApiError). */
  stats: Pick<StatsRecorder, "record">;
}

export interface RecordingEvidence {
  report: UploadGuidance;
  /** JPEGs in the order of report.evidenceAtMs. */
  frames: readonly Blob[];
}

type UploadRecordingResult =
  | { ok: true; state: AttemptState; attempts: number; bytesSent: number }
  | { ok: false; status: ErrorStatus; attempts: number; detail: string };

/** Reader rejections of spec §5 and their screens: nothing to send, or the browser could not read it. */
const READ_FAILURE_STATUS = {
  noFile: "chooseVideoException",
  readFailure: "uploadVideoOtherException",
  serialisationFailure: "uploadVideoOtherException",
} as const satisfies Record<ReadVideoFailure, ErrorStatus>;

/**
 * Failures worth another try: no answer at all (offline, connection reset, timeout), the
 * service failing (5xx) or asking to slow down (429). Any other answer is the service's
 * verdict on this upload and would be the same the second time.
 */
export function isRetryable(error: ApiError): boolean {
  if (error.status === 0) return error.code !== "ABORTED";
  return error.status === 429 || error.status >= 500;
}

/** Wait before retry number `retry` (1-based): backoffMs, then doubling. */
export function backoffDelay(backoffMs: number, retry: number): number {
  return backoffMs * 2 ** (retry - 1);
}

/**
 * Read, scramble and upload a recording, retrying lost answers.
 * @example const sent = await uploadRecording({ api, blob, mimeType: blob.type, durationMs: 2900, random: Math.random, sleep, onProgress: setProgress, retries: 2, backoffMs: 1000, stats: rt.stats });
 */
export async function uploadRecording(input: UploadRecordingInput): Promise<UploadRecordingResult> {
  const read = await readVideoFile(input.blob, input.encode);
  if (!read.ok) return { ok: false, status: READ_FAILURE_STATUS[read.reason], attempts: 0, detail: `${read.reason}: ${read.detail}` };

  let scrambled: string;
  const posArr = pickCutPositions(input.random);
  try {
    scrambled = scrambleBase64(read.base64, posArr);
  } catch (error) {
    // Only a file of a few hundred bytes is too short to cut: far too small to be a recording.
    if (error instanceof ScrambleError) return { ok: false, status: "smallException", attempts: 0, detail: error.message };
    throw error;
  }
  const meta: UploadMeta = {
    posArr,
    messageId: await messageIdOf(read.base64),
    // Recorders measure with performance.now(), which has fractions; the contract wants whole ms.
    durationMs: Math.max(0, Math.round(input.durationMs)),
    mimeType: input.mimeType,
    size: read.bytes,
    ...(input.evidence ? { guidance: input.evidence.report } : {}),
    ...(input.prompts ? { prompts: [...input.prompts] } : {}),
    ...(input.light && input.light.length > 0 ? { light: [...input.light] } : {}),
  };
  const options = {
    ...(input.onProgress ? { onProgress: input.onProgress } : {}),
    ...(input.evidence ? { frames: input.evidence.frames } : {}),
  };

  let attempts = 0;
  let lastError = "";
  for (;;) {
    attempts += 1;
    try {
      const state = await input.api.upload(meta, scrambled, options);
      return { ok: true, state, attempts, bytesSent: scrambled.length };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      lastError = `HTTP ${error.status} ${error.code}: ${error.message}`;
      if (!isRetryable(error)) {
        // A code without a screen (or an abort) is still a refusal of this upload.
        const status = screenForApiError(error, { stats: input.stats, fallback: "uploadVideoOtherException" });
        return { ok: false, status, attempts, detail: lastError };
      }
    }
    if (attempts > input.retries) {
      return { ok: false, status: "uploadVideoException", attempts, detail: `no answer after ${attempts} tries; last: ${lastError}` };
    }
    await input.sleep(backoffDelay(input.backoffMs, attempts));
  }
}
