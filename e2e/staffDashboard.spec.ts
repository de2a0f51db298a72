/**
 * The staff dashboard as staff see it (issue 35), in Debian Chromium at 1280×800 against the
 * real service, in zh-CN, zh-TW and en: the cards use the window's width (two columns, the
 * per-day funnel across both) and each chart its card's; the per-day legend shows all seven
 * series, none clipped; no two x labels overlap; an attempt the page stopped on the device
 * (the fake pattern has no face and guidance is on) is a failure with its reason; and from the
 * failed count a reviewer reaches the failed order's view in two clicks.
 *
 * Besides the two real flows, a month of page views and some long-named failure reasons are
 * reported through the ingest with earlier event times (the ingest files an event under the
 * day it happened, within retention), so the per-day axis has thirty labels to place and the
 * bar charts long labels to fit. Each language's screenshot is kept with the test's results.
 */
import { readFileSync } from "node:fs";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { ANALYTICS_PATHS, type AnalyticsEvent, type BatchBody } from "../schemas/analytics";
import { ANALYTICS_TOKEN_HEADER } from "../schemas/analyticsToken";
import { loginResponseSchema } from "../schemas/api";
import { launchFromDemo, openRecorder, record, RECORD_SECONDS, startRecording } from "./recordingFlow";
import { createLaunch } from "./signedLaunch";
import { expectResultPage, expectVerifying } from "./verdict";

/** Same value as FACEFLOW_ADMIN_TOKEN in playwright.config.ts. */
const ADMIN_TOKEN = "e2e-admin-token-0123456789";
const LANGUAGES = ["zh-CN", "zh-TW", "en"] as const;
type Language = (typeof LANGUAGES)[number];
const STEPS = ["launched", "startPage", "cameraReady", "recorded", "uploaded", "passed", "failed"] as const;
const DAY = 86_400_000;

/** The dashboard's words as shipped (flows/staff.json), so the test reads what staff read. */
const WORDS = JSON.parse(readFileSync(new URL("../flows/staff.json", import.meta.url), "utf8")) as Record<Language, { dashboard: Record<string, string> }>;
const word = (lang: Language, key: string): string => {
  const text = WORDS[lang].dashboard[key];
  if (text === undefined) throw new Error(`flows/staff.json ${lang} has no dashboard.${key}`);
  return text;
};

test.describe.configure({ mode: "serial" });

let failedOrder = "";

/** Thirty days of one user's page views and loads, and failure reasons and statuses with long names, through the ingest. */
async function reportHistory(baseURL: string): Promise<void> {
  const launch = await createLaunch(baseURL, { returnUrl: new URL("/#/entry", baseURL).href });
  const login = await fetch(new URL("/api/v1/login", baseURL), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(Object.fromEntries(new URL(launch.launchUrl).searchParams)),
  });
  expect(login.status).toBe(200);
  const token = loginResponseSchema.parse(await login.json()).analyticsToken;
  if (token === undefined) throw new Error("the login answer carries no analytics token");
  const now = Date.now();
  const ev = (name: string, at: number, data: AnalyticsEvent["data"], route?: string): AnalyticsEvent => ({ name, at, data, traceId: "e2e-history", ...(route ? { route } : {}) });
  const events: AnalyticsEvent[] = [];
  for (let d = 1; d < 30; d += 1) {
    const at = now - d * DAY;
    events.push(ev("pageView", at, { pageId: "h5pre_0" }), ev("pageView", at, { pageId: "vertify_0" }), ev("pageLoadTime", at, { ms: 90 + d * 97 }));
  }
  const at = now - DAY;
  events.push(
    ev("captureFailed", at, { kind: "recorder", status: "trtc_androidNoWebcamPermission", reason: 10 }),
    ev("recordingRefused", at, { status: "websocket_webcamPicSmallException", detail: "0.4 s" }),
    ev("uploadFailed", at, { status: "uploadVideoOtherException", detail: "no answer" }),
    ev("realtimeFailed", at, { mode: "trtc", status: "trtc_opRefreshTimeout", downgrade: 0, frontError: false }),
    ev("pageView", at, { pageId: "action_error_0" }, "/action/error?status=websocket_webcamPicSmallException"),
    ev("downgrade", at, { reason: 10, reasonName: "webcamNoPermissionNormally" }),
  );
  for (let i = 0; i < events.length; i += 20) {
    const body: BatchBody = { appId: "TIDA0001", sdkVersion: "1.15.7-beta.7", appVersion: "1.0.0", env: "test", traceId: "e2e-history", batch: events.slice(i, i + 20) };
    const answer = await fetch(new URL(ANALYTICS_PATHS.batch, baseURL), { method: "POST", headers: { "content-type": "application/json", [ANALYTICS_TOKEN_HEADER]: token }, body: JSON.stringify(body) });
    expect(answer.status).toBe(200);
  }
}

/** A number-mode order with one attempt, recorded from the fake pattern: the service finds no face and the order fails. */
async function failAtTheService(browser: Browser, baseURL: string): Promise<string> {
  const order = await createLaunch(baseURL, { liveType: "1", maxAttempts: 1, returnUrl: new URL("/#/entry", baseURL).href });
  const context = await browser.newContext({ permissions: ["camera", "microphone"] });
  try {
    const page = await context.newPage();
    await page.goto(order.launchUrl);
    await openRecorder(page, "数字活体");
    await record(page, RECORD_SECONDS["数字活体"]);
    await expectVerifying(page);
    await expectResultPage(page, "fail", ["活体检测未通过"]);
  } finally {
    await context.close();
  }
  return order.orderNo;
}

/** A silent-mode recording with face guidance on: the page finds no face and stops it before any upload. */
async function failOnTheDevice(browser: Browser): Promise<void> {
  const context = await browser.newContext({ permissions: ["camera", "microphone"] });
  try {
    const page = await context.newPage();
    await launchFromDemo(page, "静默活体", { guidance: true });
    await openRecorder(page, "静默活体");
    await startRecording(page);
    await expect(page.getByRole("heading", { name: "未检测到人脸" })).toBeVisible({ timeout: 30_000 });
    // Leaving the page hands its buffered events to sendBeacon.
    await page.goto("about:blank");
  } finally {
    await context.close();
  }
}

test.beforeAll(async ({ browser }, testInfo) => {
  testInfo.setTimeout(180_000);
  const baseURL = testInfo.project.use.baseURL;
  if (!baseURL) throw new Error("playwright.config.ts sets baseURL");
  await reportHistory(baseURL);
  failedOrder = await failAtTheService(browser, baseURL);
  await failOnTheDevice(browser);
  const headers = { authorization: `Bearer ${ADMIN_TOKEN}` };
  await expect
    .poll(
      async () => {
        const body = (await (await fetch(new URL("/admin/analytics.json?days=1", baseURL), { headers })).json()) as { deviceFailures: { reasons: { label: string }[] } };
        return body.deviceFailures.reasons.map((r) => r.label);
      },
      { timeout: 20_000 },
    )
    .toContain("guidance.face");
});

async function openDashboard(page: Page, query: string): Promise<void> {
  await page.goto(`/admin/analytics?token=${ADMIN_TOKEN}`);
  await page.goto(`/admin/analytics?${query}`);
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const inside = (inner: Box, outer: Box) =>
  inner.x >= outer.x - 0.5 && inner.y >= outer.y - 0.5 && inner.x + inner.width <= outer.x + outer.width + 0.5 && inner.y + inner.height <= outer.y + outer.height + 0.5;

for (const lang of LANGUAGES) {
  test(`${lang}: at 1280×800 the cards use the window's width, the per-day legend shows all seven series unclipped, and no labels overlap`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openDashboard(page, `days=30&lang=${lang}`);
    await expect(page.locator("html")).toHaveAttribute("lang", lang);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(word(lang, "title"));

    // Two cards side by side fill the row; the per-day card spans it.
    const box = async (selector: string) => (await page.locator(selector).boundingBox()) as Box;
    const [funnel, device, perDay] = [await box("#funnel"), await box("#device-failures"), await box("#per-day")];
    expect(funnel.width).toBeGreaterThan(560);
    expect(device.x).toBeGreaterThan(funnel.x + funnel.width);
    expect(device.x + device.width - funnel.x).toBeGreaterThan(0.9 * 1280);
    expect(perDay.width).toBeGreaterThan(0.9 * 1280);
    // Every chart as wide as its card's content.
    const charts = await page.locator("svg.chart").evaluateAll((svgs) =>
      svgs.map((svg) => {
        const card = svg.closest(".card") as HTMLElement;
        const style = getComputedStyle(card);
        return { chart: svg.getBoundingClientRect().width, room: card.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) };
      }),
    );
    expect(charts.length).toBeGreaterThanOrEqual(6);
    for (const c of charts) expect(c.chart).toBeGreaterThan(0.98 * c.room);

    // The legend: the seven steps in this language, each whole and inside the card, none on another.
    const legend = page.locator("#per-day .legend li");
    await expect(legend).toHaveText(STEPS.map((s) => word(lang, `step.${s}`)));
    const entries = await legend.evaluateAll((items) =>
      items.map((li) => {
        const r = li.getBoundingClientRect();
        return { x: r.x, y: r.y, width: r.width, height: r.height, clipped: li.scrollWidth > li.clientWidth + 1 };
      }),
    );
    for (const [i, e] of entries.entries()) {
      expect(e.clipped, `legend entry ${i}`).toBe(false);
      expect(inside(e, perDay), `legend entry ${i} inside the card`).toBe(true);
      for (const other of entries.slice(i + 1)) expect(overlaps(e, other)).toBe(false);
    }

    // Every text of every chart inside its chart; x labels, by their boxes, never on each other.
    const texts = await page.locator("svg.chart").evaluateAll((svgs) =>
      svgs.map((svg) => {
        const rect = (el: Element) => {
          const r = el.getBoundingClientRect();
          return { x: r.x, y: r.y, width: r.width, height: r.height, text: el.textContent ?? "" };
        };
        return { chart: rect(svg), name: svg.getAttribute("aria-label") ?? "", texts: [...svg.querySelectorAll("text")].map(rect), xlabels: [...svg.querySelectorAll("text.xlabel")].map(rect) };
      }),
    );
    for (const chart of texts) {
      for (const t of chart.texts) expect(inside(t, chart.chart), `${chart.name}: "${t.text}" inside the chart`).toBe(true);
      for (const [i, a] of chart.xlabels.entries()) for (const b of chart.xlabels.slice(i + 1)) expect(overlaps(a, b), `${chart.name}: "${a.text}" and "${b.text}"`).toBe(false);
    }
    const histogram = texts.find((c) => c.name === word(lang, "load.chart"));
    expect(histogram?.xlabels.map((l) => l.text)).toEqual(["≤100", "≤250", "≤500", "≤1000", "≤2000", "≤3000", "≤5000", ">5000"]);
    // Thirty days: a label every other day at least, none dropped silently from the tooltips.
    const perDayChart = texts.find((c) => c.name === word(lang, "funnel.byDay"));
    expect(perDayChart?.xlabels.length).toBeGreaterThanOrEqual(10);

    // The attempt the page stopped is a failure with its reason, in this language.
    await expect(page.locator("#device-failures .bar").filter({ hasText: word(lang, "failure.guidance.face") })).toHaveCount(1);
    await page.screenshot({ path: test.info().outputPath(`staff-dashboard-${lang}.png`), fullPage: true });
  });
}

test("from the failed count a reviewer reaches the failed order's view in two clicks", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openDashboard(page, "days=7&lang=zh-CN");
  const failed = page.locator("#funnel").getByRole("link", { name: new RegExp(`^${word("zh-CN", "step.failed")} \\d+：查看这些订单$`) });
  await failed.click();
  await expect(page).toHaveURL(/\/admin\/orders\?outcome=failed&from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("订单查询");
  const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: failedOrder }) });
  await expect(row.getByRole("cell").nth(3)).toHaveText("失败");
  await row.getByRole("link", { name: failedOrder }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${failedOrder}$`));
  // The view says why: the failed check (no face in the pattern) with its code.
  await expect(page.locator(".summary .fail")).toContainText(/失败：face \(1015/);
  await expect(page.locator("table.checks .fail").first()).toHaveText("未通过");
});
