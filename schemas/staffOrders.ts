/**
 * The staff order search (`GET /admin/orders`): what a reviewer may filter by, each optional
 * and empty when the form field was left empty: an order number (a prefix of at least 4
 * characters, or the whole number), the partner's user id (exact), the app, a UTC date range,
 * the outcome, how far the order got (the dashboard funnel's service steps: an attempt
 * recorded, a recording uploaded), a result code the order's attempts ended with, and the paging cursor
 * `before` (the last row's `<createdAt ms>.<orderNo>`). Service-only.
 */
import * as z from "zod/mini";

export const ORDER_OUTCOMES = ["any", "passed", "failed", "open"] as const;
export type OrderOutcome = (typeof ORDER_OUTCOMES)[number];

/** Funnel steps an order has reached, as the dashboard counts them (store/migrations.ts, version 7). */
export const ORDER_REACHED = ["any", "recorded", "uploaded"] as const;
export type OrderReached = (typeof ORDER_REACHED)[number];

/** A form field: empty means "not filtered". */
const field = (pattern: RegExp, message: string) => z.optional(z.union([z.literal(""), z.string().check(z.regex(pattern, message))]));
/** A real calendar day (2030-02-30 is refused, not rolled over to March). */
function isDay(v: string): boolean {
  if (v === "") return true;
  const ms = /^\d{4}-\d{2}-\d{2}$/.test(v) ? Date.parse(`${v}T00:00:00Z`) : Number.NaN;
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === v;
}
const day = z.optional(z.string().check(z.refine(isDay, "a date as YYYY-MM-DD")));

export const orderSearchQuerySchema = z.object({
  order: field(/^[A-Za-z0-9_-]{4,64}$/, "at least 4 letters, digits, _ or - of an order number"),
  user: field(/^[\w.@:-]{1,64}$/, "1-64 letters, digits or _ . @ : -"),
  app: field(/^[A-Za-z0-9_-]{1,64}$/, "an app id"),
  from: day,
  to: day,
  outcome: z._default(z.enum(ORDER_OUTCOMES), "any"),
  reached: z._default(z.enum(ORDER_REACHED), "any"),
  code: field(/^\d{1,8}$/, "a result code (digits)"),
  before: field(/^\d{1,15}\.[A-Za-z0-9_-]{1,64}$/, "a paging cursor"),
  lang: z.optional(z.string()),
  token: z.optional(z.string()),
});

export type OrderSearchQuery = z.infer<typeof orderSearchQuerySchema>;

const orderNo = z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, "an order number"));

/** The order view's path. */
export const orderParamsSchema = z.object({ orderNo });

/** The order view's attempt media paths: an attempt's number and an evidence frame's index. */
export const attemptParamsSchema = z.object({
  orderNo,
  seq: z.pipe(z.string().check(z.regex(/^[1-9]\d{0,2}$/, "an attempt number")), z.transform(Number)),
});
export const evidenceParamsSchema = z.object({
  ...attemptParamsSchema.shape,
  frame: z.pipe(z.string().check(z.regex(/^\d{1,2}$/, "an evidence frame's index")), z.transform(Number)),
});

/** Staff's "send again" of a webhook event of the order. */
export const redeliverParamsSchema = z.object({ orderNo, eventId: z.string().check(z.regex(/^evt_[0-9a-f]{32}$/, "a webhook event id")) });
