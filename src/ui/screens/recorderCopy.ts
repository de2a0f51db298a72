/**
 * The instruction at the top of a recording page, from the liveness check and will mode:
 * a heading and a line of detail. What is asked in particular (the digits, the actions in
 * order, the question) is the recording prompt's (recording/CapturePrompt.tsx).
 */
import type { LaunchParams } from "../../../schemas/launch";
import type { LiveMode } from "../../domain/modes";
import type { TextsOf } from "../FlowProvider";

export interface RecorderCopy {
  heading: string;
  detail: string;
}

/** `launch` is kept for the pages that pass it (the copy depends on the check alone). */
export function recorderCopyOf(liveMode: LiveMode, will: boolean, _launch: LaunchParams, texts: TextsOf<"recorder">): RecorderCopy {
  const t = texts.recorder;
  if (will) return { heading: t.willHeading, detail: t.willDetail };
  switch (liveMode) {
    case "number":
      return { heading: t.numberHeading, detail: t.numberDetail };
    case "action":
      return { heading: t.actionHeading, detail: t.actionDetail };
    case "silent":
      return { heading: t.silentHeading, detail: t.silentDetail };
  }
}
