/**
 * Downgrade bookkeeping of spec §3 and §4 as immer recipes over the session state, so the
 * session store (src/session/sessionState.ts) applies them, persists the result and the
 * device-info string (spec §3) reports it.
 *
 * @example session.update((draft) => recordFrontError(draft, "trtc", capture.frontErrorThreshold))
 */
import type { Draft } from "immer";
import {
  DOWNGRADE_REASONS,
  type DeviceMode,
  type DowngradeReason,
  type H5confCode,
  type SessionState,
} from "../../schemas/session";
import type { CaptureKind } from "./contract";
import { SHIPPED_CAPTURE_KINDS } from "./kinds/shipped";

/**
 * Record a downgrade reason once: the device-info string lists why modes were given up,
 * and the same reason twice (say a second front error past the threshold) tells nothing new.
 */
export function recordDowngrade(draft: Draft<SessionState>, reason: DowngradeReason): void {
  if (!draft.deviceInfo.h5downgrade.includes(reason)) draft.deviceInfo.h5downgrade.push(reason);
}

/**
 * Count one front-end error of a real-time mode; at `threshold` errors (spec §4: 2) the mode
 * is marked unsupported and trtcFrontError / websocketFrontError is recorded.
 */
export function recordFrontError(draft: Draft<SessionState>, mode: "trtc" | "ws", threshold: number): void {
  if (mode === "trtc") {
    draft.trtcFrontErrorTimes += 1;
    if (draft.trtcFrontErrorTimes >= threshold) {
      draft.supportTrtc = false;
      recordDowngrade(draft, DOWNGRADE_REASONS.trtcFrontError);
    }
  } else {
    draft.wsFrontErrorTimes += 1;
    if (draft.wsFrontErrorTimes >= threshold) {
      draft.supportWs = false;
      recordDowngrade(draft, DOWNGRADE_REASONS.websocketFrontError);
    }
  }
}

/**
 * Spec §4 "Camera unsupported, or neither mode supported": both real-time modes are marked
 * unsupported and the reason recorded, so the next choice falls back to plain recording.
 */
export function markRealtimeUnsupported(draft: Draft<SessionState>, reason: DowngradeReason): void {
  draft.supportTrtc = false;
  draft.supportWs = false;
  recordDowngrade(draft, reason);
}

/**
 * Record an h5conf code (a mode opened or closed, which mode went first). Kept in order as
 * a history, but the code just recorded is not repeated: a page that re-renders or retries
 * the same mode would otherwise grow the device-info string without new information.
 */
export function recordH5conf(draft: Draft<SessionState>, code: H5confCode): void {
  const codes = draft.deviceInfo.h5conf;
  if (codes[codes.length - 1] !== code) codes.push(code);
}

/** Set the device mode in use (spec §3: trtc 1, websocket 2, video 3). */
export function setDeviceMode(draft: Draft<SessionState>, mode: DeviceMode): void {
  draft.deviceInfo.trtc = mode;
}

/** The device mode of a shipped capture kind, its descriptor's trait (every non-streaming kind records a video, 3). */
export function deviceModeOf(kind: CaptureKind): DeviceMode {
  return SHIPPED_CAPTURE_KINDS[kind].traits.deviceMode;
}
