/**
 * A real-time page's policy (attemptPolicy.ts), for real-time video (trtc) or the frame
 * stream (ws): the page chooses the kind again on arrival and forwards when it is another's
 * (realtimeArrival.ts); its handler's code loads at the tap. A failure counts against the
 * mode, which leads to its error screen or, the mode given up, to the next kind's page
 * (cameraFailure.ts); a crash is the mode's own error. No face guidance runs here, and the
 * stream, which carries no voice, sends the light's alternative to the recording page.
 */
import type { RealtimeMode } from "../../domain/modes";
import type { AttemptPolicy } from "./attemptPolicy";
import { afterRealtimeFailure, type Failed } from "./cameraFailure";
import { arriveRealtime } from "./realtimeArrival";

/** What a crash counts as: real-time video's own code; on the stream, one more front error. */
const CRASH: Record<RealtimeMode, Failed> = {
  trtc: { kind: "failed", status: "trtc_exception" },
  ws: { kind: "failed", status: "exception", frontError: true },
};

export function realtimePolicy(mode: RealtimeMode): AttemptPolicy {
  return {
    async prepare(deps, options) {
      const arrived = await arriveRealtime(deps, options, mode);
      if (arrived.ok === "forward") return { ok: false, exit: { to: "kind", kind: arrived.to } };
      if (arrived.ok === false) return { ok: false, exit: { to: "error", status: arrived.status } };
      return { ...arrived, factory: null, guidance: false };
    },
    leavesAtFailure: true,
    afterFailure(deps, _kind, failure) {
      return afterRealtimeFailure(deps, mode, failure).then(
        (step) => ({ to: "leave", exit: step.kind === "error" ? { to: "error", status: step.status } : { to: "kind", kind: step.to } }),
        () => ({ to: "leave", exit: { to: "error", status: "exception" } }),
      );
    },
    crash: CRASH[mode],
    alternativeElsewhere: mode === "ws" ? "recorder" : null,
    beforeCountdown: null,
    started: () => undefined,
    cameraReady: () => undefined,
  };
}
