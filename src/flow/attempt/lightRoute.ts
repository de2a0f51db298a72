/**
 * The light challenge's route through one recording page (light modes: the order config's
 * `light.required`). The notice comes first, before anything flashes; then either the light
 * (GET /api/v1/light, right before recording: the request carries the sequence the page shows
 * around the face) or, for a user who must not see flashing light, the alternative the
 * definitions name (number mode: GET /api/v1/digits?route=lightAlternative, digits read aloud,
 * judged by the service in number mode). A browser asking for reduced motion goes straight to
 * the alternative and never sees the notice's colours; nobody is passed without a check.
 */
import type { OrderConfig } from "../../../schemas/api";
import type { LightChallenge } from "../../../schemas/lightChallenge";
import type { AttemptDeps } from "./ports";

export type LightStep =
  /** The notice is up: what will happen, that looking away is safe, and the opt-out. */
  | { step: "notice"; alternative: boolean }
  /** The user chose; the sequence or the alternative's digits are on their way. */
  | { step: "fetching" }
  /** The request carries the sequence: recording shows it. */
  | { step: "light" }
  /** Number mode instead: no light at all. */
  | { step: "alternative" };

export type LightChoice = "light" | "alternative";

/** What the page learnt of the light when it prepared: null when the mode shows none. */
export interface LightPlan {
  /** The definitions name an alternative route for this mode. */
  alternative: boolean;
  /** Go to the alternative without the notice: the browser asks for reduced motion, or the kind records outside the page (it cannot show colours). */
  straightToAlternative: boolean;
}

/** The CSS media query of a user who asked their system for less motion (and so, no flashing). */
export const REDUCED_MOTION_QUERY = "(prefers-reduced-motion: reduce)";

export function prefersReducedMotion(win: Pick<Window, "matchMedia">): boolean {
  // An old browser without matchMedia cannot say; the notice still offers the opt-out.
  return typeof win.matchMedia === "function" && win.matchMedia(REDUCED_MOTION_QUERY).matches;
}

export function lightPlanOf(config: Pick<OrderConfig, "light">, facts: { reducedMotion: boolean; showsPage: boolean }): LightPlan | null {
  if (!config.light?.required) return null;
  const alternative = config.light.alternative !== null;
  return { alternative, straightToAlternative: alternative && (facts.reducedMotion || !facts.showsPage) };
}

/** The light's first step for a prepared page, and whether it goes straight to the alternative. */
export function firstLightStep(plan: LightPlan | null): { step: LightStep | null; straight: boolean } {
  if (plan === null) return { step: null, straight: false };
  if (plan.straightToAlternative) return { step: { step: "fetching" }, straight: true };
  return { step: { step: "notice", alternative: plan.alternative }, straight: false };
}

export type LightFetched = { route: "light"; light: LightChallenge } | { route: "alternative"; digits: string };

/** The chosen route's challenge from the service (each call opens the attempt it belongs to). */
export async function fetchLightRoute(deps: Pick<AttemptDeps, "api">, choice: LightChoice): Promise<LightFetched> {
  if (choice === "alternative") return { route: "alternative", digits: (await deps.api.digits(undefined, "lightAlternative")).digits };
  return { route: "light", light: (await deps.api.light()).light };
}
