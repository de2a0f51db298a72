/**
 * The staff dashboard's query (`GET /admin/analytics` and `/admin/analytics.json`): the range
 * in days, an optional app, whether to add the newest raw events, and the one-time `token`
 * that the page trades for its cookie (src/server/analytics/dashboard/adminAuth.ts).
 * Service-only.
 */
import * as z from "zod/mini";

/** Choices of the range selector, in days: at most the default retention window. */
export const RANGE_DAYS = [1, 7, 30, 90] as const;

export const dashboardQuerySchema = z.object({
  days: z._default(
    z.pipe(
      z.string().check(z.regex(/^\d{1,3}$/, "days is a whole number")),
      z.pipe(
        z.transform(Number),
        z.number().check(z.refine((d) => (RANGE_DAYS as readonly number[]).includes(d), `days is one of ${RANGE_DAYS.join(", ")}`)),
      ),
    ),
    7,
  ),
  app: z.optional(z.union([z.literal(""), z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/))])),
  events: z.optional(z.enum(["0", "1"])),
  /** The page's language (checked by the staff texts, admin/staffTexts.ts). */
  lang: z.optional(z.string()),
  token: z.optional(z.string()),
});
