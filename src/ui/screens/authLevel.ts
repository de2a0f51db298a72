/**
 * Which agreement consent a start page asks for (spec §6): none, simple (a tick box) or
 * enhanced (an explicit authorisation step). The levels are conditions in flows/apps.json
 * `authLevels`, evaluated with the engine's own predicates over the page's navigation
 * context, so product staff change them in data like the guard.
 */
import type { RouteDef } from "../../../schemas/routes";
import { createEngineRegistries } from "../../engine/builtins";
import { evaluate } from "../../engine/evaluate";
import { buildNavContext, type FlowRuntime } from "../../runtime/runtime";

type AuthLevel = "none" | "simple" | "enhanced";

export function authLevelOf(rt: FlowRuntime, target: { path: string; route: RouteDef; query: Record<string, string> }): AuthLevel {
  if (!target.route.flags.auth) return "none";
  const ctx = buildNavContext(rt, target);
  const { predicates } = createEngineRegistries();
  // Enhanced first: it is the stronger promise, and the two cannot both hold (auth_type differs).
  if (evaluate(rt.apps.authLevels.enhanced, ctx, predicates)) return "enhanced";
  if (evaluate(rt.apps.authLevels.simple, ctx, predicates)) return "simple";
  return "none";
}
