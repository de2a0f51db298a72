/**
 * What a recording page does when its handler could not use the camera: record the
 * downgrade reason (and a front error of a streaming kind) in the session state, then either
 * switch the page to recording a video file — for a permission never answered (spec §4
 * retry rule) or a browser that found no camera — or show the failure's error screen.
 */
import type { ErrorStatus } from "../../../schemas/errors";
import type { CaptureDeps, CaptureHandlerFactory, CaptureKind, CaptureOutcome } from "../../capture/contract";
import { recordDowngrade, recordFrontError } from "../../capture/downgrade";
import { permissionRetryPlan } from "../../capture/permission";
import type { FlowRuntime } from "../../runtime/runtime";
import type { SwitchReason } from "./attemptState";
import { chooseRecordingKind } from "../../ui/screens/recording/chooseCaptureKind";
import { loadHandler } from "./prepare";

type CameraFailureStep =
  | { kind: "switch"; to: CaptureKind; factory: CaptureHandlerFactory<CaptureDeps>; reason: SwitchReason }
  | { kind: "error"; status: ErrorStatus };

export async function afterCameraFailure(rt: FlowRuntime, kind: CaptureKind, failure: Extract<CaptureOutcome, { kind: "failed" }>): Promise<CameraFailureStep> {
  const reason = failure.downgrade;
  rt.stats.record("captureFailed", { kind, status: failure.status, reason: reason ?? 0 });
  const store = await rt.sessionState();
  store.update((draft) => {
    if (reason !== undefined) recordDowngrade(draft, reason);
    if (failure.frontError && (kind === "trtc" || kind === "websocket")) recordFrontError(draft, kind === "trtc" ? "trtc" : "ws", rt.capture.frontErrorThreshold);
  });
  const timedOut = reason !== undefined && permissionRetryPlan(reason).toNonRealtime;
  // A camera API without a camera (NotFoundError) is not a dead end either: a video file still is.
  const noCamera = kind === "recorder" && failure.status === "browserNotSupport";
  if (!timedOut && !noCamera) return { kind: "error", status: failure.status };
  // Asking again would hang or fail again: the system camera records instead (spec §4).
  const to = timedOut ? await chooseRecordingKind(rt) : "fileInput";
  return { kind: "switch", to, factory: await loadHandler(rt, to), reason: timedOut ? "permissionTimeout" : "noCamera" };
}
