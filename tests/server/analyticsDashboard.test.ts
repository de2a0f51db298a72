/**
 * The staff dashboard: off (404) without FACEFLOW_ADMIN_TOKEN, 401 with a wrong token, the
 * ?token= cookie hand-over, the page with its SVG charts and external assets, the JSON
 * aggregates computed from seeded events and the service's own orders, the attempts that
 * failed on the device before upload with their reasons, the page in every shipped language,
 * and each service-side funnel number leading to exactly the orders it counts.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ANALYTICS_PATHS } from "../../schemas/analytics";
import { escapeHtml } from "../../src/server/admin/staffPage";
import type { AnalyticsAggregates } from "../../src/server/analytics/dashboard/aggregate";
import { createStore } from "../../src/server/store";
import { Browser, errorCode, startService, testClock, type Service } from "./harness";
import { APP, batchBody, event, logIn, post } from "./analyticsFixtures";

const TOKEN = "staff-token-0123456789";
const LANGUAGES = ["zh-CN", "zh-TW", "en"] as const;
/** flows/staff.json as shipped: the dashboard's words in each language. */
const STAFF_WORDS = JSON.parse(readFileSync(new URL("../../flows/staff.json", import.meta.url), "utf8")) as Record<(typeof LANGUAGES)[number], { dashboard: Record<string, string> }>;
/** Texts the seeded page shows whole, in every language. */
const SHOWN_KEYS = [
  "filter.app", "filter.allApps", "filter.days", "filter.lastDay", "filter.refresh", "filter.autoRefresh",
  "step.launched", "step.startPage", "step.cameraReady", "step.recorded", "step.uploaded", "step.passed", "step.failed",
  "funnel.title", "funnel.note", "funnel.byApp", "funnel.byDay", "funnel.dayTable", "funnel.day",
  "deviceFailures.title", "deviceFailures.note", "deviceFailures.chart", "failure.guidance.face",
  "errors.title", "errors.chart", "load.chart", "downgrades.title", "downgrades.chart", "json",
];

function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));
}
const previousToken = process.env.FACEFLOW_ADMIN_TOKEN;

describe("without FACEFLOW_ADMIN_TOKEN", () => {
  it("has no dashboard at all", async () => {
    delete process.env.FACEFLOW_ADMIN_TOKEN;
    const service = await startService();
    try {
      for (const path of ["/admin/analytics", "/admin/analytics.json", `/admin/analytics?token=${TOKEN}`]) {
        const response = await fetch(service.baseUrl + path, { headers: { authorization: `Bearer ${TOKEN}` } });
        expect(response.status).toBe(404);
      }
    } finally {
      await service.close();
    }
  });
});

describe("with FACEFLOW_ADMIN_TOKEN", () => {
  const clock = testClock(Date.UTC(2030, 0, 1, 9));
  let service: Service;
  let orderA: string;
  let orderB: string;

  beforeAll(async () => {
    process.env.FACEFLOW_ADMIN_TOKEN = TOKEN;
    service = await startService({ clock });
    // Each page reports with its own login's analytics token, so its events are filed under its order.
    const pageA = await logIn(service);
    const pageB = await logIn(service);
    orderA = pageA.orderNo;
    orderB = pageB.orderNo;
    await seedOutcomes(service, orderA, orderB, clock.now());
    const at = Date.UTC(2030, 0, 1, 8);
    const ofA = [
      event("pageView", { pageId: "h5pre_0" }, { at }),
      event("pageView", { pageId: "vertify_0" }, { at }),
      event("pageLoadTime", { pageId: "h5pre_0", ms: 120 }, { at }),
      event("pageLoadTime", { pageId: "vertify_0", ms: 800 }, { at }),
      event("pageLoadSlow", { pageId: "success_0", ms: 7000 }, { at }),
      event("pageView", { pageId: "h5pre_0" }, { at }),
    ];
    const ofB = [
      event("pageView", { pageId: "h5pre_0" }, { at }),
      event("pageView", { pageId: "error_0" }, { at, route: "/error?status=uploadFail&code=1" }),
      event("pageView", { pageId: "action_error_0", status: "uploadFail" }, { at }),
      event("noCookie", { step: "guard-2" }, { at }),
      event("pageView", { pageId: "willDegrade_transition_0" }, { at }),
      event("downgrade", { reason: 1, reasonName: "trtcSdkCheckNoSupport" }, { at }),
      event("downgrade", { reason: 10, reasonName: "webcamNoPermissionNormally" }, { at }),
      // Failed on the device, nothing uploaded: guidance saw no face twice, the camera was refused once.
      event("guidanceFailed", { reason: "face", count: 1 }, { at }),
      event("guidanceFailed", { reason: "face", count: 2 }, { at }),
      event("captureFailed", { kind: "recorder", status: "trtc_androidNoWebcamPermission", reason: 10 }, { at }),
    ];
    for (const [page, batch] of [[pageA, ofA], [pageB, ofB]] as const) {
      const result = await post(service, ANALYTICS_PATHS.batch, JSON.stringify(batchBody([...batch])), { "content-type": "application/json", ...page.auth });
      expect(result.status).toBe(200);
    }
  });
  afterAll(async () => {
    await service.close();
    if (previousToken === undefined) delete process.env.FACEFLOW_ADMIN_TOKEN;
    else process.env.FACEFLOW_ADMIN_TOKEN = previousToken;
  });

  it("refuses a missing or wrong token with 401 JSON errors", async () => {
    const none = await fetch(`${service.baseUrl}/admin/analytics`);
    expect(none.status).toBe(401);
    expect(errorCode({ status: 401, headers: none.headers, json: (await none.json()) as unknown })).toBe("AUTH_MISSING");
    const wrong: Record<string, string>[] = [{ authorization: "Bearer wrong-token" }, { authorization: "Basic abc" }, { cookie: "ff_admin=" + "0".repeat(64) }];
    for (const headers of wrong) {
      const response = await fetch(`${service.baseUrl}/admin/analytics.json`, { headers });
      expect(response.status).toBe(401);
    }
    const wrongQuery = await fetch(`${service.baseUrl}/admin/analytics?token=wrong-token`, { redirect: "manual" });
    expect(wrongQuery.status).toBe(401);
    expect(wrongQuery.headers.get("set-cookie")).toBeNull();
  });

  it("trades ?token= for an HttpOnly cookie and shows the charts", async () => {
    const browser = new Browser(service.baseUrl);
    const first = await browser.fetch(`/admin/analytics?token=${TOKEN}&days=7`, { redirect: "manual" });
    expect(first.status).toBe(303);
    expect(first.headers.get("location")).toBe("/admin/analytics?days=7");
    expect(browser.setCookieHeaders.join("\n")).toMatch(/ff_admin=[0-9a-f]{64}; Max-Age=\d+; Path=\/admin; HttpOnly; SameSite=Strict/);
    expect(browser.setCookieHeaders.join("\n")).not.toContain(TOKEN);
    const page = await browser.fetch("/admin/analytics?days=7");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(page.headers.get("content-security-policy")).toContain("script-src 'self'");
    const html = await page.text();
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(html.match(/<svg class="chart"/g)?.length ?? 0).toBeGreaterThanOrEqual(6);
    for (const label of ["核身漏斗", "错误状态", "页面加载时间", "降级原因", "uploadFail", "10 webcamNoPermissionNormally"]) expect(html).toContain(label);
    // The staff frame: its navigation to the order search, its stylesheet, then the dashboard's own.
    expect(html).toContain('<a href="/admin/analytics" aria-current="page">数据看板</a><a href="/admin/orders">订单查询</a>');
    expect(html.indexOf("/admin/assets/staff.css")).toBeLessThan(html.indexOf("/admin/analytics/assets/dashboard.css"));
    const js = await browser.fetch("/admin/analytics/assets/dashboard.js");
    const css = await browser.fetch("/admin/analytics/assets/dashboard.css");
    expect([js.status, js.headers.get("content-type"), css.status]).toEqual([200, "text/javascript; charset=utf-8", 200]);
  });

  it("computes the funnel, error statuses, load times and downgrades", async () => {
    const response = await fetch(`${service.baseUrl}/admin/analytics.json?days=7`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    const body = (await response.json()) as AnalyticsAggregates;
    const expected = { launched: 2, startPage: 2, cameraReady: 1, recorded: 2, uploaded: 1, passed: 1, failed: 1 };
    expect(body.funnel.total).toEqual(expected);
    expect(body.funnel.byApp).toEqual([{ appId: APP, counts: expected }]);
    expect(body.funnel.byDay).toEqual([{ day: "2030-01-01", appId: APP, counts: expected }]);
    expect(body.errorStatuses).toEqual([{ label: "uploadFail", count: 2 }, { label: "noCookie", count: 1 }]);
    expect(body.pageLoad.samples).toBe(3);
    expect(body.pageLoad.medianMs).toBe(800);
    expect(body.pageLoad.buckets.filter((b) => b.count > 0)).toEqual([
      { label: "100-250", count: 1 },
      { label: "500-1000", count: 1 },
      { label: ">5000", count: 1 },
    ]);
    expect(body.downgrades).toEqual([{ label: "1 trtcSdkCheckNoSupport", count: 1 }, { label: "10 webcamNoPermissionNormally", count: 1 }]);
    expect(body.deviceFailures).toEqual({ total: 3, reasons: [{ label: "guidance.face", count: 2 }, { label: "camera.trtc_androidNoWebcamPermission", count: 1 }] });
    expect(body.events.total).toBe(16);
  });

  it("speaks zh-CN, zh-TW and en: titles, filters, steps, reasons and the range line in the page's language", async () => {
    for (const lang of LANGUAGES) {
      const words = STAFF_WORDS[lang].dashboard;
      const w = (key: string): string => {
        const text = words[key];
        if (text === undefined) throw new Error(`flows/staff.json ${lang} has no dashboard.${key}`);
        return text;
      };
      const response = await fetch(`${service.baseUrl}/admin/analytics?days=7&lang=${lang}`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain(`<html lang="${lang}">`);
      expect(html).toContain(`<title>${escapeHtml(w("title"))}</title>`);
      // The language switch names each language in itself; everything else is in the page's language.
      const page = html.replace(/<nav class="languages".*?<\/nav>/s, "");
      const said = [
        ...SHOWN_KEYS.map(w),
        fill(w("range"), { from: "2029-12-25", to: "2030-01-01", events: 16 }),
        fill(w("load.title"), { samples: 3 }),
        fill(w("load.median"), { ms: 800 }),
        fill(w("funnel.deviceFailed"), { count: 3 }),
        fill(w("deviceFailures.total"), { count: 3 }),
        fill(w("failure.camera"), { status: "trtc_androidNoWebcamPermission" }),
        fill(w("funnel.ordersLink"), { step: w("step.failed"), count: 1 }),
      ];
      for (const text of said) expect(page, `${lang}: ${text}`).toContain(escapeHtml(text));
      for (const other of LANGUAGES.filter((l) => l !== lang)) {
        for (const [key, text] of Object.entries(STAFF_WORDS[other].dashboard)) {
          if (text !== words[key] && !text.includes("{")) expect(page, `${lang} shows ${other}'s ${key}`).not.toContain(escapeHtml(text));
        }
      }
      if (lang === "en") expect(page).not.toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it("counts attempts that failed on the device before upload, by reason, apart from the funnel's failures", async () => {
    const html = await (await fetch(`${service.baseUrl}/admin/analytics?days=7&lang=zh-CN`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
    const card = /<section class="card" id="device-failures">(.*?)<\/section>/s.exec(html)?.[1] ?? "";
    expect(card).toContain("在设备上失败、录像没有送达服务的尝试：3 次");
    const bars = [...card.matchAll(/<g class="bar" data-label="([^"]+)" data-value="(\d+)">/g)].map((m) => [m[1], Number(m[2])]);
    expect(bars).toEqual([["未检测到人脸", 2], ["摄像头无法使用：trtc_androidNoWebcamPermission", 1]]);
    // The funnel's own failures stay the orders the service failed; the card is a step away.
    expect(html).toContain('<a href="#device-failures">另有上传前在设备上失败的尝试（不计入核身失败）：3 次</a>');
  });

  it("leads from each service-side funnel number to exactly the orders it counts, and from no browser-only one", async () => {
    const browser = new Browser(service.baseUrl);
    await browser.fetch(`/admin/analytics?token=${TOKEN}`, { redirect: "manual" });
    const html = await (await browser.fetch("/admin/analytics?days=7&lang=en")).text();
    const links = (part: string) =>
      [...part.matchAll(/<a class="bar" href="([^"]+)" aria-label="([^"]+)"/g)].map((m) => [m[2]?.replaceAll("&#39;", "'"), (m[1] ?? "").replaceAll("&#38;", "&")]);
    const card = (id: string) => new RegExp(`<section class="card(?: wide)?" id="${id}">(.*?)</section>`, "s").exec(html)?.[1] ?? "";
    const range = "from=2029-12-25&to=2030-01-01";
    expect(links(card("funnel"))).toEqual([
      ["Launched 2: open these orders", `/admin/orders?${range}`],
      ["Recorded 2: open these orders", `/admin/orders?reached=recorded&${range}`],
      ["Uploaded 1: open these orders", `/admin/orders?reached=uploaded&${range}`],
      ["Passed 1: open these orders", `/admin/orders?outcome=passed&${range}`],
      ["Failed 1: open these orders", `/admin/orders?outcome=failed&${range}`],
    ]);
    expect(links(card("per-app")).map(([, href]) => href)).toEqual(
      ["", "reached=recorded&", "reached=uploaded&", "outcome=passed&", "outcome=failed&"].map((f) => `/admin/orders?${f}app=${APP}&${range}`),
    );
    const day = "from=2030-01-01&to=2030-01-01";
    expect(links(card("per-day")).map(([, href]) => href)).toEqual(
      ["", "reached=recorded&", "reached=uploaded&", "outcome=passed&", "outcome=failed&"].map((f) => `/admin/orders?${f}${day}`),
    );
    // The per-day table says the same numbers with the same links.
    expect(card("per-day")).toContain(`<td><a href="/admin/orders?outcome=failed&#38;${day.replace("&", "&#38;")}" aria-label="2030-01-01 Failed 1: open these orders">1</a></td>`);
    // Browser-only steps count users, not orders: no link.
    expect(html).not.toMatch(/aria-label="(Start page|Camera ready) \d+/);
    // Each link lists exactly the orders its number counts.
    const expected: Record<string, string[]> = { Launched: [orderA, orderB], Recorded: [orderA, orderB], Uploaded: [orderA], Passed: [orderA], Failed: [orderB] };
    for (const [name, href] of links(card("funnel"))) {
      const list = await (await browser.fetch(href as string)).text();
      const step = (name as string).split(" ")[0] as string;
      expect([...list.matchAll(/<th scope="row"><a href="\/admin\/orders\/([^"]+)">/g)].map((m) => m[1]).sort(), name).toEqual([...(expected[step] ?? [])].sort());
    }
  });

  it("filters by app and range, lists raw events on request, and validates the query", async () => {
    const auth = { headers: { authorization: `Bearer ${TOKEN}` } };
    const other = (await (await fetch(`${service.baseUrl}/admin/analytics.json?app=OTHER01`, auth)).json()) as AnalyticsAggregates;
    expect(other.funnel.total.launched).toBe(0);
    const withEvents = (await (await fetch(`${service.baseUrl}/admin/analytics.json?events=1`, auth)).json()) as { recentEvents: { name: string; orderNo: string }[] };
    expect(withEvents.recentEvents.filter((e) => e.orderNo === orderA).map((e) => e.name)).toEqual(["pageView", "pageView", "pageLoadTime", "pageLoadTime", "pageLoadSlow", "pageView"]);
    clock.advance(8 * 86_400_000);
    const later = (await (await fetch(`${service.baseUrl}/admin/analytics.json?days=7`, auth)).json()) as AnalyticsAggregates;
    expect([later.funnel.total.launched, later.events.total]).toEqual([0, 0]);
    const month = (await (await fetch(`${service.baseUrl}/admin/analytics.json?days=30`, auth)).json()) as AnalyticsAggregates;
    expect(month.funnel.total.launched).toBe(2);
    const bad = await fetch(`${service.baseUrl}/admin/analytics.json?days=5`, auth);
    expect(bad.status).toBe(400);
  });
});

/** Order A: a passed, uploaded recording; order B: a failed stream attempt with no stored recording. */
async function seedOutcomes(service: Service, orderA: string, orderB: string, now: number): Promise<void> {
  const store = createStore(join(service.dir, "faceflow.sqlite"));
  try {
    const a = await store.attempts.open(orderA, "upload", null, now);
    await store.attempts.finish(a.id, { status: "passed", code: "0" }, now);
    await store.sql.run(
      `INSERT INTO recordings (attempt_id, path, container, mime_type, bytes, duration_ms, sha256, message_id, created_at)
       VALUES (?, 'a.webm', 'webm', 'video/webm', 1000, 2000, 'x', 'm', ?)`,
      [a.id, now],
    );
    const b = await store.attempts.open(orderB, "stream", null, now);
    await store.attempts.finish(b.id, { status: "failed", code: "66660004" }, now);
    await store.attempts.open(orderB, "stream", null, now); // still pending: not a recording
    const result = "INSERT INTO results (order_no, attempt_id, passed, payload, created_at) VALUES (?, ?, ?, '{}', ?)";
    await store.sql.run(result, [orderA, a.id, 1, now]);
    await store.sql.run(result, [orderB, b.id, 0, now]);
    // As the verdict does: the result and the order's final state together.
    await store.orders.transition(orderA, ["created", "in_progress"], "passed", now);
    await store.orders.transition(orderB, ["created", "in_progress"], "failed", now);
  } finally {
    await store.close();
  }
}
