/**
 * From a recording in hand to the next page: check it (spec §5), upload it with a bounded
 * retry (spec §4 scrambling), follow the accepted attempt while the service verifies it, and
 * let the verdict settle (signed result stored for the result page). Returns where the page
 * goes; only an upload that got no answer after every try keeps the user on the page, with
 * the recording, to send it again. Once accepted, the recording is never sent again.
 */
import type { LightShown } from "../../../schemas/lightChallenge";
import type { CapturePrompt } from "../../../schemas/api";
import type { CaptureFile } from "../../../schemas/capture";
import type { ErrorStatus } from "../../../schemas/errors";
import type { StatsRecorder } from "../../analytics/statsRecorder";
import type { ApiClient } from "../../api/client";
import type { AcceptedAttempt, VerifyProgress } from "../../capture/awaitVerdict";
import type { CaptureRequest } from "../../capture/contract";
import { followAttempt, type FollowAttemptResult } from "../../capture/followAttempt";
import type { Platform } from "../../capture/modeChoice";
import { uploadRecording, type RecordingEvidence } from "../../capture/uploadRecording";
import { validateRecording, type RecordingKind } from "../../domain/validateRecording";
import type { KycStorage } from "../../session/storage";

/** A recording to send: what a recorder, file input or messaging-app handler returned. */
export interface Recording {
  kind: RecordingKind;
  blob: Blob;
  mimeType: string;
  /** Null when the picked file's duration could not be read (the service reads the container). */
  durationMs: number | null;
  /** On-device face guidance's report and evidence frames; absent when guidance did not run. */
  evidence?: RecordingEvidence | undefined;
  /** When the page showed each prompt, on the recording's clock (capture/promptLog.ts). */
  prompts?: readonly CapturePrompt[] | undefined;
  /** Light modes: when each colour went up, on the recording's clock (capture/lightLog.ts). */
  light?: LightShown | undefined;
}

export type SubmitResult =
  | { to: "success" | "fail" }
  | { to: "error"; status: ErrorStatus }
  /** No answer after every try: the recording is kept and may be sent again. */
  | { to: "uploadFailed"; status: ErrorStatus; detail: string }
  /** The page went away while the service verified; the stored attempt resumes the wait on return. */
  | { to: "left" };

/** What following an accepted attempt needs (also the stream's and a reload's). */
export interface FollowDeps {
  api: Pick<ApiClient, "attemptState" | "result">;
  storage: Pick<KycStorage, "setJSON" | "remove">;
  /** Counts a refusal code with no screen (screenForApiError). */
  stats: Pick<StatsRecorder, "record">;
  sleep(ms: number): Promise<void>;
  /** Milliseconds on a monotonic clock. */
  now(): number;
  /** Aborted when the page goes away. */
  signal?: AbortSignal;
  /** The service verifies: its step and share of the work. */
  onVerifying(progress: VerifyProgress): void;
  /** The verdict is in; the signed result is fetched next. */
  onJudged(): void;
}

interface SubmitDeps extends FollowDeps {
  api: Pick<ApiClient, "upload" | "attemptState" | "result">;
  limits: CaptureFile;
  platform: Platform;
  random(): number;
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
    light: Boolean(request.light),
    platform: deps.platform,
    limits: deps.limits,
  });
}

/** Where following an attempt leads the page; an attempt the service does not know is its error screen. */
export function submitResultOf(followed: FollowAttemptResult): SubmitResult {
  switch (followed.next) {
    case "aborted":
      return { to: "left" };
    case "error":
    case "unknownAttempt":
      return { to: "error", status: followed.status };
    case "success":
    case "fail":
      return { to: followed.next };
  }
}

/** Follow an accepted attempt, with its raw ending: a reload treats an attempt the service does not know apart. */
export function followWith(accepted: AcceptedAttempt, deps: FollowDeps): Promise<FollowAttemptResult> {
  return followAttempt({
    api: deps.api,
    storage: deps.storage,
    stats: deps.stats,
    accepted,
    sleep: deps.sleep,
    now: deps.now,
    ...(deps.signal ? { signal: deps.signal } : {}),
    onProgress: deps.onVerifying,
    onJudged: deps.onJudged,
  });
}

/** Follow an attempt the service accepted (upload answer, ended stream) to the next page. */
export async function followAccepted(accepted: AcceptedAttempt, deps: FollowDeps): Promise<SubmitResult> {
  return submitResultOf(await followWith(accepted, deps));
}

/** Upload a checked recording, follow the accepted attempt and settle its verdict. */
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
    prompts: recording.prompts,
    light: recording.light,
    stats: deps.stats,
  });
  if (!sent.ok) {
    return KEEP_RECORDING_STATUSES.has(sent.status)
      ? { to: "uploadFailed", status: sent.status, detail: sent.detail }
      : { to: "error", status: sent.status };
  }
  deps.onUploaded({ attempts: sent.attempts, bytesSent: sent.bytesSent, bytes: recording.blob.size });
  return followAccepted(sent.state, deps);
}
