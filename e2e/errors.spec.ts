/**
 * The error catalogue, its safety and the hand-back to the partner, in Debian Chromium
 * against the real service: every status of ERROR_STATUSES at #/error?status=… in the
 * default, landscape (02) and a colour theme (07); markup in msg and in the record-timeout
 * highlights shown as text; quitting and finishing redirect to the return address with the
 * spec's payload, and a second press within 5 s shows the processing toast. (Markup in the
 * record-timeout highlights is checked on a real recording page in e2e/capture.spec.ts.)
 */
import { expect, test, type Page, type Route } from "@playwright/test";
import { readFileSync } from "node:fs";
import { ERROR_STATUSES, errorsFileSchema } from "../schemas/errors";
import { createLaunch, openLaunchAt } from "./signedLaunch";
import type { Texts } from "../schemas/texts";
import { lookupText } from "../src/runtime/textKey";

// Read with fs: Node's ESM loader (which Playwright's runner uses here) wants import
// attributes for JSON, which the app's own modules do not carry.
const ERROR_CATALOGUE = errorsFileSchema.parse(JSON.parse(readFileSync(new URL("../flows/errors.json", import.meta.url), "utf8")));
/** The page's zh-CN texts (the context's locale), which the catalogue's text keys name. */
const ZH_CN: Partial<Texts> = JSON.parse(readFileSync(new URL("../flows/texts.zh-CN.json", import.meta.url), "utf8"));
const zh = (key: string) => lookupText(ZH_CN, key);

const XSS = "<img src=x onerror=window.__xss=1>";
const THEMES = [
  { id: "", bodyClass: null },
  { id: "02", bodyClass: "landscape" },
  { id: "07", bodyClass: "theme-07" },
] as const;

/** The partner's return address on this server (any path: the test intercepts it). */
function returnAddress(baseURL: string | undefined): string {
  return new URL("/partner-return?keep=1", baseURL).href;
}

function launchUrl(params: Record<string, string>, hash: string): string {
  const qs = new URLSearchParams(params).toString();
  return `/${qs ? `?${qs}` : ""}#${hash}`;
}

/** Waits until the router has shown a page (it sets pageId after the screen mounted). */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.pageId !== undefined);
}

/**
 * One page for the whole catalogue, opened once per worker: each status is still a fresh
 * load of its own launch URL, but the app's hashed assets come from the browser cache
 * (they are served immutable), which roughly halves the time of these ~120 tests.
 */
const catalogueTest = test.extend<object, { cataloguePage: Page }>({
  cataloguePage: [
    async ({ browser }, use, workerInfo) => {
      const context = await browser.newContext({ baseURL: workerInfo.project.use.baseURL, locale: "zh-CN" });
      await use(await context.newPage());
      await context.close();
    },
    { scope: "worker" },
  ],
});

for (const theme of THEMES) {
  catalogueTest.describe(`every error status, theme '${theme.id}'`, () => {
    for (const status of ERROR_STATUSES) {
      catalogueTest(status, async ({ cataloguePage: page }) => {
        const entry = ERROR_CATALOGUE.statuses[status];
        // No return address here (none was vouched for): statuses that quit only when one is
        // known show no quit button; "with a known return address" below covers the other case.
        const params: Record<string, string> = { h5_face_id: `E2E-${status}` };
        if (theme.id) params.theme = theme.id;
        await page.goto(launchUrl(params, `/error?status=${encodeURIComponent(status)}`));
        await settled(page);
        const screen = page.locator(`[data-status="${status}"]`);
        await expect(screen.locator(".ff-error__title")).toHaveText(zh(entry.title));
        if (entry.code) await expect(screen.locator(".ff-error__code")).toHaveText(zh(ERROR_CATALOGUE.labels.code).replace("{code}", entry.code));
        const first = entry.quitOnlyIfReturnUrl ? undefined : entry.buttons.first;
        const labels = [first, entry.buttons.second].flatMap((action) => (action ? [zh(ERROR_CATALOGUE.labels[action])] : []));
        await expect(screen.getByRole("button")).toHaveText(labels);
        for (const button of await screen.getByRole("button").all()) await expect(button).toBeVisible();
        if (theme.bodyClass) await expect(page.locator("body")).toHaveClass(new RegExp(`\\b${theme.bodyClass}\\b`));
      });
    }
  });
}

test("an unknown status shows the generic page naming it, with the URL's code", async ({ page }) => {
  await page.goto("/#/error?status=noSuchStatus&code=1234");
  await settled(page);
  await expect(page.locator(".ff-error__detail")).toHaveText("状态：noSuchStatus");
  await expect(page.locator(".ff-error__code")).toHaveText("错误码：1234");
  await expect(page.getByRole("button")).toHaveCount(1);
});

test.describe("markup from the URL is text", () => {
  test("msg on the error page", async ({ page }) => {
    for (const status of ["publicError", "enMsgError"]) {
      await page.goto(`/#/error?status=${status}&msg=${encodeURIComponent(XSS)}`);
      await settled(page);
      await expect(page.locator(".ff-error__message")).toHaveText(XSS);
      await expect(page.locator("#root img")).toHaveCount(0);
    }
    expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
  });
});

/** The partner's page itself (the launch URL also names it, in its url= parameter). */
const atPartner = (url: URL) => url.pathname === "/partner-return";

/**
 * Answers navigations to the partner's return address: with its page, or with 204 No
 * Content, which leaves the browser on our page (as a slow partner would, for a while).
 * Playwright cannot act on a page while a navigation it started is held open, so 204 is how
 * a test presses a button again "while the redirect is under way".
 */
async function partnerAnswers(page: Page, status: 200 | 204): Promise<{ requests: string[] }> {
  const requests: string[] = [];
  await page.route("**/partner-return**", async (route: Route) => {
    requests.push(route.request().url());
    await route.fulfill(
      status === 204 ? { status: 204 } : { status: 200, contentType: "text/html; charset=utf-8", body: "<!doctype html><title>partner</title><p>partner page</p>" },
    );
  });
  return { requests };
}

test.describe("handing back to the partner", () => {
  test("with a known return address, the statuses that quit only then offer quit", async ({ page, baseURL }) => {
    const launch = await createLaunch(baseURL!, { returnUrl: returnAddress(baseURL) });
    for (const status of ERROR_STATUSES.filter((s) => ERROR_CATALOGUE.statuses[s].quitOnlyIfReturnUrl)) {
      await openLaunchAt(page, launch.launchUrl, `/error?status=${status}`);
      await expect(page.locator(`[data-status="${status}"]`).getByRole("button", { name: "退出" })).toBeVisible();
    }
  });

  test("a return address in the launch URL that the service did not confirm is never followed, and the user is told", async ({ page, baseURL }) => {
    const partner = await partnerAnswers(page, 200);
    // No session: the service cannot confirm that the order's app allows the address (spec §3, docs/differencesFromSpec.md).
    await page.goto(launchUrl({ url: returnAddress(baseURL), h5_face_id: "E2E-UNSIGNED" }, "/error?status=browserNotSupport"));
    await settled(page);
    await page.getByRole("button", { name: "退出" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "返回地址未获合作方授权" })).toBeVisible();
    expect(partner.requests).toHaveLength(0);
  });

  test("quit on an error page goes to the return address with code and orderNo, keeping the partner's query", async ({ page, baseURL }) => {
    await partnerAnswers(page, 200);
    const launch = await createLaunch(baseURL!, { returnUrl: returnAddress(baseURL) });
    await openLaunchAt(page, launch.launchUrl, "/error?status=trtc_iosNoWebcamPermission");
    await page.getByRole("button", { name: "退出" }).click({ noWaitAfter: true });
    await page.waitForURL(atPartner);
    const url = new URL(page.url());
    expect(url.searchParams.get("keep")).toBe("1");
    expect(url.searchParams.get("orderNo")).toBe(launch.orderNo);
    expect(url.searchParams.get("code")).toBe("3004");
    expect([...url.searchParams.keys()]).toEqual(["keep", "orderNo", "code"]);
  });

  test("a second press within 5 s shows 处理中，请稍候 and does not redirect again", async ({ page, baseURL }) => {
    const partner = await partnerAnswers(page, 204);
    const launch = await createLaunch(baseURL!, { returnUrl: returnAddress(baseURL) });
    await openLaunchAt(page, launch.launchUrl, "/error?status=browserNotSupport");
    await page.getByRole("button", { name: "退出" }).click();
    await expect.poll(() => partner.requests.length).toBe(1);
    expect(new URL(partner.requests[0]!).searchParams.get("code")).toBe("3005");
    await page.getByRole("button", { name: "退出" }).click();
    await expect(page.getByRole("status").filter({ hasText: "处理中，请稍候" })).toBeVisible();
    expect(partner.requests).toHaveLength(1);
  });

  test("finish on the success page redirects with orderNo and h5faceId", async ({ page, baseURL }) => {
    const partner = await partnerAnswers(page, 200);
    const launch = await createLaunch(baseURL!, { returnUrl: returnAddress(baseURL), launch: { redirect_type: "1" } });
    await openLaunchAt(page, launch.launchUrl, "/success");
    await expect(page.locator(".ff-result__line")).toHaveText(["活体检测通过"]);
    await page.getByRole("button", { name: "完成" }).click({ noWaitAfter: true });
    await page.waitForURL(atPartner);
    expect(partner.requests).toHaveLength(1);
    const url = new URL(page.url());
    expect(url.searchParams.get("keep")).toBe("1");
    expect(url.searchParams.get("orderNo")).toBe(launch.orderNo);
    expect(url.searchParams.get("h5faceId")).toBe(launch.h5_face_id);
    expect(url.searchParams.has("code")).toBe(false);
  });

  test("after handing back, the launch is over: coming back shows exitException without a way to leave again", async ({ page, baseURL }) => {
    await partnerAnswers(page, 200);
    const created = await createLaunch(baseURL!, { returnUrl: returnAddress(baseURL) });
    await openLaunchAt(page, created.launchUrl, "/error?status=browserNotSupport");
    await page.getByRole("button", { name: "退出" }).click({ noWaitAfter: true });
    await page.waitForURL(atPartner);
    // Opening the same launch link again.
    const launch = `${created.launchUrl}#/error?status=browserNotSupport`;
    await page.goto(launch);
    await settled(page);
    await expect(page.locator("[data-status]")).toHaveAttribute("data-status", "exitException");
    await expect(page.getByRole("button")).toHaveCount(0);
  });
});
