/**
 * How the service guards and keeps what the analytics ingest stores: quotas and the retention
 * window. Service-only (the browser never sees these numbers);
 * read from the environment by src/server/analytics/index.ts, every value with a default.
 *
 * | variable | default | meaning |
 * |---|---|---|
 * | FACEFLOW_ANALYTICS_SESSION_QUOTA | 1000 | events one session may store per quota window |
 * | FACEFLOW_ANALYTICS_APP_QUOTA | 200000 | events one app's sessions may store together per quota window |
 * | FACEFLOW_ANALYTICS_QUOTA_WINDOW_SEC | 3600 | the quota window |
 * | FACEFLOW_ANALYTICS_RETENTION_DAYS | 90 | stored events and dashboard counters older than this are deleted |
 */
import * as z from "zod/mini";

const count = (min: number, max: number) => z.int().check(z.gte(min, `at least ${min}`), z.lte(max, `at most ${max}`));

const analyticsServiceConfigSchema = z.strictObject({
  quota: z.strictObject({
    /** A page records a few dozen events per flow; a thousand an hour is a page gone wrong or a script. */
    perSession: z._default(count(1, 1_000_000), 1000),
    /** Bounds what all sessions of one app add together, so one partner cannot fill the store for all. */
    perApp: z._default(count(1, 100_000_000), 200_000),
    windowMs: z._default(count(1000, 86_400_000), 3_600_000),
  }),
  retentionDays: z._default(count(1, 3650), 90),
  /** How often the retention job runs, and how many rows one of its steps deletes before yielding. */
  maintenance: z.strictObject({
    intervalMs: z._default(count(1000, 86_400_000), 3_600_000),
    batchRows: z._default(count(1, 100_000), 2000),
  }),
});
export type AnalyticsServiceConfig = z.infer<typeof analyticsServiceConfigSchema>;

/** Environment variables of the table above, as their strings; absent ones take the default. */
const envNumber = z.optional(z.pipe(z.string().check(z.regex(/^\d{1,12}$/, "expected a whole number")), z.transform(Number)));
export const analyticsServiceEnvSchema = z.object({
  FACEFLOW_ANALYTICS_SESSION_QUOTA: envNumber,
  FACEFLOW_ANALYTICS_APP_QUOTA: envNumber,
  FACEFLOW_ANALYTICS_QUOTA_WINDOW_SEC: envNumber,
  FACEFLOW_ANALYTICS_RETENTION_DAYS: envNumber,
});
type AnalyticsServiceEnv = z.infer<typeof analyticsServiceEnvSchema>;

/** Which variable sets which value, so a refusal names what to fix. */
const VARIABLE_OF: Record<string, keyof AnalyticsServiceEnv> = {
  "quota.perSession": "FACEFLOW_ANALYTICS_SESSION_QUOTA",
  "quota.perApp": "FACEFLOW_ANALYTICS_APP_QUOTA",
  "quota.windowMs": "FACEFLOW_ANALYTICS_QUOTA_WINDOW_SEC",
  retentionDays: "FACEFLOW_ANALYTICS_RETENTION_DAYS",
};

/** The configuration an environment describes; throws naming the variable when a value is out of range. */
export function analyticsServiceConfigOf(env: AnalyticsServiceEnv): AnalyticsServiceConfig {
  const seconds = (value: number | undefined) => (value === undefined ? undefined : value * 1000);
  const parsed = analyticsServiceConfigSchema.safeParse({
    quota: { perSession: env.FACEFLOW_ANALYTICS_SESSION_QUOTA, perApp: env.FACEFLOW_ANALYTICS_APP_QUOTA, windowMs: seconds(env.FACEFLOW_ANALYTICS_QUOTA_WINDOW_SEC) },
    retentionDays: env.FACEFLOW_ANALYTICS_RETENTION_DAYS,
    maintenance: {},
  });
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const path = issue?.path.join(".") ?? "";
  throw new Error(`${VARIABLE_OF[path] ?? path} is out of range (${issue?.message ?? "invalid"})`);
}
