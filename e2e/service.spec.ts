/**
 * The verification service's launch, end to end in Debian Chromium against the real server
 * (issue 3): the demo partner page creates an order and the flow logs in (issue 14: from the
 * page itself, before the app's script has arrived) and starts; a launch already used by
 * another browser, and a tampered one, land on the right error screens; a partner's own
 * backend (the partner kit) gets a launch that works exactly once.
 */
import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { createFaceflowPartner } from "@faceflow/partner";
import type { DemoOrderRequest, LaunchResponse } from "../schemas/api";

const DEMO_APP_ID = "TIDA0001";
const DEMO_SECRET = "faceflow-demo-secret-TIDA0001-not-for-production";

/**
 * The hash route the app settled on after logging in, e.g. "/h5pre": the router sets pageId
 * once a screen has mounted, and the login page's id stays until the next page mounts.
 */
async function settledRoute(page: Page): Promise<string> {
  await page.waitForFunction(() => {
    const id = document.documentElement.dataset.pageId;
    return id !== undefined && !id.startsWith("login_");
  });
  return page.evaluate(() => decodeURIComponent(location.hash.replace(/^#/, "")));
}

/** Every hash route the page showed, in order, including same-document (history API) changes. */
function recordRoutes(page: Page): string[] {
  const routes: string[] = [];
  page.on("framenavigated", (frame) => {
    if (frame !== page.mainFrame()) return;
    const hash = new URL(frame.url()).hash.replace(/^#/, "");
    if (routes.at(-1) !== hash) routes.push(hash);
  });
  return routes;
}

/** Fills the demo form, presses its button and returns the order the page created. */
async function launchFromDemo(page: Page, mode: string, setUp: (page: Page) => Promise<void> = async () => undefined): Promise<LaunchResponse> {
  await page.goto("/#/entry");
  await page.locator("label.ff-demo-mode", { hasText: mode }).click();
  await expect(page.getByRole("radio", { name: mode })).toBeChecked();
  // The fake camera's pattern has no face: these tests are about the service, not face guidance (face.spec.ts).
  await page.getByRole("checkbox", { name: "人脸引导" }).uncheck();
  await setUp(page);
  // The page navigates away as soon as it has the answer, so the body is read on its way in.
  let order: LaunchResponse | undefined;
  await page.route("**/demo/v1/orders", async (route) => {
    const response = await route.fetch();
    expect(response.status()).toBe(201);
    order = (await response.json()) as LaunchResponse;
    await route.fulfill({ response });
  });
  await page.getByRole("button", { name: "创建订单并开始核身" }).click();
  await expect.poll(() => order).toBeDefined();
  const created = order!;
  // Routes read before the launch page loaded would be the demo page's.
  await page.waitForURL(created.launchUrl);
  await page.unroute("**/demo/v1/orders");
  return created;
}

/** An order made through the demo backend directly, for tests that open its launch themselves. */
async function demoOrder(request: APIRequestContext, body: DemoOrderRequest): Promise<LaunchResponse> {
  const created = await request.post("/demo/v1/orders", { data: body });
  expect(created.status()).toBe(201);
  return (await created.json()) as LaunchResponse;
}

async function orderNoCookie(page: Page): Promise<string | undefined> {
  return (await page.context().cookies()).find((c) => c.name === "order_no")?.value;
}

/** Opens `url` in a fresh browser context (another browser, as far as the service can tell). */
async function inNewBrowser<T>(browser: Browser, run: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext();
  try {
    return await run(await context.newPage());
  } finally {
    await context.close();
  }
}

test("the demo page creates a number order and the flow logs in and starts on the browser start page", async ({ page }) => {
  const order = await launchFromDemo(page, "数字活体", async (p) => {
    await p.getByLabel("界面主题").selectOption("05");
    await p.getByRole("radio", { name: "/liveEntry" }).check();
  });
  expect(await settledRoute(page)).toBe("/h5pre");
  expect(await orderNoCookie(page)).toBe(order.orderNo);
  const launch = new URL(order.launchUrl);
  expect(page.url().startsWith(launch.origin + "/?")).toBe(true);
  expect(launch.searchParams.get("live_type")).toBe("1");
  expect(launch.searchParams.get("theme")).toBe("05");
  expect(launch.searchParams.get("url")).toBe(new URL("/#/liveEntry", launch.origin).href);
  await expect(page.locator("body")).toHaveClass(/theme-05/);
});

test("the demo page's language select puts lang into the signed launch, and the flow logs in with it", async ({ page }) => {
  const order = await launchFromDemo(page, "数字活体", async (p) => {
    await expect(p.getByLabel("核身页面语言")).toHaveValue("");
    await p.getByLabel("核身页面语言").selectOption({ label: "English" });
  });
  expect(new URL(order.launchUrl).searchParams.get("lang")).toBe("en");
  expect(await settledRoute(page)).toBe("/h5pre");
  expect(await orderNoCookie(page)).toBe(order.orderNo);
});

test("a launch's login leaves from the page itself before the app's script arrives, once, and the app starts past the login page", async ({ page, request }) => {
  const order = await demoOrder(request, { liveType: "1" });
  const logins: string[] = [];
  let loginAnswered = false;
  page.on("request", (r) => {
    if (new URL(r.url()).pathname === "/api/v1/login") logins.push(r.method());
  });
  page.on("requestfinished", (r) => {
    if (new URL(r.url()).pathname === "/api/v1/login") loginAnswered = true;
  });
  const csp: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy/i.test(m.text())) csp.push(m.text());
  });
  // The app's script is held until the login has its answer (5 s at most): a login the app
  // sent itself could not have left before it.
  let answeredBeforeApp = false;
  await page.route(/\/assets\/chunks\/main-[a-z0-9]+\.js$/, async (route) => {
    const deadline = Date.now() + 5000;
    while (!loginAnswered && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    answeredBeforeApp = loginAnswered;
    await route.continue();
  });
  const routes = recordRoutes(page);
  await page.goto(order.launchUrl);
  expect(await settledRoute(page)).toBe("/h5pre");
  expect(answeredBeforeApp).toBe(true);
  expect(logins).toEqual(["POST"]);
  expect(routes).not.toContain("/login");
  expect(csp).toEqual([]);
  expect(await orderNoCookie(page)).toBe(order.orderNo);
  await expect(page.getByRole("button", { name: "开始验证" })).toBeEnabled();
});

test("the demo page creates an action order with the chosen actions and the flow starts on the action start page", async ({ page }) => {
  const order = await launchFromDemo(page, "动作活体", async (p) => {
    // Default: blink, open mouth. Unpick blink and add shake head: open mouth, shake head.
    await p.getByRole("button", { name: "眨眼" }).click();
    await p.getByRole("button", { name: "摇头" }).click();
    await expect(p.getByText("执行顺序：张嘴 → 摇头")).toBeVisible();
  });
  expect(await settledRoute(page)).toBe("/action/h5pre");
  expect(await orderNoCookie(page)).toBe(order.orderNo);
  expect(new URL(order.launchUrl).searchParams.get("traditional_action")).toBe("3,1");
});

test("a launch already used by one browser shows exitException in another, whose quit returns to the demo page unsigned", async ({ page, browser }) => {
  const order = await launchFromDemo(page, "数字活体");
  expect(await settledRoute(page)).toBe("/h5pre");

  await inNewBrowser(browser, async (other) => {
    await other.goto(order.launchUrl);
    expect(await settledRoute(other)).toBe("/error?status=exitException");
    await expect(other.locator("body")).toContainText("本次验证已结束");
    await expect(other.locator("body")).toContainText("3001");
    // The launch's return address was signed, so quitting goes back to the partner (the demo page)
    // with the front code and no signature, which the partner must not trust.
    await other.getByRole("button", { name: "退出" }).click();
    await other.waitForURL((url) => url.hash === "#/entry" && url.searchParams.get("code") === "3001");
    expect(new URL(other.url()).searchParams.get("orderNo")).toBe(order.orderNo);
    await expect(other.getByText("签名校验失败")).toBeVisible();
    await expect(other.getByText("结果码 3001")).toBeVisible();
  });
});

test("a tampered launch shows the 400101 link-invalid screen and does not use up the real one", async ({ browser, request }) => {
  const order = await demoOrder(request, { liveType: "2", actions: ["2", "4"] });
  const tampered = new URL(order.launchUrl);
  tampered.searchParams.set("live_type", "3");

  await inNewBrowser(browser, async (other) => {
    await other.goto(tampered.href);
    expect(await settledRoute(other)).toBe("/action/error?code=400101");
    await expect(other.locator("body")).toContainText("链接已失效");
    await expect(other.locator("body")).toContainText("400101");
  });

  // The signature check comes before the single-use claim: the genuine link still works, once.
  await inNewBrowser(browser, async (other) => {
    await other.goto(order.launchUrl);
    expect(await settledRoute(other)).toBe("/action/h5pre");
  });
});

test("a launch whose return address was swapped never sends the user there", async ({ browser, request }) => {
  const order = await demoOrder(request, { liveType: "1" });
  const tampered = new URL(order.launchUrl);
  tampered.searchParams.set("url", "https://evil.example/collect");

  await inNewBrowser(browser, async (other) => {
    const hosts: string[] = [];
    other.on("request", (r) => hosts.push(new URL(r.url()).hostname));
    await other.goto(tampered.href);
    expect(await settledRoute(other)).toBe("/error?code=400101");
    await other.getByRole("button", { name: "退出" }).click();
    // With no trusted return address the finisher only says it is busy (spec §4 Finish).
    await expect(other.getByText("处理中，请稍候")).toBeVisible();
    expect(new URL(other.url()).origin).toBe(new URL(order.launchUrl).origin);
    expect(hosts).not.toContain("evil.example");
  });
});

test("a partner backend creates an order with the partner kit, and its launch works exactly once", async ({ page, browser, baseURL }) => {
  const partner = createFaceflowPartner({ baseUrl: baseURL!, appId: DEMO_APP_ID, secret: DEMO_SECRET });
  const order = await partner.createOrder({ userId: "e2e-partner-user", liveType: "3", returnUrl: new URL("/#/srcEntry", baseURL).href });
  expect((await partner.getOrder(order.orderNo)).state).toBe("created");

  await page.goto(order.launchUrl);
  expect(await settledRoute(page)).toBe("/action/h5pre/slient");
  expect(await orderNoCookie(page)).toBe(order.orderNo);
  const view = await partner.getOrder(order.orderNo);
  expect(view.state).toBe("in_progress");
  expect(view.userId).toBe("e2e-partner-user");

  // Reloading in the same browser gets the session back rather than an error.
  await page.reload();
  expect(await settledRoute(page)).toBe("/action/h5pre/slient");

  await inNewBrowser(browser, async (other) => {
    await other.goto(order.launchUrl);
    expect(await settledRoute(other)).toBe("/action/error?status=exitException");
  });
});
