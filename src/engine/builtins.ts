/**
 * The engine's registries filled with the built-in predicates and actions. Called once at
 * the composition root (src/main.tsx) and by the build-time validation.
 */
import { builtinActions, type Action } from "./actions";
import { builtinPredicates, type Predicate } from "./predicates";
import { createRegistry } from "./registry";
import type { RuleRegistries } from "./runRules";

export function createEngineRegistries(
  extra: { predicates?: Record<string, Predicate>; actions?: Record<string, Action> } = {},
): RuleRegistries {
  return {
    predicates: createRegistry("predicate", { ...builtinPredicates, ...extra.predicates }),
    actions: createRegistry("action", { ...builtinActions, ...extra.actions }),
  };
}
