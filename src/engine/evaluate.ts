/**
 * Evaluation of the flow files' condition language against a navigation context.
 */
import type { Condition } from "../../schemas/condition";
import type { NavContext } from "./context";
import type { Registry } from "./registry";
import type { Predicate } from "./predicates";

/** True when the condition holds; an unknown predicate name throws (never false). */
export function evaluate(cond: Condition, ctx: NavContext, predicates: Registry<Predicate>): boolean {
  if (typeof cond === "string") return predicates.get(cond).test(ctx, {});
  if ("pred" in cond) return predicates.get(cond.pred).test(ctx, cond.args ?? {});
  if ("all" in cond) return cond.all.every((c) => evaluate(c, ctx, predicates));
  if ("any" in cond) return cond.any.some((c) => evaluate(c, ctx, predicates));
  return !evaluate(cond.not, ctx, predicates);
}
