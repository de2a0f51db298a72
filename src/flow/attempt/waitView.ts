/**
 * The wait after a capture, one view model for every capture page: from the recording handed
 * over (checked, then sent) through the service's verification to the verdict being fetched.
 * What the page shows then is this status, over the last picture recorded (useCameraPreview's
 * still), so the page does not look as if it started over.
 *
 * One bar for the whole wait, which never goes back (the reducer holds both figures): sending
 * the recording takes its first UPLOAD_SHARE, in proportion to the bytes sent; the service's
 * work the rest, in proportion to the figure it reports (each step weighted by its measured
 * cost, src/server/verify/verifyProgress.ts; 0 while the attempt waits in its queue). Texts are
 * named by key (textRef.ts); src/ui/screens/recording/VerifyingProgress.tsx renders them.
 */
import type { AttemptState } from "./attemptState";
import type { TextRef } from "./textRef";

/**
 * The bar's part for sending the recording. How long that takes depends on the network, which
 * neither side knows beforehand: a 5 s recording (at most about 0.66 MB at the recorder's
 * 1 Mbit/s ceiling, recorderFormat.ts) takes up to about 3 s on the throttled phone profile
 * (1.6 Mbit/s, docs/sizeAndSpeed.md) and well under a second on Wi-Fi, while the service's work
 * on it takes 2 to 3.5 s on this machine (docs/verificationCost.md). A quarter lies between.
 */
export const UPLOAD_SHARE = 0.25;

/** Where the wait is, as the line under the title says it. */
export type WaitStatus = TextRef<"capture" | "verifying" | "verifySteps">;

export interface WaitView {
  status: WaitStatus;
  /** 0..1 of the whole wait. */
  fraction: number;
  /** The service has the recording: the hint says it was submitted, not that it is being sent. */
  submitted: boolean;
}

const clamp = (x: number) => Math.min(1, Math.max(0, x));

/** The wait in this state, or null when the page is not waiting for a verdict. */
export function selectWait(state: Pick<AttemptState, "phase">): WaitView | null {
  const { phase } = state;
  switch (phase.name) {
    case "checking":
      return { status: { section: "capture", key: "checking" }, fraction: 0, submitted: false };
    case "uploading":
      return { status: { section: "capture", key: "uploading" }, fraction: UPLOAD_SHARE * clamp(phase.fraction), submitted: false };
    case "verifying":
      return {
        // No step yet: the page has asked where the attempt stands (a stream just ended, a reload).
        status: phase.step === null ? { section: "verifying", key: "waiting" } : { section: "verifySteps", key: phase.step },
        fraction: UPLOAD_SHARE + (1 - UPLOAD_SHARE) * clamp(phase.progress),
        submitted: true,
      };
    case "settling":
      return { status: { section: "capture", key: "settling" }, fraction: 1, submitted: true };
    case "preparing":
    case "ready":
    case "opening":
    case "picking":
    case "preview":
    case "countdown":
    case "recording":
    case "guidanceFailed":
    case "uploadFailed":
    case "leaving":
      return null;
  }
}
