/**
 * Running the ordered rules of flows/entry.json and flows/guard.json: the first rule whose
 * condition holds (and whose exception does not) decides; statistics and effects of every
 * fired step are collected for the caller to perform.
 */
import type { Rule } from "../../schemas/rules";
import type { EngineEffect, EngineResult, NavContext } from "./context";
import type { Action, ActionDeps } from "./actions";
import type { Predicate } from "./predicates";
import type { Registry } from "./registry";
import { evaluate } from "./evaluate";

export interface RuleRegistries {
  predicates: Registry<Predicate>;
  actions: Registry<Action>;
}

function fires(rule: Rule, ctx: NavContext, reg: RuleRegistries): boolean {
  if (!evaluate(rule.when, ctx, reg.predicates)) return false;
  return !(rule.unless && evaluate(rule.unless, ctx, reg.predicates));
}

/** Run rules in order until one yields an outcome; none yields means allow. */
export function runRules(rules: readonly Rule[], ctx: NavContext, reg: RuleRegistries, deps: ActionDeps): EngineResult {
  const effects: EngineEffect[] = [];
  const trace: string[] = [];
  for (const rule of rules) {
    if (!fires(rule, ctx, reg)) continue;
    const result = reg.actions.get(rule.then.do).run(ctx, rule.then.args ?? {}, deps);
    if (result === null) continue;
    trace.push(rule.id);
    for (const name of rule.stats ?? []) effects.push({ kind: "stat", name, data: { step: rule.id } });
    effects.push(...(result.effects ?? []));
    if (result.outcome) return { outcome: result.outcome, effects, trace };
  }
  return { outcome: { kind: "allow" }, effects, trace };
}
