/**
 * The recording page's prompts as the user sees them, and when they reached the screen
 * (capture/promptLog.ts), for the upload's `meta.prompts`.
 *
 * The action shown while recording is face guidance's in a guided recording (each action
 * once the one before it was seen done, the first at the recorder's first prompt) and the
 * recorder's timed prompt otherwise; this is
 * the one place that chooses, so the page shows and reports the same action. The times are
 * taken in effects, right after React put the prompt on screen. The digits and the will
 * question are on screen before recording starts, so they are at 0.
 */
import { useCallback, useEffect, useRef } from "react";
import type { CapturePrompt } from "../../../../schemas/api";
import type { CaptureRequest } from "../../../capture/contract";
import { createPromptLog, promptsShownBefore, type PromptLog } from "../../../capture/promptLog";
import type { AttemptPhase } from "../../../flow/attempt/attemptState";
import type { GuidanceView } from "./guidance/guidanceController";

interface ShownPrompts {
  /** The action prompted now (index into request.actions); -1 when none is. */
  actionIndex: number;
  /** What the last in-page recording showed, on its clock. */
  recorded(): CapturePrompt[];
  /** What a recording made outside the page (system camera, messaging app) was shown: all before it began. */
  shownBefore(request: CaptureRequest): CapturePrompt[];
}

export function useShownPrompts(options: { now(): number; phase: AttemptPhase; request: CaptureRequest | null; guidance: GuidanceView }): ShownPrompts {
  const { phase, request, guidance } = options;
  const log = useRef<PromptLog | null>(null);
  if (log.current === null) log.current = createPromptLog(options.now);
  const recording = phase.name === "recording";
  // Guidance's action only once the recorder's first prompt came: with the light shown, action
  // mode holds its first prompt for a lead-in while the head holds still (recordingPlan.ts).
  const actionIndex = !recording || phase.actionIndex < 0 ? -1 : guidance.guided && guidance.actionIndex !== null ? guidance.actionIndex : phase.actionIndex;
  const previousPhase = useRef<AttemptPhase["name"]>(phase.name);

  // Declared before the action effect: React runs a component's effects in order, so a
  // recording's start is logged before its first action.
  useEffect(() => {
    const before = previousPhase.current;
    previousPhase.current = phase.name;
    if (!request || phase.name !== "recording" || before === "recording") return;
    log.current?.recordingStarted();
    if (request.liveMode === "number" && request.digits !== null) log.current?.shown({ what: "digits" });
    if (request.will) log.current?.shown({ what: "question" });
  }, [phase.name, request]);

  useEffect(() => {
    const action = request?.actions[actionIndex];
    if (recording && action !== undefined) log.current?.shown({ what: "action", index: actionIndex, action });
  }, [recording, actionIndex, request]);

  const recorded = useCallback(() => log.current?.prompts() ?? [], []);
  return { actionIndex, recorded, shownBefore: promptsShownBefore };
}
