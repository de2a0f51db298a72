/**
 * How a frame stream that ended before the service took it on becomes a failed capture outcome: the
 * error screen to show, and whether it counts as a front error of the websocket mode
 * (spec §4: at 2 the mode is given up for plain recording).
 *
 * A front error is the stream failing in this browser or on this network: the socket
 * breaking, timing out, or the service refusing what the browser sent. A refusal about the
 * order itself (session expired, order finished, digits missing) is not: plain recording
 * would meet the same refusal, so downgrading would not help.
 */
import type { StatsRecorder } from "../../analytics/statsRecorder";
import { screenForApiError } from "../../api/screenForApiError";
import type { ErrorStatus } from "../../../schemas/errors";
import type { CaptureOutcome } from "../contract";

type Failed = Extract<CaptureOutcome, { kind: "failed" }>;

/** Service codes about the order or session rather than the stream. */
const ORDER_CODES: ReadonlySet<string> = new Set([
  "SESSION_INVALID",
  "ORDER_FINISHED",
  "LAUNCH_USED",
  "LAUNCH_EXPIRED",
  "400101",
  "DIGITS_REQUIRED",
  "WRONG_MODE",
]);

/** The service sent `error {code}` and closed the stream. */
export function serviceErrorOutcome(code: string, stats: Pick<StatsRecorder, "record">): Failed {
  const status = screenForApiError({ code }, { stats });
  return ORDER_CODES.has(code) ? { kind: "failed", status } : { kind: "failed", status, frontError: true };
}

/** Why the stream broke on the browser's side. */
type StreamBreak =
  /** The socket could not be opened, or closed before the service took the stream on. */
  | "connection"
  /** No "ready", no acknowledgement, or no "verifying" after end, in time. */
  | "timeout"
  /** The service sent something that is not a message of the protocol. */
  | "protocol"
  /** The camera could not give a picture to encode. */
  | "frames";

const BREAK_STATUS = {
  connection: "seniorException",
  timeout: "seniorTimeout",
  protocol: "exception",
  frames: "trtc_cameraError",
} as const satisfies Record<StreamBreak, ErrorStatus>;

export function streamBreakOutcome(why: StreamBreak): Failed {
  return { kind: "failed", status: BREAK_STATUS[why], frontError: true };
}
