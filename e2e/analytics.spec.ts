/**
 * Analytics end to end (issue 6) in Debian Chromium against the real service: a partner
 * launch and a few pages produce their page views and stay times at the ingest, read back
 * through the staff dashboard's JSON; pages shown while the browser is offline reach the
 * ingest once it is back online (nothing lost); the dashboard page itself renders its SVG
 * charts under the service's CSP.
 */
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { createLaunch } from "./signedLaunch";

/** Same value as FACEFLOW_ADMIN_TOKEN in playwright.config.ts. */
const ADMIN_TOKEN = "e2e-admin-token-0123456789";

interface StoredEvent {
  name: string;
  orderNo: string | null;
  traceId: string | null;
  data: Record<string, string | number | boolean>;
}

interface DashboardJson {
  funnel: { total: Record<string, number> };
  recentEvents: StoredEvent[];
}

async function dashboardJson(request: APIRequestContext): Promise<DashboardJson> {
  const response = await request.get("/admin/analytics.json?days=1&events=1", { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
  expect(response.status()).toBe(200);
  return (await response.json()) as DashboardJson;
}

/** pageIds of the stored events named `name` for one order. */
async function storedPageIds(request: APIRequestContext, orderNo: string, name: string): Promise<string[]> {
  const body = await dashboardJson(request);
  return body.recentEvents.filter((e) => e.orderNo === orderNo && e.name === name).map((e) => String(e.data.pageId));
}

/** True when every item of `expected` occurs in `actual` at least as often (a multiset ⊆). */
function containsAll(actual: readonly string[], expected: readonly string[]): boolean {
  const left = new Map<string, number>();
  for (const a of actual) left.set(a, (left.get(a) ?? 0) + 1);
  return expected.every((e) => {
    const n = left.get(e) ?? 0;
    left.set(e, n - 1);
    return n > 0;
  });
}

/** The pageId the router settled on (it is set once a screen has mounted), skipping the login page. */
async function settledPageId(page: Page): Promise<string> {
  const handle = await page.waitForFunction(() => {
    const id = document.documentElement.dataset.pageId;
    return id !== undefined && !id.startsWith("login_") && !id.startsWith("root_") ? id : false;
  });
  return (await handle.jsonValue()) as string;
}

/** An in-app (same-document) navigation: works offline once the screen's code is loaded. */
async function showHash(page: Page, hash: string, pageId: string): Promise<string> {
  await page.evaluate((h) => void (location.hash = h), hash);
  await page.waitForFunction((id) => document.documentElement.dataset.pageId === id, pageId);
  return pageId;
}

test("a flow's events reach the ingest and survive going offline", async ({ page, context, request, baseURL }) => {
  const launch = await createLaunch(baseURL!, { returnUrl: new URL("/partner-return", baseURL).href });
  const shown: string[] = [];

  await page.goto(launch.launchUrl);
  await page.waitForFunction(() => /^#\/(h5pre|pre|action\/)/.test(location.hash));
  shown.push(await settledPageId(page));
  shown.push(await showHash(page, "/protocol", "protocol_0"));
  shown.push(await showHash(page, "/error?status=noCookieException", "error_0"));
  // A reload ends the page life: its page-hide hands the buffer to sendBeacon.
  await page.reload();
  shown.push(await settledPageId(page));
  // Loads the agreement screen's code while online, so it can be shown again offline.
  shown.push(await showHash(page, "/protocol", "protocol_0"));
  await expect.poll(async () => containsAll(await storedPageIds(request, launch.orderNo, "pageView"), shown.slice(0, 3))).toBe(true);

  await context.setOffline(true);
  const offline = [await showHash(page, "/error?status=lipsException", "error_0"), await showHash(page, "/protocol/tencent", "protocol_tencent_0")];
  shown.push(...offline);
  // Not delivered while offline: they wait in the persisted buffer.
  expect(await storedPageIds(request, launch.orderNo, "pageView")).not.toContain("protocol_tencent_0");
  await context.setOffline(false);
  // Leaving the page (page hide) sends what is buffered, now that the browser is online.
  await page.goto("about:blank");

  await expect
    .poll(async () => containsAll(await storedPageIds(request, launch.orderNo, "pageView"), shown), { timeout: 20_000 })
    .toBe(true);
  // Every page left reported how long it was shown, the offline ones included.
  await expect.poll(async () => containsAll(await storedPageIds(request, launch.orderNo, "stayTime"), shown), { timeout: 20_000 }).toBe(true);
  const loads = await storedPageIds(request, launch.orderNo, "pageLoadTime");
  const slow = await storedPageIds(request, launch.orderNo, "pageLoadSlow");
  expect(loads.length + slow.length).toBeGreaterThanOrEqual(shown.length);

  const body = await dashboardJson(request);
  expect(body.funnel.total.launched).toBeGreaterThanOrEqual(1);
  expect(body.funnel.total.startPage).toBeGreaterThanOrEqual(1);
});

test("the dashboard shows its charts under the CSP after a ?token= sign-in", async ({ page }) => {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  await page.goto(`/admin/analytics?token=${ADMIN_TOKEN}`);
  await expect(page).toHaveURL(/\/admin\/analytics$/);
  await expect(page.getByRole("heading", { name: "核身数据看板" })).toBeVisible();
  expect(await page.locator("svg.chart").count()).toBeGreaterThanOrEqual(5);
  await expect(page.locator("svg.chart").first()).toBeVisible();
  // The external script ran (a click pins a bar's figure in the title; bars that count orders are links to them instead).
  await page.locator("svg.chart g.bar").first().click();
  await expect(page).toHaveTitle(/: \d+ · 核身数据看板/);
  // The range choice reloads the page through the external script, keeping the cookie session.
  await page.locator("select[name=days]").selectOption("30");
  await expect(page).toHaveURL(/days=30/);
  await expect(page.getByRole("heading", { name: "核身数据看板" })).toBeVisible();
  expect(problems).toEqual([]);
});
