/**
 * What a real-time page records about its mode (spec §3 codes, §4 mode choice and
 * downgrade), as pure functions and immer recipes over the session state, so the two
 * real-time pages and their tests agree on every code. (The page each kind goes to is its
 * descriptor's route, src/capture/kinds/; the device mode its descriptor's trait.)
 *
 * - The h5conf codes of the choice: which modes opened and closed, and which went first when
 *   both were enabled; the device mode in use.
 * - A failed attempt: the downgrade reason it carries, or one more front error (spec §4:
 *   at the threshold the mode is given up), and then either the next mode or an error page.
 */
import type { Draft } from "immer";
import type { LaunchParams } from "../../../schemas/launch";
import type { ErrorStatus } from "../../../schemas/errors";
import {
  DOWNGRADE_REASONS,
  H5CONF_CODES,
  type DowngradeReason,
  type H5confCode,
  type SessionState,
} from "../../../schemas/session";
import type { CaptureKind, CaptureOutcome } from "../../capture/contract";
import { deviceModeOf, markRealtimeUnsupported, recordDowngrade, recordFrontError, recordH5conf, setDeviceMode } from "../../capture/downgrade";
import { videoProfileOf } from "../../capture/trtc/videoProfile";
import type { CameraFacts } from "./ports";
import { isRtcEnabled, isWillMode, isWsEnabled, realtimeModeOrder, type RealtimeMode } from "../../domain/modes";

/**
 * Spec §4 "Camera unsupported": without the page's camera neither real-time mode can run, so
 * both are given up, with the reason of spec §3 that says why:
 * - no camera API at all (insecure context, old browser): webcamOtherError (12);
 * - the browser is on the camera-input eligibility list (spec §5, a front-end list of browser
 *   cores whose capture is broken) while real-time video was still on: the front end
 *   degrades real-time video for its core, wxTrtcFrontCoreDegrade (3) in a messaging-app
 *   browser, h5TrtcFrontCoreDegrade (4) elsewhere. The websocket mode given up by the same
 *   list has no reason of its own in spec §3 (websocketBlacklist, 8, is a websocket-only
 *   list faceflow does not have), so none is recorded for it.
 */
function giveUpRealtimeForCamera(draft: Draft<SessionState>, launch: LaunchParams, facts: CameraFacts): void {
  const trtcWasOn = isRtcEnabled(launch) && draft.supportTrtc;
  draft.supportTrtc = false;
  draft.supportWs = false;
  if (!facts.cameraApi) return recordDowngrade(draft, DOWNGRADE_REASONS.webcamOtherError);
  if (trtcWasOn) recordDowngrade(draft, facts.inMessagingApp === true ? DOWNGRADE_REASONS.wxTrtcFrontCoreDegrade : DOWNGRADE_REASONS.h5TrtcFrontCoreDegrade);
}

/** The h5conf codes of a choice, in the order they are recorded. */
function choiceCodes(kind: CaptureKind, launch: LaunchParams): H5confCode[] {
  const rtc = isRtcEnabled(launch);
  const ws = isWsEnabled(launch);
  const will = isWillMode(launch);
  const codes: H5confCode[] = [];
  if (rtc && ws) codes.push(realtimeModeOrder(launch)[0] === "ws" ? H5CONF_CODES.firstModeWs : H5CONF_CODES.firstModeTrtc);
  if (kind === "trtc") return [...codes, will ? H5CONF_CODES.willTrtcOpen : H5CONF_CODES.trtcOpen];
  codes.push(will ? H5CONF_CODES.willTrtcClose : H5CONF_CODES.trtcClose);
  if (kind === "websocket") return [...codes, H5CONF_CODES.websocketOpen];
  return [...codes, H5CONF_CODES.websocketClose, H5CONF_CODES.videoOpen];
}

/**
 * Record the capture kind chosen on a real-time page. The page that forwards and the page it
 * forwards to both choose; the second finds the same codes at the end and adds nothing.
 * @example session.update((draft) => recordRealtimeChoice(draft, "websocket", launch, { cameraApi: true, cameraEligible: true }))
 */
export function recordRealtimeChoice(draft: Draft<SessionState>, kind: CaptureKind, launch: LaunchParams, facts: CameraFacts): void {
  const realtime = kind === "trtc" || kind === "websocket";
  // Spec §4: without the page's camera neither real-time mode can run; both are given up.
  if (!realtime && (isRtcEnabled(launch) || isWsEnabled(launch)) && (draft.supportTrtc || draft.supportWs) && !(facts.cameraApi && facts.cameraEligible)) {
    giveUpRealtimeForCamera(draft, launch, facts);
  }
  const codes = choiceCodes(kind, launch);
  const recorded = draft.deviceInfo.h5conf;
  const alreadyRecorded = recorded.length >= codes.length && codes.every((code, i) => recorded[recorded.length - codes.length + i] === code);
  if (!alreadyRecorded) for (const code of codes) recordH5conf(draft, code);
  setDeviceMode(draft, deviceModeOf(kind));
  // Spec §3: the session holds the real-time video profile, from rtc_resolution.
  if (kind === "trtc") draft.videoProfile = videoProfileOf(launch);
}

type Failed = Extract<CaptureOutcome, { kind: "failed" }>;

const CAMERA_REASONS: ReadonlySet<DowngradeReason> = new Set([
  DOWNGRADE_REASONS.webcamNoPermissionQuickly,
  DOWNGRADE_REASONS.webcamNoPermissionNormally,
  DOWNGRADE_REASONS.webcamNoPermissionTimeout,
  DOWNGRADE_REASONS.webcamOtherError,
]);

/**
 * Record a failed attempt of a real-time mode: its downgrade reason, or one more front error.
 * A mode check that says "not here" gives that mode up at once; a camera that never answered
 * gives up both (spec §4 retry rule: asking again would hang again).
 */
export function recordRealtimeFailure(draft: Draft<SessionState>, mode: RealtimeMode, outcome: Failed, threshold: number): void {
  const reason = outcome.downgrade;
  if (reason === DOWNGRADE_REASONS.trtcSdkCheckNoSupport || reason === DOWNGRADE_REASONS.websocketCheckNoSupport) {
    if (mode === "trtc") draft.supportTrtc = false;
    else draft.supportWs = false;
    recordDowngrade(draft, reason);
    return;
  }
  if (reason === DOWNGRADE_REASONS.webcamNoPermissionTimeout) return markRealtimeUnsupported(draft, reason);
  if (reason !== undefined && CAMERA_REASONS.has(reason)) return recordDowngrade(draft, reason);
  if (reason !== undefined) recordDowngrade(draft, reason);
  if (outcome.frontError) recordFrontError(draft, mode, threshold);
}

type FailureStep =
  /** The mode is given up: choose again and go to the next mode's page. */
  | { kind: "downgrade" }
  /** Show the error page; its retry starts the flow again. */
  | { kind: "error"; status: ErrorStatus };

/**
 * What follows a failure, from the state after recordRealtimeFailure. A camera refusal
 * always shows its screen (the user has to act); otherwise a mode given up moves on.
 */
export function stepAfterFailure(mode: RealtimeMode, outcome: Failed, state: SessionState): FailureStep {
  const reason = outcome.downgrade;
  if (reason !== undefined && CAMERA_REASONS.has(reason)) return { kind: "error", status: outcome.status };
  const supported = mode === "trtc" ? state.supportTrtc : state.supportWs;
  return supported ? { kind: "error", status: outcome.status } : { kind: "downgrade" };
}
