// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import * as reporterModule from "../../src/analytics/reporter";
import { decideAnalyticsStart, reportEnvironment, startAnalytics, type AnalyticsRuntime } from "../../src/analytics/startAnalytics";
import { createStatsRecorder } from "../../src/analytics/statsRecorder";
import { keepAnalyticsToken } from "../../src/analytics/tokenStore";
import { createKycStorage, createMemoryBackend } from "../../src/session/storage";
import { TEST_TOKEN, shippedConfig } from "./fakes";

const stops: (() => void)[] = [];
afterEach(() => {
  stops.splice(0).forEach((stop) => stop());
  vi.restoreAllMocks();
});

/** A page's runtime; its storage holds the analytics token a login would have stored. */
function runtime(launch: AnalyticsRuntime["launch"], search: Record<string, string>, storage = loggedInStorage()) {
  const stats = createStatsRecorder(() => 1_700_000_000_000);
  return {
    win: window,
    launch,
    search,
    apps: { defaultAppId: "TIDA0001" },
    settings: { environment: "sit", grayVersion: "0" },
    storage,
    now: () => 1_700_000_000_000,
    location: { current: () => ({ path: "/start", search: "" }) },
    stats,
  } as unknown as AnalyticsRuntime;
}

function loggedInStorage() {
  const storage = createKycStorage({ backend: createMemoryBackend(), cacheId: "c" });
  keepAnalyticsToken(storage, TEST_TOKEN);
  return storage;
}

/** Replace navigator.sendBeacon (jsdom has none) by one that accepts and keeps the payloads. */
const beacons = () => {
  const sent: Blob[] = [];
  Object.defineProperty(window.navigator, "sendBeacon", {
    configurable: true,
    value: (_url: string, blob: Blob) => sent.push(blob) > 0,
  });
  return sent;
};

describe("start-up rule (spec §4)", () => {
  it("starts only when the stored launch parameters carry order_no; otherwise orderNo becomes the openId", () => {
    expect(decideAnalyticsStart({ order_no: "o-1" }, { orderNo: "x" })).toEqual({ start: true, orderNo: "o-1" });
    expect(decideAnalyticsStart({}, { orderNo: "x-9" })).toEqual({ start: false, openId: "x-9" });
    expect(decideAnalyticsStart({}, {})).toEqual({ start: false });
  });

  it("reports release only for the release build", () => {
    expect(reportEnvironment("release")).toBe("release");
    expect(reportEnvironment("sit")).toBe("test");
    expect(reportEnvironment("test")).toBe("test");
  });

  it("with order_no: drains the statistics, wraps fetch and beacons on page hide", async () => {
    const originalFetch = vi.fn(async () => new Response("{}", { status: 503 }));
    window.fetch = originalFetch as unknown as typeof fetch;
    const rt = runtime({ order_no: "o-1", wb_app_id: "TIDA0042" }, {});
    rt.stats.record("pageView", { page: "/start" });
    const started = startAnalytics({ runtime: rt, config: shippedConfig(), loadReporter: async () => reporterModule });
    stops.push(() => started?.dispose());
    const client = started?.client;
    expect(client?.started()).toBe(true);
    expect(rt.stats.pending()).toHaveLength(0);
    await window.fetch("/api/face?sign=s");
    expect(client?.stats()).toMatchObject({ total: 2, cached: 2 });
    const sent = beacons();
    window.dispatchEvent(new Event("pagehide"));
    // Nothing gzipped yet (the upload code waits for the first screen): one plain batch.
    expect(sent).toHaveLength(1);
    const batch = JSON.parse(await sent[0]!.text());
    expect(batch).toMatchObject({ appId: "TIDA0042", env: "test", orderNo: "o-1" });
    expect(batch.batch[0]).toMatchObject({ name: "pageView", route: "/start" });
    expect(batch.batch[1]).toMatchObject({ name: "requestError", data: { status: 503, url: "http://localhost:3000/api/face?sign=*" } });
    expect(client?.stats().cached).toBe(0);
  });

  it("uploads when the browser comes back online, and never reports its own calls as failed requests", async () => {
    const calls: string[] = [];
    window.fetch = (async (input: RequestInfo | URL) => {
      calls.push(new URL(String(input)).pathname);
      return new Response(String(input).endsWith("/trace-id") ? '{"code":"10000","result":"t-9"}' : '{"code":"500"}', { status: 500 });
    }) as typeof fetch;
    const rt = runtime({ order_no: "o-2" }, {});
    const started = startAnalytics({ runtime: rt, config: { ...shippedConfig(), compress: false }, loadReporter: async () => reporterModule });
    stops.push(() => started?.dispose());
    const client = started?.client;
    rt.stats.record("pageView");
    window.dispatchEvent(new Event("online"));
    await vi.waitFor(() => expect(calls).toContain("/analytics/v1/batch"));
    expect(calls[0]).toBe("/analytics/v1/trace-id");
    expect(client?.traceId()).toBe("t-9");
    expect(client?.stats()).toMatchObject({ total: 1, cached: 1 });
  });

  it("without order_no: does not start, keeps statistics pending, and sets the openId", async () => {
    const rt = runtime({}, { orderNo: "open-3" });
    rt.stats.record("pageView");
    const started = startAnalytics({ runtime: rt, config: shippedConfig(), loadReporter: async () => reporterModule });
    stops.push(() => started?.dispose());
    const client = started?.client;
    expect(client?.started()).toBe(false);
    expect(rt.stats.pending()).toHaveLength(1);
    const sent = beacons();
    window.dispatchEvent(new Event("pagehide"));
    expect(sent).toHaveLength(0);
    client!.record("probe");
    client!.flushOnHide();
    expect(sent).toHaveLength(1);
    expect(JSON.parse(await sent[0]!.text())).toMatchObject({ appId: "TIDA0001", env: "test", openId: "open-3", batch: [{ name: "probe" }] });
    expect(JSON.parse(await sent[0]!.text()).orderNo).toBeUndefined();
  });

  it("logs a set-up failure and carries on", () => {
    const storage = { getParsed: () => { throw new Error("storage exploded"); }, setJSON: () => undefined };
    const log = vi.fn();
    const rt = runtime({ order_no: "o-1" }, {}, storage as never);
    expect(startAnalytics({ runtime: rt, config: shippedConfig(), loadReporter: async () => reporterModule, log })).toBeUndefined();
    expect(log).toHaveBeenCalledWith(expect.stringContaining("analytics set-up failed"), expect.any(Error));
  });
});
