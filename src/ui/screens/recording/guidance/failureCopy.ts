/**
 * The action-failure view's title and tip for why on-device guidance failed a recording:
 * an action not seen, a silent check without a steady face, or no usable face at all.
 */
import type { Texts } from "../../../FlowProvider";
import type { GuidanceFailure } from "./guidanceController";

export function guidanceFailureCopy(texts: Texts["guidance"], reason: GuidanceFailure): { title: string; tip: string } {
  switch (reason) {
    case "action":
      return { title: texts.failedTitleAction, tip: texts.failedTipAction };
    case "silent":
      return { title: texts.failedTitleSilent, tip: texts.failedTipSilent };
    case "face":
      return { title: texts.failedTitleFace, tip: texts.failedTipFace };
  }
}
