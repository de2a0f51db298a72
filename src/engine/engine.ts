/**
 * The flow engine: the validated definitions plus the registries, with the two entry points
 * the router calls. React-free, so it is tested as plain functions.
 */
import type { RouteDef } from "../../schemas/routes";
import type { EngineResult, NavContext } from "./context";
import type { Definitions } from "./definitions";
import { runRules, type RuleRegistries } from "./runRules";

export interface Engine {
  readonly definitions: Definitions;
  /** Root redirect of spec §2: where "/" sends this launch, plus effects (auth-code caching). */
  entry(ctx: NavContext): EngineResult;
  /** Navigation guard of spec §2: allow, redirect or leave the app. */
  guard(ctx: NavContext): EngineResult;
  routeByName(name: string): RouteDef;
}

export function createEngine(definitions: Definitions, registries: RuleRegistries): Engine {
  const routesByName = new Map(definitions.routes.routes.map((r) => [r.name, r]));
  const deps = { routesByName };
  return {
    definitions,
    entry(ctx) {
      const pre = runRules(definitions.entry.effects, ctx, registries, deps);
      const main = runRules(definitions.entry.rules, ctx, registries, deps);
      if (main.outcome.kind === "allow") {
        throw new Error("entry rules produced no redirect: the last rule of flows/entry.json must be unconditional");
      }
      return { outcome: main.outcome, effects: [...pre.effects, ...main.effects], trace: [...pre.trace, ...main.trace] };
    },
    guard: (ctx) => runRules(definitions.guard.steps, ctx, registries, deps),
    routeByName(name) {
      const r = routesByName.get(name);
      if (!r) throw new Error(`Unknown route "${name}". Known routes: ${[...routesByName.keys()].join(", ")}`);
      return r;
    },
  };
}
