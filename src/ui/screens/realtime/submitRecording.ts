/**
 * The real-time video page's hand-over: the recording made while the user was in the room
 * is checked (spec §5) and uploaded (scrambled, with bounded retries, with when each prompt
 * was shown) exactly as on the plain recording pages, so the service judges the very tracks
 * that were published. What comes back is the accepted attempt, which the page follows to
 * its verdict (useRealtimePage), or the error screen of a refusal.
 */
import type { CapturePrompt } from "../../../../schemas/api";
import type { CaptureFile } from "../../../../schemas/capture";
import type { StatsRecorder } from "../../../analytics/statsRecorder";
import type { ApiClient } from "../../../api/client";
import type { CaptureOutcome, CaptureRequest } from "../../../capture/contract";
import type { Platform } from "../../../capture/modeChoice";
import { uploadRecording } from "../../../capture/uploadRecording";
import { checkRecordingBeforeUpload } from "../../../flow/attempt/submit";
import type { RealtimeEnding } from "./useRealtimePage";

interface SubmitRecordingInput {
  api: Pick<ApiClient, "upload">;
  recording: Extract<CaptureOutcome, { kind: "recording" }>;
  request: CaptureRequest;
  /** When the page showed each prompt, on the recording's clock. */
  prompts: readonly CapturePrompt[];
  platform: Platform;
  limits: CaptureFile;
  random(): number;
  sleep(ms: number): Promise<void>;
  onUploadProgress(fraction: number): void;
  /** Counts a refusal code with no screen (screenForApiError). */
  stats: Pick<StatsRecorder, "record">;
}

/** Check and upload; the ending to hand to the page: the accepted attempt, or an error screen. */
export async function submitRecording(input: SubmitRecordingInput): Promise<Extract<RealtimeEnding, { kind: "accepted" | "settled" }>> {
  const { recording, request, limits } = input;
  // Recorded in the page by MediaRecorder, as the recorder does: the same check as the recording pages.
  const { blob, mimeType, durationMs } = recording;
  const checked = checkRecordingBeforeUpload({ kind: "recorder", blob, mimeType, durationMs }, request, { limits, platform: input.platform });
  if (!checked.ok) return { kind: "settled", result: { next: "error", status: checked.status } };
  const uploaded = await uploadRecording({
    api: input.api,
    blob: recording.blob,
    mimeType: recording.mimeType,
    durationMs: recording.durationMs,
    random: input.random,
    sleep: input.sleep,
    onProgress: input.onUploadProgress,
    retries: limits.upload.retries,
    backoffMs: limits.upload.backoffMs,
    prompts: input.prompts,
    stats: input.stats,
  });
  if (!uploaded.ok) return { kind: "settled", result: { next: "error", status: uploaded.status } };
  return { kind: "accepted", accepted: uploaded.state };
}
