/**
 * The condition language of the flow files: a predicate named by string (optionally with
 * arguments), combined with all / any / not. The names are checked against the predicate
 * registry at build time, so a misspelt predicate fails the build instead of being false.
 *
 * @example { "all": ["targetNeedsLoginOrCookie", { "not": "hasOrderNoCookie" }] }
 * @example { "pred": "launchEquals", "args": { "key": "auth_type", "value": "1" } }
 */
import * as z from "zod/mini";

export const predicateArgsSchema = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]));
export type PredicateArgs = z.infer<typeof predicateArgsSchema>;

export type Condition =
  | string
  | { pred: string; args?: PredicateArgs }
  | { all: Condition[] }
  | { any: Condition[] }
  | { not: Condition };

export const conditionSchema: z.ZodMiniType<Condition> = z.lazy(() =>
  z.union([
    z.string().check(z.minLength(1)),
    z.strictObject({ pred: z.string().check(z.minLength(1)), args: z.optional(predicateArgsSchema) }),
    z.strictObject({ all: z.array(conditionSchema).check(z.minLength(1)) }),
    z.strictObject({ any: z.array(conditionSchema).check(z.minLength(1)) }),
    z.strictObject({ not: conditionSchema }),
  ]),
);
