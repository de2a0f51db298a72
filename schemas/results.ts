/**
 * flows/results.json: the texts of the success and fail result pages (spec §2 "Result
 * component", §4 "Success texts"), for plain, action and silent mode. Every level is a record over
 * an enum, so each outcome × mode × kind has its text and nothing else is accepted.
 *
 * A title may contain ";" meaning a line break ("人脸验证通过;正在返回" is two lines).
 */
import * as z from "zod/mini";
import { textKeySchema } from "./texts";

export const RESULT_OUTCOMES = ["success", "fail"] as const;
export const resultOutcomeSchema = z.enum(RESULT_OUTCOMES);
export type ResultOutcome = z.infer<typeof resultOutcomeSchema>;

/** Plain pages (/success, /fail) and their action-mode counterparts (/action/success, /action/fail). */
export const RESULT_MODES = ["plain", "action"] as const;
export const resultModeSchema = z.enum(RESULT_MODES);
export type ResultMode = z.infer<typeof resultModeSchema>;

/**
 * The texts a result page shows: the route's mode, except that silent liveness, which the guard
 * sends to the action pages (spec §2: "action mode" is action or silent there), has texts of its
 * own. It asked for no action, so "actions completed" would not be true.
 */
export const RESULT_VARIANTS = ["plain", "action", "silent"] as const;
const resultVariantNameSchema = z.enum(RESULT_VARIANTS);
export type ResultVariant = z.infer<typeof resultVariantNameSchema>;

/** What was checked: redirect_mode 1 live, 2 face; live_service 2 will (consent). */
export const RESULT_KINDS = ["live", "face", "will"] as const;
const resultKindSchema = z.enum(RESULT_KINDS);
export type ResultKind = z.infer<typeof resultKindSchema>;

/** finish hands the signed result back; retry starts again; quit returns with a front code. */
const RESULT_ACTIONS = ["finish", "retry", "quit"] as const;
const resultActionSchema = z.enum(RESULT_ACTIONS);
export type ResultAction = z.infer<typeof resultActionSchema>;

/** Every text is a text key of the screens' texts (section "results" of flows/texts.<lang>.json). */
const text = textKeySchema;

const resultButtonSchema = z.strictObject({ action: resultActionSchema, label: text });
export type ResultButton = z.infer<typeof resultButtonSchema>;

const resultVariantSchema = z.strictObject({
  titles: z.record(resultKindSchema, text),
  tips: z.record(resultKindSchema, text),
  primary: resultButtonSchema,
  secondary: z.optional(resultButtonSchema),
});

export const resultsFileSchema = z.strictObject({
  $schema: z.optional(z.string()),
  outcomes: z.record(resultOutcomeSchema, z.record(resultVariantNameSchema, resultVariantSchema)),
});
export type ResultsFile = z.infer<typeof resultsFileSchema>;
