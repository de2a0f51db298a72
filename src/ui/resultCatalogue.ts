/**
 * Resolves the texts of a result page (success or fail; plain, action or silent mode) from
 * flows/results.json (the runtime's loadResults, from the composition root), for what was
 * checked: live, face or will. The file names text keys, looked up in the page's language.
 */
import type { LaunchParams } from "../../schemas/launch";
import type { Texts } from "../../schemas/texts";
import { lookupText } from "../runtime/textKey";
import {
  type ResultAction,
  type ResultKind,
  type ResultMode,
  type ResultOutcome,
  type ResultsFile,
  type ResultVariant,
} from "../../schemas/results";
import { liveModeOf } from "../domain/modes";

/**
 * What the result is about (spec §3, §4): will mode (live_service 2) confirms a will;
 * otherwise redirect_mode 2 is a face verification and 1, or no redirect_mode, a live check.
 */
export function resultKindOf(launch: Pick<LaunchParams, "live_service" | "redirect_mode">): ResultKind {
  if (launch.live_service === "2") return "will";
  return launch.redirect_mode === "2" ? "face" : "live";
}

/** The texts of a result page: its route's mode, silent liveness apart (schemas/results.ts). */
export function resultVariantOf(mode: ResultMode, launch: Pick<LaunchParams, "live_type" | "theme">): ResultVariant {
  return mode === "action" && liveModeOf(launch) === "silent" ? "silent" : mode;
}

interface ResultScreenInput {
  outcome: ResultOutcome;
  variant: ResultVariant;
  kind: ResultKind;
  /** False when retrying is not allowed any more (no-retry set): retry buttons are left out. */
  canRetry?: boolean;
}

interface ResolvedResultScreen {
  outcome: ResultOutcome;
  /** May contain ";" line breaks; ResultView splits it. */
  title: string;
  tips: string;
  /** One or two buttons, the first is the primary one. */
  buttons: ResolvedResultButton[];
}

interface ResolvedResultButton {
  action: ResultAction;
  label: string;
}

/** Texts and buttons of a result page, in the language of `texts` (its section "results"). */
export function resolveResultScreen(input: ResultScreenInput, results: ResultsFile, texts: Pick<Texts, "results">): ResolvedResultScreen {
  const variant = results.outcomes[input.outcome][input.variant];
  const canRetry = input.canRetry ?? true;
  const buttons = [variant.primary, ...(variant.secondary ? [variant.secondary] : [])]
    .filter((button) => canRetry || button.action !== "retry")
    .map((button) => ({ action: button.action, label: lookupText(texts, button.label) }));
  return { outcome: input.outcome, title: lookupText(texts, variant.titles[input.kind]), tips: lookupText(texts, variant.tips[input.kind]), buttons };
}

/** Turns resolved buttons into ResultView buttons; the handlers record is exhaustive over the actions. */
export function bindResultButtons(
  buttons: readonly ResolvedResultButton[],
  handlers: Record<ResultAction, () => void>,
): { label: string; onClick: () => void }[] {
  return buttons.map((button) => ({ label: button.label, onClick: handlers[button.action] }));
}
