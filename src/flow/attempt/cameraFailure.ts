/**
 * What a page does when its handler failed, by page family.
 *
 * Recording pages: record the downgrade reason (and a front error of a streaming kind) in the
 * session state, then either switch the page to recording a video file — for a permission
 * never answered (spec §4 retry rule) or a browser that found no camera — or show the
 * failure's error screen. A messaging-app JS config the app refused (spec §8) is a statistic
 * only: the page records with the next kind.
 *
 * Real-time pages: record the failure against the mode (recordRealtimeFailure: its downgrade
 * reason, or one more front error), then either go on to the page of the kind chosen now
 * (the mode was given up) or show the failure's error screen (stepAfterFailure).
 */
import type { ErrorStatus } from "../../../schemas/errors";
import type { CaptureDeps, CaptureHandlerFactory, CaptureKind, CaptureOutcome } from "../../capture/contract";
import { recordDowngrade, recordFrontError } from "../../capture/downgrade";
import { permissionRetryPlan } from "../../capture/permission";
import type { RealtimeMode } from "../../domain/modes";
import type { SwitchReason } from "./attemptState";
import type { AttemptDeps } from "./ports";
import { loadHandler } from "./prepare";
import { chooseAndRecordRealtime } from "./realtimeArrival";
import { recordRealtimeFailure, stepAfterFailure } from "./realtimeRecords";

export type Failed = Extract<CaptureOutcome, { kind: "failed" }>;

type CameraFailureStep =
  | { kind: "switch"; to: CaptureKind; factory: CaptureHandlerFactory<CaptureDeps>; reason: SwitchReason }
  | { kind: "forward"; to: CaptureKind }
  | { kind: "error"; status: ErrorStatus };

/** A recording page's handler failed (`kind`: the one that ran). */
export async function afterCameraFailure(deps: AttemptDeps, kind: CaptureKind, failure: Failed): Promise<CameraFailureStep> {
  if (failure.unusable !== undefined && kind === "wxVideo") return afterWxConfigFailure(deps, failure.unusable);
  const reason = failure.downgrade;
  deps.stats.record("captureFailed", { kind, status: failure.status, reason: reason ?? 0 });
  const store = await deps.sessionState();
  store.update((draft) => {
    if (reason !== undefined) recordDowngrade(draft, reason);
    if (failure.frontError && (kind === "trtc" || kind === "websocket")) recordFrontError(draft, kind === "trtc" ? "trtc" : "ws", deps.limits.frontErrorThreshold);
  });
  const timedOut = reason !== undefined && permissionRetryPlan(reason).toNonRealtime;
  // A camera API without a camera (NotFoundError) is not a dead end either: a video file still is.
  const noCamera = kind === "recorder" && failure.status === "browserNotSupport";
  if (!timedOut && !noCamera) return { kind: "error", status: failure.status };
  // Asking again would hang or fail again: the system camera records instead (spec §4).
  const to = timedOut ? (await deps.chooseKind("recording")).kind : "fileInput";
  return { kind: "switch", to, factory: await loadHandler(deps, to), reason: timedOut ? "permissionTimeout" : "noCamera" };
}

/**
 * The messaging app refused its JS config (spec §8: config errors go to analytics only): a
 * statistic, its camera marked unusable for the session, and the page records with the kind
 * chosen now (the in-page recorder or the file input) instead of showing an error.
 */
async function afterWxConfigFailure(deps: AttemptDeps, what: string): Promise<CameraFailureStep> {
  deps.stats.record("wxConfigFailed", { what });
  const store = await deps.sessionState();
  store.update((draft) => {
    draft.wxCameraUnusable = true;
  });
  const to = (await deps.chooseKind("recording")).kind;
  return { kind: "switch", to, factory: await loadHandler(deps, to), reason: "kindUnusable" };
}

/** A real-time page's handler failed. */
export async function afterRealtimeFailure(deps: AttemptDeps, mode: RealtimeMode, failure: Failed): Promise<Exclude<CameraFailureStep, { kind: "switch" }>> {
  const session = await deps.sessionState();
  const after = session.update((draft) => recordRealtimeFailure(draft, mode, failure, deps.limits.frontErrorThreshold));
  deps.stats.record("realtimeFailed", { mode, status: failure.status, downgrade: failure.downgrade ?? 0, frontError: failure.frontError ?? false });
  const step = stepAfterFailure(mode, failure, after);
  return step.kind === "downgrade" ? { kind: "forward", to: await chooseAndRecordRealtime(deps) } : step;
}
