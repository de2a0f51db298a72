/**
 * flows/entry.json (root redirect, spec §2 "Root redirect") and flows/guard.json
 * (navigation guard, spec §2 "Navigation guard, in order"). Both are ordered lists of
 * steps: a condition, an optional exception, statistics to report and an action, all named
 * by string and cross-checked against the engine's registries at build time.
 */
import * as z from "zod/mini";
import { conditionSchema, predicateArgsSchema } from "./condition";

const actionRefSchema = z.strictObject({
  do: z.string().check(z.minLength(1)),
  args: z.optional(predicateArgsSchema),
});

const ruleSchema = z.strictObject({
  /** Stable id, used in tests and in the debug trace. */
  id: z.string().check(z.regex(/^[a-zA-Z][a-zA-Z0-9_]*$/)),
  /** The spec's wording of the step, kept next to the data for product staff. */
  spec: z.string(),
  when: conditionSchema,
  /** Exceptions: the step does not apply when this holds. */
  unless: z.optional(conditionSchema),
  /** Statistic names reported when the step fires. */
  stats: z.optional(z.array(z.string())),
  then: actionRefSchema,
});
export type Rule = z.infer<typeof ruleSchema>;

export const entryFileSchema = z.strictObject({
  $schema: z.optional(z.string()),
  /** Side effects evaluated before the rules, e.g. caching the auth code (rule 6). */
  effects: z.array(ruleSchema),
  rules: z.array(ruleSchema).check(z.minLength(1)),
});
export type EntryFile = z.infer<typeof entryFileSchema>;

export const guardFileSchema = z.strictObject({
  $schema: z.optional(z.string()),
  steps: z.array(ruleSchema).check(z.minLength(1)),
});
export type GuardFile = z.infer<typeof guardFileSchema>;
