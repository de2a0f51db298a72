import { expect, test } from "@playwright/test";
import { createLaunch } from "./signedLaunch";

/** The hash route the app settled on, e.g. "/action/error?status=noCookieException". */
async function settledRoute(page: import("@playwright/test").Page): Promise<string> {
  await page.waitForFunction(() => document.documentElement.dataset.pageId !== undefined);
  return page.evaluate(() => decodeURIComponent(location.hash.replace(/^#/, "")));
}

test("a silent launch without a session follows the entry rules, then the guard, to the action error page", async ({ page }) => {
  await page.goto("/?live_type=3&wb_app_id=TIDA0001&h5_face_id=E2E1");
  expect(await settledRoute(page)).toBe("/action/error?status=noCookieException");
  await expect(page.locator("body")).toContainText("3002");
});

test("a silent launch with the order_no cookie lands on the silent start page for browsers", async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: "order_no", value: "ORDER-E2E-2", url: baseURL! }]);
  await page.goto("/?live_type=3&wb_app_id=TIDA0001&h5_face_id=E2E2");
  expect(await settledRoute(page)).toBe("/action/h5pre/slient");
  expect(await page.evaluate(() => document.documentElement.dataset.pageId)).toBe("action_h5pre_slient_0");
  expect(await page.title()).toBe("开始验证 - 人脸核身");
});

test("a number launch with the cookie lands on /h5pre, and the landscape theme sets its body class", async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: "order_no", value: "ORDER-E2E-3", url: baseURL! }]);
  await page.goto("/?live_type=1&theme=02&h5_face_id=E2E3");
  expect(await settledRoute(page)).toBe("/h5pre");
  await expect(page.locator("body")).toHaveClass(/landscape/);
});

test("theme 12 empties the page title and sets theme-12", async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: "order_no", value: "ORDER-E2E-4", url: baseURL! }]);
  await page.goto("/?live_type=1&theme=12&h5_face_id=E2E4");
  expect(await settledRoute(page)).toBe("/h5pre");
  await expect(page.locator("body")).toHaveClass(/theme-12/);
  expect(await page.title()).toBe("");
});

test("an invalid launch parameter shows the errorSettings screen instead of a blank page", async ({ page }) => {
  await page.goto("/?live_type=9&h5_face_id=E2E5");
  expect(await settledRoute(page)).toBe("/error?status=errorSettings");
  await expect(page.locator("body")).toContainText("3006");
});

test("opening the error route directly shows a real page with its code", async ({ page }) => {
  await page.goto("/#/error?status=noCookieException");
  expect(await settledRoute(page)).toBe("/error?status=noCookieException");
  await expect(page.getByRole("heading", { name: "暂无访问权限" })).toBeVisible();
  await expect(page.locator("body")).toContainText("3002");
  // Without a known return address there is nowhere to quit to (spec §8: "quit if return url").
  await expect(page.getByRole("button", { name: "退出" })).toHaveCount(0);
});

test("a signed launch logs in and lands on its mode's start page with the order_no cookie", async ({ page, context, baseURL }) => {
  const launch = await createLaunch(baseURL!, { liveType: "3", returnUrl: new URL("/#/entry", baseURL).href });
  await page.goto(launch.launchUrl);
  await page.waitForFunction(() => location.hash === "#/action/h5pre/slient");
  expect((await context.cookies()).find((c) => c.name === "order_no")?.value).toBe(launch.orderNo);
});

test("an unknown hash route shows the catalogue's message screen", async ({ page }) => {
  await page.goto("/#/no/such/page");
  expect(await settledRoute(page)).toMatch(/^\/error\?status=publicError&msg=页面不存在/);
  await expect(page.locator("body")).toContainText("页面不存在");
});

test("the wrapper becomes ready after mounting", async ({ page }) => {
  await page.goto("/#/protocol");
  await expect(page.locator(".ff-wrapper")).toHaveAttribute("data-ready", "true");
});

test("a screen whose code never arrives shows a message with a reload button instead of a blank page, and the reload draws it", async ({ page }) => {
  let dropped = 0;
  await page.route(/\/assets\/chunks\/ErrorScreen-[a-z0-9]+\.js$/, (route) => {
    dropped += 1;
    return route.abort("connectionreset");
  });
  await page.goto("/#/error?status=noCookieException");
  await expect(page.getByRole("alert")).toContainText("网络不稳定，页面没有加载完整。");
  expect(dropped).toBeGreaterThan(0);
  // The network is back: the reload button draws the page.
  await page.unroute(/\/assets\/chunks\/ErrorScreen-[a-z0-9]+\.js$/);
  await page.getByRole("button", { name: "重新加载" }).click();
  await expect(page.getByRole("heading", { name: "暂无访问权限" })).toBeVisible();
});
