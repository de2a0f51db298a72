/**
 * The analytics retention window (issue 18, finding 1: nothing was ever deleted): the
 * service's own job deletes events and dashboard counters older than the window, in small
 * batches with the event loop free between them, counts rows stored before the counters
 * existed, and leaves no timer behind when the service closes.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ANALYTICS_PATHS } from "../../schemas/analytics";
import { analyticsServiceConfigOf } from "../../schemas/analyticsService";
import { createFactsOf } from "../../src/server/analytics/dashboard/eventFacts";
import { createRetentionJob, type Scheduler } from "../../src/server/analytics/retentionJob";
import { createStore, type Store } from "../../src/server/store";
import type { AnalyticsEventInput } from "../../src/server/store/analyticsEvents";
import { startService, testClock } from "./harness";
import { batchBody, event, logIn, post, storedEvents } from "./analyticsFixtures";

const DAY = 86_400_000;
const T0 = Date.UTC(2030, 0, 1, 9);

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** Rows of the dashboard's counter tables with a day before `day`. */
async function countersBefore(store: Store, day: string): Promise<number> {
  let rows = 0;
  for (const table of ["analytics_counts", "analytics_funnel_users", "analytics_load_times"]) {
    rows += ((await store.sql.get(`SELECT COUNT(*) AS n FROM ${table} WHERE day < ?`, [day])) as { n: number }).n;
  }
  return rows;
}

describe("in the service", () => {
  it("deletes events and counters older than 90 days at start, keeping newer ones", async () => {
    const dir = mkdtempSync(join(tmpdir(), "faceflow-retention-"));
    dirs.push(dir);
    const clock = testClock(T0);
    const first = await startService({ clock }, { dir });
    const old = await logIn(first);
    const batch = batchBody([event("pageView", { pageId: "h5pre_0" }, { at: T0 }), event("pageLoadTime", { pageId: "h5pre_0", ms: 300 }, { at: T0 })]);
    expect((await post(first, ANALYTICS_PATHS.batch, JSON.stringify(batch), { "content-type": "application/json", ...old.auth })).status).toBe(200);
    await first.close();

    clock.advance(91 * DAY);
    const second = await startService({ clock }, { dir });
    try {
      const recent = await logIn(second);
      const fresh = batchBody([event("pageView", { pageId: "h5pre_0" }, { at: clock.now() })]);
      expect((await post(second, ANALYTICS_PATHS.batch, JSON.stringify(fresh), { "content-type": "application/json", ...recent.auth })).status).toBe(200);
      // The job's first run comes a second after start.
      await vi.waitFor(async () => expect((await storedEvents(second)).map((e) => e.orderNo)).toEqual([recent.orderNo]), { timeout: 10_000, interval: 100 });
      const store = createStore(second.dbPath);
      try {
        expect(await countersBefore(store, "2030-02-01")).toBe(0);
        expect(await countersBefore(store, "9999-12-31")).toBeGreaterThan(0);
      } finally {
        await store.close();
      }
    } finally {
      await second.close();
    }
  });
});

/** Let promise continuations run (the job's steps are chained by promises). */
const settle = async () => {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
};

/** A scheduler whose timers run only when the test says. */
function manualScheduler() {
  const timers = new Map<number, () => void>();
  let next = 1;
  const scheduler: Scheduler = {
    setTimeout(fn) {
      const id = next++;
      timers.set(id, fn);
      return id;
    },
    clearTimeout: (id) => void timers.delete(id as number),
  };
  return {
    scheduler,
    pending: () => timers.size,
    /** Fire every pending timer once and let the promises they resolve run. */
    async tick() {
      const due = [...timers];
      timers.clear();
      for (const [, fn] of due) fn();
      await settle();
    },
  };
}

const row = (receivedAt: number, name = "pageView"): AnalyticsEventInput => ({
  kind: "event", name, appId: "TIDA0001", orderNo: "order-0001", openId: null, traceId: "t", route: null, pageId: null,
  eventAt: receivedAt, data: { pageId: "h5pre_0" }, receivedAt,
});

describe("the job", () => {
  const config = { ...analyticsServiceConfigOf({}), maintenance: { intervalMs: 3_600_000, batchRows: 4 } };
  const factsOf = createFactsOf(90 * DAY);

  it("deletes in batches with a pause between them, and close() stops it and leaves no timer", async () => {
    const store = createStore(":memory:");
    try {
      const clock = testClock(T0 + 100 * DAY);
      await store.analyticsEvents.insertMany([...Array.from({ length: 10 }, () => row(T0)), row(T0 + 95 * DAY)], factsOf);
      const timer = manualScheduler();
      const job = createRetentionJob({ events: store.analyticsEvents, clock, scheduler: timer.scheduler, config, factsOf, log: () => undefined, firstRunDelayMs: 0 });
      const run = job.runOnce();
      await settle();
      // One batch of 4 went at once; the rest waits for the pause between batches.
      expect(await store.analyticsEvents.list()).toHaveLength(7);
      expect(timer.pending()).toBe(1);
      await timer.tick();
      expect(await store.analyticsEvents.list()).toHaveLength(3);
      await timer.tick();
      await timer.tick();
      expect(await run).toMatchObject({ deletedEvents: 10 });
      expect((await store.analyticsEvents.list()).map((e) => e.receivedAt)).toEqual([T0 + 95 * DAY]);
      expect(await countersBefore(store, "2030-01-02")).toBe(0);

      job.start();
      expect(timer.pending()).toBe(1);
      await job.close();
      expect(timer.pending()).toBe(0);
    } finally {
      await store.close();
    }
  });

  it("stops a run between batches when closed", async () => {
    const store = createStore(":memory:");
    try {
      const clock = testClock(T0 + 100 * DAY);
      await store.analyticsEvents.insertMany(Array.from({ length: 12 }, () => row(T0)), factsOf);
      const timer = manualScheduler();
      const job = createRetentionJob({ events: store.analyticsEvents, clock, scheduler: timer.scheduler, config, factsOf, log: () => undefined });
      const run = job.runOnce();
      await settle();
      expect(await store.analyticsEvents.list()).toHaveLength(8);
      await job.close();
      await run;
      expect(await store.analyticsEvents.list()).toHaveLength(8);
      expect(timer.pending()).toBe(0);
    } finally {
      await store.close();
    }
  });

  it("counts rows stored before the counters existed", async () => {
    const store = createStore(":memory:");
    try {
      const clock = testClock(T0 + DAY);
      await store.analyticsEvents.insertMany(Array.from({ length: 6 }, () => row(T0)), factsOf);
      // As migration 6 left them: stored, not yet counted.
      await store.sql.run("UPDATE analytics_events SET counted = 0");
      await store.sql.run("DELETE FROM analytics_counts");
      const timer = manualScheduler();
      const job = createRetentionJob({ events: store.analyticsEvents, clock, scheduler: timer.scheduler, config, factsOf, log: () => undefined });
      const run = job.runOnce();
      // The first batch's pause is scheduled once the store's (asynchronous) step has answered.
      await settle();
      await timer.tick();
      expect(await run).toMatchObject({ counted: 6, deletedEvents: 0 });
      expect(await store.analyticsEvents.rollups.counts({ sinceDay: "2030-01-01", appId: null })).toEqual([{ metric: "name", label: "pageView", count: 6 }]);
    } finally {
      await store.close();
    }
  });
});
