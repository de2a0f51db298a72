/**
 * From what a handler gave, or a stored pending attempt, to the verdict and the next page.
 * A recording in hand: what on-device face guidance saw comes first (a recording whose checks
 * were not seen done ends in the action-failure view, and failing again and again is the
 * catalogue's face error), then the check of spec §5, then the upload with its bounded retry;
 * a recording whose upload got no answer is kept for resend. The recording pages and the
 * real-time video page hand over through this one path. An attempt the service accepted (an
 * upload's, an ended stream's, a reload's) is followed while the service verifies it, and its
 * verdict settled.
 */
import type { ErrorStatus } from "../../../schemas/errors";
import type { AcceptedAttempt } from "../../capture/awaitVerdict";
import type { CaptureKind, CaptureOutcome, CaptureRequest } from "../../capture/contract";
import type { RecordingKind } from "../../domain/validateRecording";
import type { AttemptAction } from "./attemptState";
import type { AttemptDeps, AttemptExit } from "./ports";
import { checkRecordingBeforeUpload, followAccepted, followWith, submitRecording, submitResultOf, type FollowDeps, type Recording, type SubmitResult } from "./submit";

interface HandOverContext {
  deps: AttemptDeps;
  dispatch(action: AttemptAction): void;
  /** The page is still shown. */
  isLive(): boolean;
  /** This showing's signal: a wait for a verdict stops with it (the stored attempt resumes it). */
  signal(): AbortSignal | undefined;
  leave(exit: AttemptExit): void;
  /** What a broken upload (not a refusal) shows: the page's crash screen. */
  crash: ErrorStatus;
}

interface HandOver {
  /** A handler of `kind` handed over a recording made for `asked`. */
  received(kind: CaptureKind, outcome: Extract<CaptureOutcome, { kind: "recording" }>, asked: CaptureRequest): void;
  /** The service took the attempt on (an ended stream): follow it to its verdict. */
  accepted(accepted: AcceptedAttempt): void;
  /** A reload found `attempt` pending: wait for its verdict; `unknown` when the service does not know it. */
  resume(attempt: number, unknown: () => void): void;
  /** Sends the kept recording again. */
  resend(): void;
  /** The page leaves: the kept recording goes. */
  forget(): void;
}

export function createHandOver(ctx: HandOverContext): HandOver {
  const { deps, dispatch, leave } = ctx;
  /** The recording of an upload that got no answer, for resend. */
  let kept: Recording | null = null;
  /** Its device-info string (spec §3), sent with it; undefined when it could not be built. */
  let keptDeviceInfo: string | undefined;
  let guidanceFailures = 0;

  const followDeps = (): FollowDeps => {
    const signal = ctx.signal();
    return {
      api: deps.api,
      storage: deps.storage,
      stats: deps.stats,
      sleep: (ms) => new Promise<void>((resolve) => void deps.clock.setTimeout(resolve, ms)),
      now: () => deps.clock.now(),
      ...(signal ? { signal } : {}),
      onVerifying: ({ step, progress }) => dispatch({ type: "verifying", step, progress }),
      onJudged: () => dispatch({ type: "settling" }),
    };
  };

  /** Where a submission leads: the next page, or the kept recording's resend or give-up. */
  const finish = (result: SubmitResult) => {
    if (!ctx.isLive() || result.to === "left") return;
    if (result.to === "uploadFailed") {
      deps.stats.record("uploadFailed", { status: result.status, detail: result.detail });
      return dispatch({ type: "uploadFailed", status: result.status });
    }
    leave(result.to === "error" ? { to: "error", status: result.status } : { to: result.to });
  };

  /** The service's API with the device-info string added to the upload's meta. */
  const apiSending = (deviceInfo: string | undefined): Pick<AttemptDeps["api"], "upload" | "attemptState" | "result"> => ({
    upload: (meta, video, options) => deps.api.upload(deviceInfo === undefined ? meta : { ...meta, deviceInfo }, video, options),
    attemptState: (...args) => deps.api.attemptState(...args),
    result: (...args) => deps.api.result(...args),
  });

  const send = (recording: Recording) => {
    void submitRecording(recording, {
      ...followDeps(),
      api: apiSending(keptDeviceInfo),
      limits: deps.limits,
      platform: deps.platform,
      random: deps.random,
      onUploading: () => dispatch({ type: "uploading" }),
      onProgress: (fraction) => dispatch({ type: "uploadProgress", fraction }),
      onUploaded: (report) => {
        deps.stats.record("uploadDone", report);
        // Nothing said yet about where the service stands; its answer follows at once.
        dispatch({ type: "verifying", step: null, progress: 0 });
      },
    }).then(finish, (error: unknown) => {
      deps.stats.record("uploadCrashed", { detail: String(error) });
      finish({ to: "error", status: ctx.crash });
    });
  };

  const upload = (recording: Recording, asked: CaptureRequest) => {
    const verdict = checkRecordingBeforeUpload(recording, asked, { limits: deps.limits, platform: deps.platform });
    if (!verdict.ok) {
      deps.stats.record("recordingRefused", { status: verdict.status, detail: verdict.detail });
      return leave({ to: "error", status: verdict.status });
    }
    kept = recording;
    // The device and the modes that led to this recording (spec §3): sent with it for staff,
    // and in the analytics; a string that could not be built does not hold the recording back.
    void deps.describeDevice().then(
      (info) => {
        deps.stats.record("handOverDevice", { info });
        return info;
      },
      (error: unknown) => {
        deps.stats.record("handOverDeviceUnknown", { detail: String(error).slice(0, 200) });
        return undefined;
      },
    ).then((info) => {
      if (kept !== recording) return;
      keptDeviceInfo = info;
      send(recording);
    });
  };

  const received = (kind: CaptureKind, outcome: Extract<CaptureOutcome, { kind: "recording" }>, asked: CaptureRequest) => {
    const recordingKind: RecordingKind = kind === "fileInput" || kind === "wxVideo" ? kind : "recorder";
    // A recording made outside the page has no clock the page saw: its prompts were all shown before.
    const prompts = recordingKind === "recorder" ? deps.prompts.recorded() : deps.prompts.shownBefore(asked);
    // A picked file whose metadata could not be read reports 0: its duration is the service's to judge.
    const durationMs = recordingKind === "recorder" || outcome.durationMs > 0 ? outcome.durationMs : null;
    // The light is shown only around an in-page recording, on the same clock as its prompts.
    const light = recordingKind === "recorder" && asked.light ? deps.prompts.light?.() : undefined;
    const recording: Recording = { kind: recordingKind, blob: outcome.blob, mimeType: outcome.mimeType, durationMs, prompts, ...(light ? { light } : {}) };
    dispatch({ type: "checking" });
    // What guidance saw comes first: "no face" helps more than a size or duration refusal.
    void deps.guidance.settle().then(
      (settled) => {
        deps.guidance.detach();
        if (!ctx.isLive()) return;
        if (settled.kind === "failed") {
          guidanceFailures += 1;
          deps.stats.record("guidanceFailed", { reason: settled.reason, count: guidanceFailures });
          // Failing again and again is the catalogue's "face repeatedly not recognised".
          if (guidanceFailures >= deps.limits.face.guidance.maxFailures) return leave({ to: "error", status: "trtc_faceFailed" });
          return dispatch({ type: "guidanceFailed", reason: settled.reason });
        }
        upload({ ...recording, evidence: settled.evidence }, asked);
      },
      () => {
        // Guidance broke on the way out: the recording itself is fine, send it without evidence.
        deps.guidance.detach();
        if (ctx.isLive()) upload(recording, asked);
      },
    );
  };

  return {
    received,
    accepted(accepted) {
      dispatch({ type: "verifying", step: null, progress: 0 });
      void followAccepted(accepted, followDeps()).then(finish, () => finish({ to: "error", status: "exception" }));
    },
    resume(attempt, unknown) {
      const signal = ctx.signal();
      deps.stats.record("verdictResumed", { attempt });
      dispatch({ type: "verifying", step: null, progress: 0 });
      void followWith({ state: "accepted", attempt }, followDeps()).then(
        (followed) => {
          if (signal?.aborted) return;
          // A number the service does not know (another session's, an old one): arrive as usual.
          if (followed.next === "unknownAttempt") return unknown();
          finish(submitResultOf(followed));
        },
        () => finish({ to: "error", status: "exception" }),
      );
    },
    resend() {
      if (kept) send(kept);
    },
    forget() {
      kept = null;
    },
  };
}
