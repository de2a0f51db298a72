/**
 * One analytics event and the limits on its fields: the part of the analytics contract
 * (schemas/analytics.ts, which re-exports all of this) that the first screen needs to read
 * the persisted buffer back. Kept apart so the rest of the contract stays out of that bundle.
 */
import * as z from "zod/mini";

/** Longest JSON text of one single report (spec §9). */
export const PAYLOAD_MAX_CHARS = 8192;
/** Most events in one batch: the local buffer never holds more (spec §9). */
export const BATCH_MAX_EVENTS = 20;
/** Longest string value in an event's data; element text (255) and outer HTML (200) are cut shorter. */
export const EVENT_STRING_MAX = 1024;
/** Most keys in an event's data. */
export const EVENT_DATA_MAX_KEYS = 32;

/**
 * The event a downgrade reason of spec §3 becomes when the session state records it
 * (src/analytics/downgradeEvents.ts); data `{ reason: <code>, reasonName: <name> }`. The
 * dashboard charts downgrade reasons from these events only (dashboard/eventFacts.ts).
 */
export const DOWNGRADE_EVENT = "downgrade";

export const shortText = z.string().check(z.minLength(1), z.maxLength(128));
export const msEpoch = z.int().check(z.nonnegative());

export const analyticsEnvSchema = z.enum(["release", "test"]);
export type AnalyticsEnv = z.infer<typeof analyticsEnvSchema>;

const eventValueSchema = z.union([z.string().check(z.maxLength(EVENT_STRING_MAX)), z.number(), z.boolean()]);
export type EventValue = z.infer<typeof eventValueSchema>;

/** One recorded event: a flow statistic, a script error, a failed resource load or request. */
export const analyticsEventSchema = z.strictObject({
  /** Statistic name, e.g. "pageView", "stayTime", "scriptError", "resourceError", "requestError". */
  name: z.string().check(z.regex(/^[A-Za-z0-9_.:-]{1,64}$/, "expected an event name")),
  /** When it happened, ms since the epoch. */
  at: msEpoch,
  /** Random id of the page load the event came from (groups events of one page life). */
  pageId: z.optional(shortText),
  /** The hash route shown when the event was recorded, e.g. "/start". */
  route: z.optional(z.string().check(z.maxLength(256))),
  data: z.record(z.string().check(z.maxLength(64)), eventValueSchema).check(
    z.refine((d) => Object.keys(d).length <= EVENT_DATA_MAX_KEYS, `at most ${EVENT_DATA_MAX_KEYS} data keys`),
  ),
  traceId: shortText,
});
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;

