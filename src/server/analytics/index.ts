/**
 * Analytics on the verification service: the ingest the browser's analytics client reports
 * to (spec §7, schemas/analytics.ts), the staff dashboard over what it stored, and the job
 * that keeps the store within its retention window.
 *
 * | variable | default | meaning |
 * |---|---|---|
 * | FACEFLOW_ADMIN_TOKEN | | token for `/admin/analytics`; unset, the dashboard does not exist (404) |
 * | FACEFLOW_ANALYTICS_* | | quotas and retention, see schemas/analyticsService.ts |
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import * as z from "zod/mini";
import { analyticsServiceConfigOf, analyticsServiceEnvSchema, type AnalyticsServiceConfig } from "../../../schemas/analyticsService";
import type { ServiceContext } from "../context";
import type { RateLimit } from "../http/security";
import { createAnalyticsTokens } from "./analyticsToken";
import { registerDashboardRoutes } from "./dashboard/dashboardRoutes";
import { registerStaffRoutes } from "../admin/staffRoutes";
import type { StaffTexts } from "../admin/staffTexts";
import { registerAdminJobsRoute } from "../http/adminJobs";
import { createFactsOf } from "./dashboard/eventFacts";
import type { FactsOf } from "../store/analyticsEvents";
import { createIngestQuotas } from "./ingestQuotas";
import { registerIngestRoutes } from "./ingestRoutes";
import { createRetentionJob, nodeScheduler, type Scheduler } from "./retentionJob";

interface AnalyticsOptions {
  /** The admin token; empty or undefined turns the dashboard off. */
  adminToken?: string | undefined;
  /** The staff pages' words (flows/staff.json, checked by the composition root); required with an admin token. */
  staffTexts?: StaffTexts;
  /** Quotas and retention; defaults as in schemas/analyticsService.ts. */
  service?: AnalyticsServiceConfig;
  /** Timer of the retention job (node's, unref'd, by default). */
  scheduler?: Scheduler;
  /** Per address: the client reports every 60 s plus beacons, so a page makes a few calls a minute. */
  ingestRateLimit?: RateLimit;
  /** Per address: a staff member reloading the dashboard. */
  dashboardRateLimit?: RateLimit;
}

const DEFAULT_ANALYTICS_RATE_LIMITS = {
  ingest: { max: 600, timeWindowMs: 60_000 },
  dashboard: { max: 120, timeWindowMs: 60_000 },
} as const;

const DAY_MS = 86_400_000;

/**
 * Environment the service reads for analytics; injected so tests need not touch process.env.
 * Throws, naming the variable or value, when a FACEFLOW_ANALYTICS_* value is malformed or out of range.
 */
export function analyticsOptionsFromEnv(env: Readonly<Record<string, string | undefined>>): AnalyticsOptions {
  const parsed = analyticsServiceEnvSchema.safeParse(env);
  if (!parsed.success) throw new Error(`analytics configuration: ${z.prettifyError(parsed.error)}`);
  return { adminToken: env.FACEFLOW_ADMIN_TOKEN, service: analyticsServiceConfigOf(parsed.data) };
}

/**
 * Register ingest and dashboard on `app`, and start the retention job (stopped when the app closes).
 * Answers how events count on the dashboard, for events the service records itself.
 * @example await registerAnalytics(app, ctx, analyticsOptionsFromEnv(process.env));
 */
export async function registerAnalytics(app: FastifyInstance, ctx: ServiceContext, options: AnalyticsOptions): Promise<FactsOf> {
  const config = options.service ?? analyticsServiceConfigOf({});
  const factsOf = createFactsOf(config.retentionDays * DAY_MS);
  // app.rateLimit counts in the store installSecurity gave the plugin (the shared rate counters).
  const limiter = (kind: string, limit: RateLimit) =>
    app.rateLimit({ max: limit.max, timeWindow: limit.timeWindowMs, keyGenerator: (request: FastifyRequest) => `${kind}|${request.ip}` });
  await registerIngestRoutes(app, ctx, limiter("analytics", options.ingestRateLimit ?? DEFAULT_ANALYTICS_RATE_LIMITS.ingest), {
    tokens: createAnalyticsTokens(ctx),
    quotas: createIngestQuotas(ctx.store.rateCounters, ctx.clock, config.quota),
    factsOf,
  });
  const adminToken = options.adminToken?.trim();
  if (adminToken) {
    const adminLimiter = limiter("admin", options.dashboardRateLimit ?? DEFAULT_ANALYTICS_RATE_LIMITS.dashboard);
    if (!options.staffTexts) throw new Error("registerAnalytics: staffTexts are required with an admin token (app.ts passes flows/staff.json's)");
    registerDashboardRoutes(app, ctx, { adminToken, limiter: adminLimiter, texts: options.staffTexts });
    registerAdminJobsRoute(app, ctx, { adminToken, limiter: adminLimiter });
    registerStaffRoutes(app, ctx, { adminToken, limiter: adminLimiter, texts: options.staffTexts });
  }
  const retention = createRetentionJob({
    events: ctx.store.analyticsEvents,
    clock: ctx.clock,
    scheduler: options.scheduler ?? nodeScheduler,
    config,
    factsOf,
    log: (message, error) => app.log.error({ err: error }, message),
  });
  // preClose runs before the onClose hook that closes the store, so no step runs on a closed database.
  app.addHook("preClose", async () => retention.close());
  retention.start();
  // The service's own events (the phone handoff's steps) are counted by the same rules.
  return factsOf;
}
