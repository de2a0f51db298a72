/**
 * `GET /admin/analytics` (the staff dashboard page), `GET /admin/analytics.json` (the same
 * aggregates as JSON; `?events=1` adds the newest raw events) and the page's own assets.
 * Registered only when an admin token is configured: without one the routes do not exist
 * and answer 404 like any unknown path. The figures come from counters and GROUP BY queries
 * (aggregate.ts), never from loading events: a request costs the same at a million events.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from "fastify";
import { dashboardQuerySchema } from "../../../../schemas/analyticsDashboard";
import type { StaffTexts } from "../../admin/staffTexts";
import type { ServiceContext } from "../../context";
import { parseOr400 } from "../../http/errors";
import type { AnalyticsEventRecord } from "../../store/analyticsEvents";
import { createAdminAuth } from "./adminAuth";
import { aggregate, dayOf, type AnalyticsAggregates } from "./aggregate";
import { DASHBOARD_ASSET_PATHS, DASHBOARD_CSS, DASHBOARD_JS } from "./assets";
import { renderDashboard } from "./page";

const DAY_MS = 86_400_000;
/** Raw events returned by `?events=1`, newest kept. */
const RAW_EVENTS_MAX = 1000;

interface DashboardJson extends AnalyticsAggregates {
  recentEvents?: AnalyticsEventRecord[];
}

export function registerDashboardRoutes(app: FastifyInstance, ctx: ServiceContext, options: { adminToken: string; limiter: preHandlerAsyncHookHandler; texts: StaffTexts }): void {
  const auth = createAdminAuth(options.adminToken);

  const admit = (request: FastifyRequest, reply: FastifyReply) => auth.admit(request, reply);

  const load = async (request: FastifyRequest): Promise<{ aggregates: AnalyticsAggregates; includeEvents: boolean; appId: string | null; since: number }> => {
    const query = parseOr400(dashboardQuerySchema, request.query, "dashboard query");
    const until = ctx.clock.now();
    const since = until - query.days * DAY_MS;
    const appId = query.app ? query.app : null;
    // Counters are per UTC day: the range starts at the beginning of the day `since` falls on.
    const range = { sinceDay: dayOf(since), appId };
    // One read transaction: every figure from the same snapshot, even while events arrive.
    const rows = await ctx.store.transaction(
      async (tx) => {
        const { rollups } = tx.analyticsEvents;
        return {
          counts: await rollups.counts(range),
          cells: await rollups.cells(range),
          funnelUsers: await rollups.funnelUsers(range),
          loadTimes: await rollups.loadTimes(range),
          eventApps: await rollups.apps(range),
          orders: await tx.analyticsEvents.orderFunnel(range),
        };
      },
      { readOnly: true },
    );
    const aggregates = aggregate({ rows, since, until, appId });
    return { aggregates, includeEvents: query.events === "1", appId, since };
  };

  // The page and its data are for staff only: no caching by browsers or proxies, no framing.
  const privateHeaders = (reply: FastifyReply) => reply.header("cache-control", "no-store, private").header("x-robots-tag", "noindex");

  app.get("/admin/analytics", { preHandler: options.limiter }, async (request, reply) => {
    if (!admit(request, reply)) return reply;
    const words = options.texts.forRequest(request, reply);
    const { aggregates } = await load(request);
    return privateHeaders(reply).type("text/html; charset=utf-8").send(renderDashboard(words, request.url, aggregates));
  });

  app.get("/admin/analytics.json", { preHandler: options.limiter }, async (request, reply) => {
    if (!admit(request, reply)) return reply;
    const { aggregates, includeEvents, appId, since } = await load(request);
    const body: DashboardJson = includeEvents
      ? {
          ...aggregates,
          recentEvents: await ctx.store.analyticsEvents.list({ since, kind: "event", limit: RAW_EVENTS_MAX, ...(appId ? { appId } : {}) }),
        }
      : aggregates;
    return privateHeaders(reply).send(body);
  });

  // Static and secret-free, so served without the token (the page's <script> and <link> carry no cookie path issues).
  app.get(DASHBOARD_ASSET_PATHS.css, async (_request, reply) => reply.type("text/css; charset=utf-8").header("cache-control", "public, max-age=300").send(DASHBOARD_CSS));
  app.get(DASHBOARD_ASSET_PATHS.js, async (_request, reply) => reply.type("text/javascript; charset=utf-8").header("cache-control", "public, max-age=300").send(DASHBOARD_JS));
}
