/**
 * The dashboard's numbers from counters and GROUP BY queries equal those of the in-memory
 * computation it replaced (tests/server/analyticsReference.ts) on the same fixture: two apps,
 * two days, every kind of event the dashboard counts, orders with and without outcomes.
 * Page-load times above 1 s are counted at 10 ms resolution (eventFacts.ts), so the
 * fixture's are whole tens there, as the equality is exact only then.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ANALYTICS_PATHS, type AnalyticsEvent } from "../../schemas/analytics";
import type { AnalyticsAggregates } from "../../src/server/analytics/dashboard/aggregate";
import { createStore } from "../../src/server/store";
import { startService, testClock, type Service } from "./harness";
import { batchBody, event, logIn, post, storedEvents, withEnv, type LoggedInPage } from "./analyticsFixtures";
import { referenceAggregate, referenceOrderFacts } from "./analyticsReference";

const DAY = 86_400_000;
const DAY1 = Date.UTC(2030, 0, 1);
const OTHER = "PARTNER02";
const OTHER_SECRET = "b7c1e4f09a3d5e28c6f1a0b9d4e7c3a2";
const ADMIN = "staff-token-equivalence-0123";

const clock = testClock(DAY1 + 8 * 3_600_000);
let service: Service;
let env: { restore(): void };

/** The events one page sends, at `at`; `kind` picks its path through the flow. */
function journey(kind: number, at: number): AnalyticsEvent[] {
  const e = (name: string, data: AnalyticsEvent["data"] = {}, extra: Partial<AnalyticsEvent> = {}) => event(name, data, { at, ...extra });
  const common = [e("pageView", { pageId: "h5pre_0" }), e("pageLoadTime", { pageId: "h5pre_0", ms: [120, 330, 960, 800][kind % 4] ?? 0 }), e("stayTime", { ms: 4000 })];
  switch (kind % 5) {
    case 0:
      return [...common, e("pageView", { pageId: "vertify_0" }), e("pageLoadTime", { pageId: "vertify_0", ms: 2500 }), e("pageView", { pageId: "h5pre_0" })];
    case 1:
      return [...common, e("pageView", { pageId: "error_0" }, { route: "/error?status=uploadFail&code=1" }), e("pageView", { pageId: "action_error_0", status: "cameraDenied" })];
    case 2:
      return [e("noCookie", { step: "guard-2" }), e("launchInvalid"), e("pageView", { pageId: "protocol_0" }), e("pageLoadSlow", { pageId: "protocol_0", ms: 7000 })];
    case 3:
      return [
        ...common,
        e("pageView", { pageId: "willDegrade_transition_0" }),
        e("downgrade", { reason: 2, reasonName: "trtcFrontError" }),
        e("downgrade", { reason: 9, reasonName: "webcamNoPermissionQuickly" }),
        e("downgrade", { reason: 77 }),
        e("captureFailed", { kind: "recorder", status: "trtc_cameraError", reason: 0 }),
        e("realtimeFailed", { mode: "ws", status: "madeUpStatus", downgrade: 0, frontError: true }),
      ];
    default:
      return [
        ...common,
        e("guidanceFailed", { reason: "face", count: 1 }),
        e("guidanceFailed", { reason: "face", count: 2 }),
        e("guidanceFailed", { reason: "action", count: 1 }),
        e("recordingRefused", { status: "shortException", detail: "1.2 s" }),
        e("uploadFailed", { status: "uploadVideoException", detail: "no answer" }),
        e("capturePrepareFailed", { status: "exception", detail: "x" }),
        e("pageView", { pageId: "action_trtc_record_1" }), e("pageLoadTime", { pageId: "x", ms: 4000 }), e("pageLoadTime", { pageId: "y", ms: "slow" })];
  }
}

/** Order outcomes the service would have recorded: passed uploads, failed streams, pending attempts. */
async function seedOutcomes(orders: string[], now: number): Promise<void> {
  const store = createStore(service.dbPath);
  try {
    for (const [i, orderNo] of orders.entries()) {
      const attempt = await store.attempts.open(orderNo, i % 2 ? "stream" : "upload", null, now);
      if (i % 3 === 2) continue; // still pending: not a recording
      await store.attempts.finish(attempt.id, i % 2 ? { status: "failed", code: "66660004" } : { status: "passed", code: "0" }, now);
      if (i % 2 === 0) {
        await store.sql.run(
          `INSERT INTO recordings (attempt_id, path, container, mime_type, bytes, duration_ms, sha256, message_id, created_at)
           VALUES (?, 'a.webm', 'webm', 'video/webm', 1000, 2000, 'x', ?, ?)`,
          [attempt.id, `m-${orderNo}`, now],
        );
      }
      await store.sql.run("INSERT INTO results (order_no, attempt_id, passed, payload, created_at) VALUES (?, ?, ?, '{}', ?)", [orderNo, attempt.id, i % 2 ? 0 : 1, now]);
    }
  } finally {
    await store.close();
  }
}

async function report(pages: LoggedInPage[], day: number): Promise<void> {
  for (const [i, page] of pages.entries()) {
    const answer = await post(service, ANALYTICS_PATHS.batch, JSON.stringify(batchBody(journey(i + day, clock.now()))), { "content-type": "application/json", ...page.auth });
    expect(answer.status).toBe(200);
  }
}

beforeAll(async () => {
  env = withEnv({ FACEFLOW_ADMIN_TOKEN: ADMIN });
  service = await startService({ clock, apps: { [OTHER]: { secret: OTHER_SECRET, allowedOrigins: ["self"] } } });
  const other = service.partnerFor(OTHER, OTHER_SECRET);
  for (const day of [0, 1]) {
    const pages = [await logIn(service), await logIn(service), await logIn(service, other), await logIn(service), await logIn(service, other), await logIn(service)];
    await report(pages, day);
    await seedOutcomes(pages.map((p) => p.orderNo).slice(day), clock.now());
    // An order that was launched and never reported.
    await service.partner.createOrder({ userId: "u", liveType: "2", actions: ["2"], returnUrl: `${service.baseUrl}/#/entry` });
    clock.advance(DAY);
  }
  // Now: the start of the third day, so a range's start falls on a day boundary.
  clock.advance(-clock.now() + DAY1 + 2 * DAY);
});
afterAll(async () => {
  await service.close();
  env.restore();
});

async function dashboard(query: string): Promise<AnalyticsAggregates> {
  const response = await fetch(`${service.baseUrl}/admin/analytics.json?${query}`, { headers: { authorization: `Bearer ${ADMIN}` } });
  expect(response.status).toBe(200);
  return (await response.json()) as AnalyticsAggregates;
}

async function reference(days: number, appId: string | null): Promise<AnalyticsAggregates> {
  const until = clock.now();
  const since = until - days * DAY;
  const events = (await storedEvents(service)).filter((e) => e.receivedAt >= since && (appId === null || e.appId === appId));
  const store = createStore(service.dbPath);
  try {
    return referenceAggregate({ events, orders: await referenceOrderFacts(store.sql, since, appId), since, until, appId });
  } finally {
    await store.close();
  }
}

describe("dashboard numbers", () => {
  it("equal the in-memory computation for every app, one app, and one day", async () => {
    for (const [query, days, appId] of [["days=7", 7, null], [`days=7&app=${OTHER}`, 7, OTHER], ["days=1", 1, null], ["days=30&app=TIDA0001", 30, "TIDA0001"]] as const) {
      const expected = await reference(days, appId);
      expect(expected.events.total).toBeGreaterThan(0);
      expect(await dashboard(query)).toEqual(expected);
    }
  });

  it("cover what the fixture holds", async () => {
    const all = await dashboard("days=7");
    expect(all.apps).toEqual([OTHER, "TIDA0001"]);
    expect(all.funnel.byDay.map((d) => d.day)).toEqual(["2030-01-01", "2030-01-01", "2030-01-02", "2030-01-02"]);
    expect(all.funnel.total.launched).toBe(14);
    expect(Object.values(all.funnel.total).every((n) => n > 0)).toBe(true);
    expect(all.errorStatuses.map((s) => s.label).sort()).toEqual(["cameraDenied", "launchInvalid", "noCookie", "uploadFail"]);
    expect(all.downgrades.map((s) => s.label).sort()).toEqual(["2 trtcFrontError", "9 webcamNoPermissionQuickly", "unknown"]);
    expect(all.deviceFailures.reasons.map((s) => s.label).sort()).toEqual([
      "camera.trtc_cameraError",
      "guidance.action",
      "guidance.face",
      "prepare.exception",
      "realtime.unknown",
      "refused.shortException",
      "upload.uploadVideoException",
    ]);
    expect(all.deviceFailures.total).toBe(all.deviceFailures.reasons.reduce((n, r) => n + r.count, 0));
    expect(all.pageLoad.samples).toBeGreaterThan(10);
  });
});
