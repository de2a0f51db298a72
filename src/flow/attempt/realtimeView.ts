/**
 * The real-time pages' view models (/action/trtc/record, /action/ws/record), as pure
 * selectors over the attempt's state: the line under the viewport, the foot (start, stop,
 * kept recording), and whether the page says what it will use. Texts are named by key
 * (textRef.ts); src/ui/screens/realtime/RealtimeStage.tsx renders them.
 */
import type { RealtimeMode } from "../../domain/modes";
import type { AttemptState } from "./attemptState";
import type { TextKey, TextRef } from "./textRef";

/** The foot of a real-time page. */
export type RealtimeFoot =
  /** The start button; disabled, saying it starts, while the camera opens. */
  | { kind: "start"; enabled: boolean; label: Extract<TextKey<"realtime">, "start" | "starting"> }
  /** The stop button, while recording or streaming. */
  | { kind: "stop" }
  /** An upload got no answer and its recording is kept: resend or give up. */
  | { kind: "kept" }
  | { kind: "none" };

/** The line under a real-time page's viewport: what is happening; null when the page shows none. */
export function selectRealtimeHint(state: AttemptState, mode: RealtimeMode): TextRef<"realtime"> | null {
  const { phase } = state;
  const realtime = (key: TextKey<"realtime">): TextRef<"realtime"> => ({ section: "realtime", key });
  switch (phase.name) {
    case "preparing":
      return realtime("preparing");
    case "ready":
      return realtime("readyHint");
    case "opening":
      return realtime("openingHint");
    case "preview":
      return realtime("previewHint");
    case "countdown":
      return { section: "realtime", key: "countdownHint", fill: { seconds: String(phase.secondsLeft) } };
    case "recording":
      // The action asked now is the prompt's (CapturePrompt); this line says what the page does.
      return realtime(mode === "ws" ? "streamingHint" : "recordingHint");
    // The 核验中 view (waitView.ts) says where the wait is: sending, the service's steps, the verdict.
    case "checking":
    case "uploading":
    case "verifying":
    case "settling":
      return null;
    case "leaving":
      return realtime("leavingHint");
    // Shown by the recording pages only (the file input, face guidance), and the kept
    // recording's resend or give-up, which the foot offers.
    case "picking":
    case "guidanceFailed":
    case "uploadFailed":
      return null;
  }
}

/** The foot of a real-time page in this state. */
export function selectRealtimeFoot(state: AttemptState): RealtimeFoot {
  switch (state.phase.name) {
    case "ready":
      return { kind: "start", enabled: true, label: "start" };
    case "opening":
      return { kind: "start", enabled: false, label: "starting" };
    case "recording":
      return { kind: "stop" };
    case "uploadFailed":
      return { kind: "kept" };
    // Preparing, the camera's first picture and 3-2-1, and from the hand-over on: the hint and
    // the progress say what happens, and there is nothing to press.
    case "preparing":
    case "picking":
    case "preview":
    case "countdown":
    case "checking":
    case "uploading":
    case "guidanceFailed":
    case "verifying":
    case "settling":
    case "leaving":
      return { kind: "none" };
  }
}

/** The page says what it will use (camera, or camera and microphone) until the user starts. */
export function selectShowsNeeds(state: AttemptState): boolean {
  return state.phase.name === "ready" || state.phase.name === "preparing";
}
