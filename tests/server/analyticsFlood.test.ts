/**
 * A bounded ingest flood (issue 18, finding 1): twenty logged-in pages send 4,000 events in
 * 200 gzip batches at once while staff reload the dashboard. The quotas hold exactly (no
 * session and no app stores more than its share, refused batches store nothing) and every
 * dashboard request answers with the numbers of what was stored. Timings are printed, not
 * asserted: they belong to the bench (scripts/dashboardBench.ts).
 */
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ANALYTICS_PATHS } from "../../schemas/analytics";
import type { AnalyticsAggregates } from "../../src/server/analytics/dashboard/aggregate";
import { errorCode, startService, testClock, type Service } from "./harness";
import { batchBody, event, logIn, post, storedEvents, withEnv, type LoggedInPage } from "./analyticsFixtures";

const PAGES = 20;
const BATCHES_PER_PAGE = 10;
const EVENTS_PER_BATCH = 20;
const SESSION_QUOTA = 100;
const APP_QUOTA = 1500;
const ADMIN = "staff-token-flood-0123456789";

const clock = testClock(Date.UTC(2030, 0, 1, 9));
let service: Service;
let env: { restore(): void };
let pages: LoggedInPage[];

beforeAll(async () => {
  env = withEnv({
    FACEFLOW_ADMIN_TOKEN: ADMIN,
    FACEFLOW_ANALYTICS_SESSION_QUOTA: String(SESSION_QUOTA),
    FACEFLOW_ANALYTICS_APP_QUOTA: String(APP_QUOTA),
    FACEFLOW_ANALYTICS_QUOTA_WINDOW_SEC: "3600",
  });
  service = await startService({ clock });
  pages = [];
  for (let i = 0; i < PAGES; i++) pages.push(await logIn(service));
});
afterAll(async () => {
  await service.close();
  env.restore();
});

async function dashboard(): Promise<{ ms: number; body: AnalyticsAggregates }> {
  const started = performance.now();
  const response = await fetch(`${service.baseUrl}/admin/analytics.json?days=1`, { headers: { authorization: `Bearer ${ADMIN}` } });
  expect(response.status).toBe(200);
  const body = (await response.json()) as AnalyticsAggregates;
  return { ms: performance.now() - started, body };
}

describe("an ingest flood", () => {
  it("is held to the quotas while the dashboard keeps answering", async () => {
    const batch = (page: number, n: number) =>
      gzipSync(JSON.stringify(batchBody(Array.from({ length: EVENTS_PER_BATCH }, (_, i) => event(i % 2 ? "pageView" : "click", { pageId: "h5pre_0", n: i }, { traceId: `p${page}-b${n}` })))));
    const headers = (page: LoggedInPage) => ({ "content-type": "application/octet-stream", "x-post-time": String(clock.now()), "x-retry-count": "0", ...page.auth });

    const uploads = pages.flatMap((page, p) => Array.from({ length: BATCHES_PER_PAGE }, (_, n) => post(service, ANALYTICS_PATHS.batch, batch(p, n), headers(page))));
    const dashboards: Promise<{ ms: number; body: AnalyticsAggregates }>[] = [];
    for (let i = 0; i < 10; i++) {
      dashboards.push(dashboard());
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const results = await Promise.all(uploads);
    const during = await Promise.all(dashboards);

    const accepted = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status !== 200);
    for (const r of refused) expect([r.status, errorCode(r)]).toEqual([429, "RATE_LIMITED"]);
    const stored = await storedEvents(service);
    expect(stored).toHaveLength(accepted.length * EVENTS_PER_BATCH);
    expect(stored.length).toBeLessThanOrEqual(APP_QUOTA);
    expect(stored.length).toBeGreaterThan(APP_QUOTA - EVENTS_PER_BATCH);
    const perOrder = new Map<string, number>();
    for (const e of stored) perOrder.set(e.orderNo ?? "", (perOrder.get(e.orderNo ?? "") ?? 0) + 1);
    expect(Math.max(...perOrder.values())).toBeLessThanOrEqual(SESSION_QUOTA);
    // A refused batch stored none of its events: every stored batch is whole.
    const perBatch = new Map<string, number>();
    for (const e of stored) perBatch.set(e.traceId ?? "", (perBatch.get(e.traceId ?? "") ?? 0) + 1);
    expect([...perBatch.values()].every((n) => n === EVENTS_PER_BATCH)).toBe(true);

    for (const d of during) expect(d.body.events.total).toBeLessThanOrEqual(stored.length);
    const after = await dashboard();
    expect(after.body.events.total).toBe(stored.length);
    expect(after.body.funnel.total.startPage).toBe(perOrder.size);
    const times = during.map((d) => d.ms).sort((a, b) => a - b);
    console.info(`flood: ${results.length} batches, ${accepted.length} accepted, ${refused.length} refused; dashboard during the flood ${times.map((t) => t.toFixed(0)).join(", ")} ms, after ${after.ms.toFixed(0)} ms`);
  });
});
