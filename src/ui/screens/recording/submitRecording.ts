/**
 * From a recording in hand to the next page: check it (spec §5), upload it with a bounded
 * retry (spec §4 scrambling), let the service's judgement settle (signed result stored for
 * the result page). Returns where the page goes; only an upload that got no answer after
 * every try keeps the user on the page, with the recording, to send it again.
 */
import type { AttemptOutcome } from "../../../../schemas/api";
import type { CaptureFile } from "../../../../schemas/capture";
import type { ErrorStatus } from "../../../../schemas/errors";
import type { ApiClient } from "../../../api/client";
import type { CaptureRequest } from "../../../capture/contract";
import type { Platform } from "../../../capture/modeChoice";
import { settleAttempt } from "../../../capture/settleAttempt";
import { uploadRecording, type RecordingEvidence } from "../../../capture/uploadRecording";
import { validateRecording, type RecordingKind } from "../../../capture/validateRecording";
import type { KycStorage } from "../../../session/storage";

/** A recording to send: what a recorder, file input or messaging-app handler returned. */
export interface Recording {
  kind: RecordingKind;
  blob: Blob;
  mimeType: string;
  /** Null when the picked file's duration could not be read (the service reads the container). */
  durationMs: number | null;
  /** On-device face guidance's report and evidence frames; absent when guidance did not run. */
  evidence?: RecordingEvidence | undefined;
}

export type SubmitResult =
  | { to: "success" | "fail" }
  | { to: "error"; status: ErrorStatus }
  /** No answer after every try: the recording is kept and may be sent again. */
  | { to: "uploadFailed"; status: ErrorStatus; detail: string };

export interface SubmitDeps {
  api: Pick<ApiClient, "upload" | "result">;
  storage: Pick<KycStorage, "setJSON">;
  limits: CaptureFile;
  platform: Platform;
  random(): number;
  sleep(ms: number): Promise<void>;
  onUploading(): void;
  onProgress(fraction: number): void;
  /** Told about each finished upload (statistics, the bench's bytes figure). */
  onUploaded(report: { attempts: number; bytesSent: number; bytes: number }): void;
}

/** The upload statuses that mean "no answer" rather than "refused": worth sending the same recording again. */
const KEEP_RECORDING_STATUSES: ReadonlySet<ErrorStatus> = new Set(["uploadVideoException"]);

/** Spec §5 before anything is sent: a recording refused here would be refused by the service too. */
export function checkRecordingBeforeUpload(recording: Recording, request: CaptureRequest, deps: Pick<SubmitDeps, "limits" | "platform">) {
  return validateRecording({
    kind: recording.kind,
    blob: recording.blob,
    mimeType: recording.mimeType,
    durationMs: recording.durationMs,
    liveMode: request.liveMode,
    will: request.will,
    actions: request.actions,
    platform: deps.platform,
    limits: deps.limits,
  });
}

/** Where a judged attempt leads (also the streaming handlers' outcome). */
export async function settleJudged(outcome: AttemptOutcome, deps: Pick<SubmitDeps, "api" | "storage">): Promise<SubmitResult> {
  const settled = await settleAttempt({ api: deps.api, outcome, storage: deps.storage });
  return settled.next === "error" ? { to: "error", status: settled.status } : { to: settled.next };
}

/** Upload a checked recording and settle the service's answer. */
export async function submitRecording(recording: Recording, deps: SubmitDeps): Promise<SubmitResult> {
  deps.onUploading();
  const sent = await uploadRecording({
    api: deps.api,
    blob: recording.blob,
    mimeType: recording.mimeType,
    // The service prefers the container's own duration; this one is only its fallback (WebM).
    durationMs: recording.durationMs ?? 0,
    random: deps.random,
    sleep: deps.sleep,
    onProgress: deps.onProgress,
    retries: deps.limits.upload.retries,
    backoffMs: deps.limits.upload.backoffMs,
    evidence: recording.evidence,
  });
  if (!sent.ok) {
    return KEEP_RECORDING_STATUSES.has(sent.status)
      ? { to: "uploadFailed", status: sent.status, detail: sent.detail }
      : { to: "error", status: sent.status };
  }
  deps.onUploaded({ attempts: sent.attempts, bytesSent: sent.bytesSent, bytes: recording.blob.size });
  return settleJudged(sent.outcome, deps);
}
