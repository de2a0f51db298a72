/**
 * flows/checks.json: which server checks judge an attempt, in order, by live type (number "1",
 * action "2", silent "3"), and in will mode (live_service 2) by the same live type. Each name
 * is a check registered in src/server/verify/checks/registry.ts; `npm run validate` refuses an
 * unknown name (listing the known ones), a check listed before one it needs, and a registered
 * check no list names. The service reads the file at start and refuses to start on the same.
 */
import * as z from "zod/mini";

const checkName = z.string().check(z.regex(/^[a-zA-Z][a-zA-Z0-9]*$/, "a check name such as faceWhileSpeaking"));

/** The checks in the order they run; the first failure gives the attempt's code. */
const checkListSchema = z.array(checkName).check(
  z.minLength(1),
  z.refine((names) => new Set(names).size === names.length, "a check may appear only once in a list"),
);

/** One list per live type: a new live type without its checks fails to parse. */
const byLiveTypeSchema = z.strictObject({ "1": checkListSchema, "2": checkListSchema, "3": checkListSchema });

export const checksFileSchema = z.strictObject({
  $schema: z.optional(z.string()),
  /** An attempt outside will mode, by its live_type. */
  live: byLiveTypeSchema,
  /** An attempt in will mode (a spoken or nodded consent), by its live_type: used instead of `live`. */
  will: byLiveTypeSchema,
  /**
   * Each check's own numbers, by check name, for the checks that declare a thresholds schema
   * (src/server/verify/checks/serverCheck.ts): parsed by that check's schema at build and at
   * start. A section for a check without one, or a check with one but no section, is refused.
   */
  thresholds: z._default(z.record(checkName, z.unknown()), {}),
});
export type ChecksFile = z.infer<typeof checksFileSchema>;
