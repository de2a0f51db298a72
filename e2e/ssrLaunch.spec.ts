/**
 * A signed launch's first page rendered by the service (issue 33), in a real browser: the page
 * is readable with the app's scripts refused (the HTML alone paints it, under its CSP), and with
 * them the app hydrates the very nodes the service sent, with no hydration error, in every
 * language and in a few themes; its buttons are grey until then and work after. A link preview's
 * GETs never use the launch up, and a tampered link's error screen hydrates the same way.
 */
import { readFileSync } from "node:fs";
import { expect, test, type Browser, type Page } from "@playwright/test";
import type { Texts } from "../schemas/texts";
import type { ThemeId } from "../schemas/themes";
import { createLaunch } from "./signedLaunch";

const themes = JSON.parse(readFileSync(new URL("../themes/themes.json", import.meta.url), "utf8")) as { themes: Record<string, { tokens: { primary: string } }> };
/** The default theme's primary colour (#rrggbb), which the start button wears. */
const DEFAULT_PRIMARY = themes.themes[""]?.tokens.primary ?? "";

const textsOf = (tag: string): Texts => JSON.parse(readFileSync(new URL(`../flows/texts.${tag}.json`, import.meta.url), "utf8")) as Texts;

/** Notes the served heading before any script of the app can have run, and every console error. */
async function openServed(browser: Browser, locale: string, url: string): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ locale, permissions: [] });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (m) => void (m.type() === "error" && errors.push(m.text())));
  page.on("pageerror", (e) => errors.push(e.message));
  await page.addInitScript(() => {
    document.addEventListener("DOMContentLoaded", () => {
      const w = window as unknown as { __servedHeading?: Element | null; __servedButtonDisabled?: boolean };
      w.__servedHeading = document.querySelector("#root h1");
      w.__servedButtonDisabled = document.querySelector<HTMLButtonElement>("#root button")?.disabled;
    });
  });
  await page.goto(url);
  return { page, errors };
}

/** The served heading is the one on screen now (React attached to it instead of drawing anew). */
const sameHeading = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { __servedHeading?: Element | null };
    return w.__servedHeading !== null && w.__servedHeading !== undefined && w.__servedHeading === document.querySelector("#root h1");
  });

const cases: { locale: string; theme: ThemeId; liveType: "1" | "3" }[] = [
  { locale: "zh-CN", theme: "", liveType: "1" },
  { locale: "zh-TW", theme: "", liveType: "3" },
  { locale: "en", theme: "", liveType: "1" },
  { locale: "zh-CN", theme: "02", liveType: "3" },
  { locale: "en", theme: "07", liveType: "1" },
];

for (const { locale, theme, liveType } of cases) {
  test(`a ${locale} launch (theme "${theme}", live type ${liveType}) hydrates the served start page and its button works`, async ({ browser, baseURL }) => {
    const { launchUrl } = await createLaunch(baseURL ?? "", { returnUrl: `${baseURL}/#/entry`, liveType, theme });
    const { page, errors } = await openServed(browser, locale, launchUrl);
    const texts = textsOf(locale);
    const start = page.getByRole("button", { name: texts.start.startButton });
    await expect(start).toBeEnabled();
    expect(await page.evaluate(() => (window as unknown as { __servedButtonDisabled?: boolean }).__servedButtonDisabled)).toBe(true);
    expect(await sameHeading(page)).toBe(true);
    await expect(page.locator("#root h1")).toHaveText(texts.start.title);
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
    const served = await page.locator("#root").getAttribute("data-ssr-page");
    expect(decodeURIComponent(await page.evaluate(() => location.hash))).toBe(`#${served}`);
    if (theme !== "") await expect(page.locator("body")).toHaveAttribute("class", /\S/);
    expect(errors).toEqual([]);
    await start.click();
    await page.waitForFunction((from) => location.hash !== `#${from}`, served);
    await page.context().close();
  });
}

test("the served page is readable with every script of the app refused: the HTML alone paints it", async ({ browser, baseURL }) => {
  const { launchUrl } = await createLaunch(baseURL ?? "", { returnUrl: `${baseURL}/#/entry` });
  const context = await browser.newContext({ locale: "zh-CN" });
  const page = await context.newPage();
  const refused: string[] = [];
  page.on("console", (m) => void (/Content Security Policy/i.test(m.text()) && refused.push(m.text())));
  await page.route(/\/assets\/.*\.(js|css)$/, (route) => route.abort());
  await page.goto(launchUrl);
  const texts = textsOf("zh-CN");
  await expect(page.locator("#root h1")).toHaveText(texts.start.title);
  await expect(page.getByRole("button", { name: texts.start.startButton })).toBeDisabled();
  // The inline stylesheet and theme apply (the CSP allows them by hash): the primary button wears
  // the theme's primary colour, and the page is drawn at full opacity, not waiting for a fade-in.
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(DEFAULT_PRIMARY.slice(i, i + 2), 16));
  await expect(page.getByRole("button", { name: texts.start.startButton })).toHaveCSS("background-color", `rgb(${r}, ${g}, ${b})`);
  await expect(page.locator(".ff-wrapper")).toHaveCSS("opacity", "1");
  expect(refused).toEqual([]);
  await context.close();
});

test("three link-preview GETs leave the launch unused: the user's browser then logs in and starts", async ({ browser, baseURL, request }) => {
  const { launchUrl } = await createLaunch(baseURL ?? "", { returnUrl: `${baseURL}/#/entry` });
  for (let i = 0; i < 3; i++) expect((await request.get(launchUrl, { headers: { "user-agent": "TelegramBot (like TwitterBot)" } })).status()).toBe(200);
  const { page, errors } = await openServed(browser, "zh-CN", launchUrl);
  await expect(page.getByRole("button", { name: textsOf("zh-CN").start.startButton })).toBeEnabled();
  expect(await sameHeading(page)).toBe(true);
  expect(errors).toEqual([]);
  await page.context().close();
});

test("a tampered link's served error screen hydrates the same way, and its exit button works", async ({ browser, baseURL }) => {
  const { launchUrl } = await createLaunch(baseURL ?? "", { returnUrl: `${baseURL}/#/entry` });
  const tampered = launchUrl.replace("user_id=e2e-user", "user_id=someone-else");
  expect(tampered).not.toBe(launchUrl);
  const { page, errors } = await openServed(browser, "en", tampered);
  await expect(page.locator("#root")).toHaveAttribute("data-ssr-page", "/error?code=400101");
  await expect(page.getByRole("button", { name: textsOf("en").common.quit })).toBeEnabled();
  expect(await sameHeading(page)).toBe(true);
  // The login refused the link (its console error is the refusal's, not React's).
  expect(errors.filter((e) => /hydrat|#418|#423|#425/i.test(e))).toEqual([]);
  await page.context().close();
});

test("a launch link reloaded on a later page never flashes the start page: the served page stays hidden until the app shows the hash's page", async ({ browser, baseURL }) => {
  const { launchUrl } = await createLaunch(baseURL ?? "", { returnUrl: `${baseURL}/#/entry` });
  const context = await browser.newContext({ locale: "zh-CN" });
  const page = await context.newPage();
  await page.addInitScript(() => {
    document.addEventListener("DOMContentLoaded", () => {
      const root = document.getElementById("root");
      const h1 = root?.querySelector("h1");
      (window as unknown as { __atParse?: unknown }).__atParse = { stale: root?.hasAttribute("data-ssr-stale"), shown: h1 ? getComputedStyle(h1).visibility : "none" };
    });
  });
  await page.goto(`${launchUrl}#/protocol`);
  expect(await page.evaluate(() => (window as unknown as { __atParse?: unknown }).__atParse)).toEqual({ stale: true, shown: "hidden" });
  // The app renders the page the hash names (whatever its guard makes of it) and shows it.
  await expect(page.locator("#root")).not.toHaveAttribute("data-ssr-stale", "");
  await expect(page.locator("#root h1").first()).toBeVisible();
  await expect(page.locator("#root h1").first()).not.toHaveText(textsOf("zh-CN").start.title);
  await context.close();
});
