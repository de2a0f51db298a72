/**
 * The instruction at the top of a recording page, from the liveness check and will mode:
 * a heading, a line of detail and, for actions, the asked-for actions as chips.
 */
import type { LaunchParams } from "../../../schemas/launch";
import type { LiveMode } from "../../engine/modes";
import type { Texts } from "../FlowProvider";
import { actionCodesOf } from "./startPlan";

export interface RecorderCopy {
  heading: string;
  detail: string;
  /** Action names in order (action mode with traditional_action). */
  chips: string[];
}

export function recorderCopyOf(liveMode: LiveMode, will: boolean, launch: LaunchParams, texts: Texts): RecorderCopy {
  const t = texts.recorder;
  const chips = liveMode === "action" ? actionCodesOf(launch).map((code) => texts.actions[code]) : [];
  if (will) return { heading: t.willHeading, detail: t.willDetail, chips };
  switch (liveMode) {
    case "number":
      return { heading: t.numberHeading, detail: t.numberDetail, chips };
    case "action":
      return { heading: t.actionHeading, detail: t.actionDetail, chips };
    case "silent":
      return { heading: t.silentHeading, detail: t.silentDetail, chips };
  }
}
