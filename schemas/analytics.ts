/**
 * Analytics contract (spec §7 "Analytics upload" / "Analytics tracking host calls", §9):
 * what the browser client sends to the verification service's own origin and what the
 * service answers. The client (src/analytics/) and the ingest (src/server/) both parse by
 * these schemas, so they are the single source of truth; keep them stable.
 *
 * Endpoints (same origin as the service):
 * - POST `/analytics/v1/batch`: body `BatchBody`, either gzip bytes of its JSON (content
 *   type application/octet-stream, no content-encoding header: the body itself is gzip)
 *   or plain JSON (application/json). Headers `x-post-time` (ms epoch) and `x-retry-count`
 *   (0 on the first attempt). Success only when the answer is `{ code: "10000" }`.
 *   On page hide the same endpoint takes sendBeacon batches (token in `t`, no headers): the
 *   gzip bytes without a content type, and plain JSON as text/plain.
 * - GET `/analytics/v1/single?d=<encodeURIComponent(JSON of SingleBody)>` (image beacon) and
 *   POST `/analytics/v1/single` (sendBeacon, text/plain JSON of SingleBody). The JSON text
 *   (before URL encoding) is at most `PAYLOAD_MAX_CHARS` characters.
 * - POST `/analytics/v1/missing`: `MissingBody` (application/json), after the batch
 *   upload failed all its retries, and after an upload round when the buffer dropped events
 *   (code "bufferOverflow", with the count in `dropped`).
 * - POST `/analytics/v1/check`: `CheckBody` (application/json), every 60 s.
 * - POST `/analytics/v1/trace-id`: body `{}`, header `x-app-id`; answer `TraceIdAnswer`.
 *   The client generates an id locally on failure or after 60 s.
 *
 * Every report except the trace-id request (which stores nothing) needs the launch session
 * (cookie or session header) or the analytics token of the login answer
 * (schemas/analyticsToken.ts): header `x-analytics-token`, or query parameter `t` on the
 * beacons. Without either: 401 SESSION_INVALID. The stored app id and order number are the
 * session's, whatever the envelope says. Past the session's or the app's quota of events per
 * window: 429 RATE_LIMITED, nothing stored (schemas/analyticsService.ts).
 *
 * zod/mini because the client's first screen imports the event schema.
 */
import * as z from "zod/mini";

/** Paths of the tracking-host calls, relative to the service origin. */
export const ANALYTICS_PATHS = {
  batch: "/analytics/v1/batch",
  single: "/analytics/v1/single",
  missing: "/analytics/v1/missing",
  check: "/analytics/v1/check",
  traceId: "/analytics/v1/trace-id",
} as const;

/** Request headers of the batch upload and the trace-id request (lower case, as fastify sees them). */
export const ANALYTICS_HEADERS = {
  postTime: "x-post-time",
  retryCount: "x-retry-count",
  appId: "x-app-id",
} as const;

/** Code of a missing-data report that only counts events the local buffer dropped. */
export const BUFFER_OVERFLOW_CODE = "bufferOverflow";

/** The only answer code that means "accepted". */
export const ANALYTICS_SUCCESS_CODE = "10000";

export * from "./analyticsEvent";
import { BATCH_MAX_EVENTS, EVENT_STRING_MAX, PAYLOAD_MAX_CHARS, analyticsEnvSchema, analyticsEventSchema, msEpoch, shortText } from "./analyticsEvent";

/** An app id as reports carry it (in the envelope, and the trace-id request's x-app-id header). */
export const appIdSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, "expected an app id"));

/** Fields every report (batch and single) carries about who sends it. */
const envelopeShape = {
  appId: appIdSchema,
  subAppId: z.optional(shortText),
  sdkVersion: shortText,
  appVersion: shortText,
  env: analyticsEnvSchema,
  traceId: shortText,
  /** The orderNo URL parameter when the launch had no stored order_no (spec §4). */
  openId: z.optional(shortText),
  orderNo: z.optional(shortText),
};

export const batchBodySchema = z.strictObject({
  ...envelopeShape,
  batch: z.array(analyticsEventSchema).check(z.minLength(1), z.maxLength(BATCH_MAX_EVENTS)),
});
export type BatchBody = z.infer<typeof batchBodySchema>;

export const singleBodySchema = z.strictObject({ ...envelopeShape, event: analyticsEventSchema });
export type SingleBody = z.infer<typeof singleBodySchema>;

/**
 * Sent once a batch upload failed all its retries (the events themselves stay buffered), or to
 * count events the buffer had to drop.
 */
export const missingBodySchema = z.strictObject({
  appId: appIdSchema,
  subAppId: z.optional(shortText),
  timestamp: msEpoch,
  sdkVersion: shortText,
  appVersion: shortText,
  /** HTTP status of the last attempt; 0 when there was no response (network error, timeout). */
  httpStatus: z.int().check(z.gte(0), z.lte(999)),
  /** Path of the call that failed, e.g. "/analytics/v1/batch". */
  api: z.string().check(z.maxLength(256)),
  /** The answer's code, or "network" / "timeout" / "http" / "invalid" when there was none to read. */
  code: z.string().check(z.maxLength(64)),
  msg: z.string().check(z.maxLength(EVENT_STRING_MAX)),
  /** Attempts made after the first one. */
  retry: z.int().check(z.nonnegative()),
  batchSize: z.int().check(z.nonnegative()),
  /**
   * Ours, beyond the spec's fields: events the local buffer dropped (its oldest, past 20
   * entries or 50 KB) since the last accepted report counted them. A report whose only news is
   * such a loss has code "bufferOverflow" and batchSize 0.
   */
  dropped: z.optional(z.int().check(z.nonnegative())),
});
export type MissingBody = z.infer<typeof missingBodySchema>;

const queueStatSchema = z.strictObject({
  /** Queue name; the client has one, "batch". */
  type: z.string().check(z.minLength(1), z.maxLength(32)),
  /** Events the queue received since the page loaded. */
  total: z.int().check(z.nonnegative()),
  /** Events currently held in the (persisted) buffer, not yet accepted. */
  cached: z.int().check(z.nonnegative()),
});

export const checkBodySchema = z.strictObject({
  appId: appIdSchema,
  account: z.optional(shortText),
  sdkVersion: shortText,
  appVersion: shortText,
  /** The stored order_no, otherwise the openId, otherwise the trace id. */
  id: shortText,
  queues: z.array(queueStatSchema).check(z.maxLength(8)),
  traceId: shortText,
});
export type CheckBody = z.infer<typeof checkBodySchema>;

/** Query of the POST reports: the analytics token where a header cannot carry it (sendBeacon). */
export const ingestQuerySchema = z.object({ t: z.optional(z.string().check(z.maxLength(1024))) });

/** Query of the image beacon: the single report's JSON and the analytics token. */
export const beaconQuerySchema = z.object({
  d: z.string().check(z.minLength(1), z.maxLength(PAYLOAD_MAX_CHARS, `payload is at most ${PAYLOAD_MAX_CHARS} characters`)),
  t: z.optional(z.string().check(z.maxLength(1024))),
});

/** Answer of every analytics endpoint; only code "10000" means accepted. */
export const analyticsAnswerSchema = z.object({ code: z.string(), msg: z.optional(z.string()) });
export type AnalyticsAnswer = z.infer<typeof analyticsAnswerSchema>;

export const traceIdAnswerSchema = z.object({ code: z.string(), result: z.optional(z.string()) });
export type TraceIdAnswer = z.infer<typeof traceIdAnswerSchema>;

/** flows/analytics.json: the client's endpoints and the limits of spec §9. */
export const analyticsFileSchema = z.strictObject({
  $schema: z.optional(z.string()),
  endpoints: z.strictObject({
    batch: z.literal(ANALYTICS_PATHS.batch),
    single: z.literal(ANALYTICS_PATHS.single),
    missing: z.literal(ANALYTICS_PATHS.missing),
    check: z.literal(ANALYTICS_PATHS.check),
    traceId: z.literal(ANALYTICS_PATHS.traceId),
  }),
  limits: z.strictObject({
    bufferEntries: z.int().check(z.gte(1), z.lte(BATCH_MAX_EVENTS)),
    bufferBytes: z.int().check(z.gte(1024)),
    reportIntervalMs: z.int().check(z.gte(1000)),
    checkIntervalMs: z.int().check(z.gte(1000)),
    retries: z.int().check(z.gte(0), z.lte(10)),
    uploadTimeoutMs: z.int().check(z.gte(1000)),
    traceIdTimeoutMs: z.int().check(z.gte(1000)),
    payloadMaxChars: z.int().check(z.gte(256), z.lte(PAYLOAD_MAX_CHARS)),
    elementTextMax: z.int().check(z.gte(1), z.lte(EVENT_STRING_MAX)),
    outerHtmlMax: z.int().check(z.gte(1), z.lte(EVENT_STRING_MAX)),
  }),
  defaultAppVersion: shortText,
  sdkVersion: shortText,
  /** Gzip the batch body (octet-stream); off sends plain JSON. */
  compress: z.boolean(),
  // Spec §4 and §9 also fix behaviour that is not a setting, so it is not in the file: no
  // automatic click or exposure reporting (nothing reports them), page time on (the stay timer),
  // queue concurrency 1 (src/analytics/client.ts serialises the flushes).
});
export type AnalyticsFile = z.infer<typeof analyticsFileSchema>;
