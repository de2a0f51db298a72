/**
 * Analytics on the verification service: the ingest the browser's analytics client reports
 * to (spec §7, schemas/analytics.ts) and the staff dashboard over what it stored.
 *
 * | variable | default | meaning |
 * |---|---|---|
 * | FACEFLOW_ADMIN_TOKEN | | token for `/admin/analytics`; unset, the dashboard does not exist (404) |
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ServiceContext } from "../context";
import type { RateLimit } from "../http/security";
import { registerDashboardRoutes } from "./dashboard/dashboardRoutes";
import { registerIngestRoutes } from "./ingestRoutes";

export interface AnalyticsOptions {
  /** The admin token; empty or undefined turns the dashboard off. */
  adminToken?: string | undefined;
  /** Per address: the client reports every 60 s plus beacons, so a page makes a few calls a minute. */
  ingestRateLimit?: RateLimit;
  /** Per address: a staff member reloading the dashboard. */
  dashboardRateLimit?: RateLimit;
}

export const DEFAULT_ANALYTICS_RATE_LIMITS = {
  ingest: { max: 600, timeWindowMs: 60_000 },
  dashboard: { max: 120, timeWindowMs: 60_000 },
} as const;

/** Environment the service reads for analytics; injected so tests need not touch process.env. */
export function analyticsOptionsFromEnv(env: Readonly<Record<string, string | undefined>>): AnalyticsOptions {
  return { adminToken: env.FACEFLOW_ADMIN_TOKEN };
}

/**
 * Register ingest and dashboard on `app`.
 * @example await registerAnalytics(app, ctx, analyticsOptionsFromEnv(process.env));
 */
export async function registerAnalytics(app: FastifyInstance, ctx: ServiceContext, options: AnalyticsOptions): Promise<void> {
  const limiter = (kind: string, limit: RateLimit) =>
    app.rateLimit({ max: limit.max, timeWindow: limit.timeWindowMs, keyGenerator: (request: FastifyRequest) => `${kind}|${request.ip}` });
  await registerIngestRoutes(app, ctx, limiter("analytics", options.ingestRateLimit ?? DEFAULT_ANALYTICS_RATE_LIMITS.ingest));
  const adminToken = options.adminToken?.trim();
  if (adminToken) {
    registerDashboardRoutes(app, ctx, { adminToken, limiter: limiter("admin", options.dashboardRateLimit ?? DEFAULT_ANALYTICS_RATE_LIMITS.dashboard) });
  }
}
