// @vitest-environment jsdom
/**
 * Spec §7: the check report is a POST "with app id, account, versions, stored id or open id,
 * list of queue type, total size, cache size, trace id". The account is the partner's user of
 * the launch (user_id, spec §3); a launch without one sends no account. The id is the stored
 * order number, otherwise the open id (spec §4: the page URL's orderNo when the launch has no
 * order_no), otherwise the trace id.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { ANALYTICS_PATHS, checkBodySchema } from "../../schemas/analytics";
import * as reporterModule from "../../src/analytics/reporter";
import { startAnalytics, type AnalyticsRuntime } from "../../src/analytics/startAnalytics";
import { createStatsRecorder } from "../../src/analytics/statsRecorder";
import { keepAnalyticsToken } from "../../src/analytics/tokenStore";
import { createKycStorage, createMemoryBackend } from "../../src/session/storage";
import { TEST_TOKEN, shippedConfig } from "../analytics/fakes";

const stops: (() => void)[] = [];
afterEach(() => {
  stops.splice(0).forEach((stop) => stop());
  vi.restoreAllMocks();
});

/** A logged-in page with `launch`; every POST it makes is kept, answered as accepted. */
function page(launch: AnalyticsRuntime["launch"], search: Record<string, string> = {}) {
  const posts: { path: string; body: string }[] = [];
  window.fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    posts.push({ path: new URL(String(input)).pathname, body: String(init?.body ?? "") });
    return new Response(JSON.stringify({ code: "10000", result: "trace-1" }), { status: 200, headers: { "content-type": "application/json" } });
  }) as unknown as typeof fetch;
  const storage = createKycStorage({ backend: createMemoryBackend(), cacheId: "c" });
  keepAnalyticsToken(storage, TEST_TOKEN);
  const rt = {
    win: window,
    launch,
    search,
    apps: { defaultAppId: "TIDA0001" },
    settings: { environment: "sit", grayVersion: "0" },
    storage,
    now: () => 1_700_000_000_000,
    location: { current: () => ({ path: "/start", search: "" }) },
    stats: createStatsRecorder(() => 1_700_000_000_000),
  } as unknown as AnalyticsRuntime;
  const started = startAnalytics({ runtime: rt, config: shippedConfig(), loadReporter: async () => reporterModule });
  stops.push(() => started?.dispose());
  if (started === undefined) throw new Error("analytics did not start");
  return { client: started.client, checks: () => posts.filter((p) => p.path === ANALYTICS_PATHS.check).map((p) => checkBodySchema.parse(JSON.parse(p.body))) };
}

describe("spec §7: the check report includes account", () => {
  it("names the launch's user as the account, beside the app id and the stored order number", async () => {
    const { client, checks } = page({ order_no: "order-77", wb_app_id: "TIDA0042", user_id: "partner-user-9" });
    await client.check();
    expect(checks()).toHaveLength(1);
    expect(checks()[0]).toMatchObject({ appId: "TIDA0042", account: "partner-user-9", id: "order-77" });
  });

  it("a launch without user_id sends no account", async () => {
    const { client, checks } = page({ order_no: "order-78" });
    await client.check();
    expect(checks()[0]?.account).toBeUndefined();
  });
});

describe("spec §7: the check report's stored id or open id, and its queue list", () => {
  it("without a stored order number, sends the open id (the page URL's orderNo), else the trace id", async () => {
    const opened = page({}, { orderNo: "open-5" });
    await opened.client.check();
    expect(opened.checks()[0]).toMatchObject({ id: "open-5", traceId: "trace-1" });
    const bare = page({});
    await bare.client.check();
    expect(bare.checks()[0]).toMatchObject({ id: "trace-1" });
  });

  it("lists the queue by type with its total and what the buffer still holds", async () => {
    const { client, checks } = page({ order_no: "order-79" });
    client.record("tap", { on: "start" });
    client.record("tap", { on: "record" });
    await client.check();
    expect(checks()[0]?.queues).toEqual([{ type: "batch", total: 2, cached: 2 }]);
    client.record("tap", { on: "stop" });
    await client.check();
    expect(checks()[1]?.queues).toEqual([{ type: "batch", total: 3, cached: 3 }]);
  });
});
