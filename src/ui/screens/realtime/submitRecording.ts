/**
 * The real-time video page's hand-over: the recording made while the user was in the room
 * is checked (spec §5), uploaded (scrambled, with bounded retries) and settled, exactly as
 * on the plain recording pages, so the service judges the very tracks that were published.
 */
import type { CaptureFile } from "../../../../schemas/capture";
import type { ApiClient } from "../../../api/client";
import type { CaptureOutcome, CaptureRequest } from "../../../capture/contract";
import type { Platform } from "../../../capture/modeChoice";
import { settleAttempt, type SettleAttemptResult } from "../../../capture/settleAttempt";
import { uploadRecording } from "../../../capture/uploadRecording";
import type { KycStorage } from "../../../session/storage";
import { checkRecordingBeforeUpload } from "../recording/submitRecording";

export interface SubmitRecordingInput {
  api: Pick<ApiClient, "upload" | "result">;
  storage: Pick<KycStorage, "setJSON">;
  recording: Extract<CaptureOutcome, { kind: "recording" }>;
  request: CaptureRequest;
  platform: Platform;
  limits: CaptureFile;
  random(): number;
  sleep(ms: number): Promise<void>;
  onUploadProgress(fraction: number): void;
}

export async function submitRecording(input: SubmitRecordingInput): Promise<SettleAttemptResult> {
  const { recording, request, limits } = input;
  // Recorded in the page by MediaRecorder, as the recorder does: the same check as the recording pages.
  const { blob, mimeType, durationMs } = recording;
  const checked = checkRecordingBeforeUpload({ kind: "recorder", blob, mimeType, durationMs }, request, { limits, platform: input.platform });
  if (!checked.ok) return { next: "error", status: checked.status };
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
  });
  if (!uploaded.ok) return { next: "error", status: uploaded.status };
  return settleAttempt({ api: input.api, outcome: uploaded.outcome, storage: input.storage });
}
