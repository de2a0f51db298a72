/**
 * The text index.html shows before the app mounts (issue 35: 加载中… was Chinese in every
 * language). The app's scripts are held back, so the page stays at that text: in a zh-CN,
 * zh-TW and English browser it is the shell's loading text of that language, and a launch's
 * `lang` wins over the browser's, as in the app (src/runtime/language.ts). The service sends
 * each language its own page (src/server/http/appPages.ts: index.html the default's,
 * index.<tag>.html the others'), with its lang, title and loading text, and a route preloader
 * the CSP allows by its hash.
 */
import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import type { ShellTexts } from "../schemas/texts";

const shellOf = (tag: string): ShellTexts => (JSON.parse(readFileSync(new URL(`../flows/texts.${tag}.json`, import.meta.url), "utf8")) as { shell: ShellTexts }).shell;
const loadingText = (tag: string): string => shellOf(tag).loading;

/** Opens `path` with every script file of the app refused: only index.html and its inline scripts run. */
async function openWithoutApp(page: Page, path: string): Promise<string[]> {
  const refused: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
  await page.goto(path);
  return refused;
}

/** What a reader sees in the loading box (innerText leaves out what the style hides). */
const shownLoading = (page: Page) => page.locator(".ff-loading").innerText();

for (const tag of ["zh-CN", "zh-TW", "en"]) {
  test(`a ${tag} browser sees the loading text in ${tag} before the app mounts`, async ({ browser }) => {
    const context = await browser.newContext({ locale: tag });
    const page = await context.newPage();
    const refused = await openWithoutApp(page, "/#/entry");
    await expect(page.locator("html")).toHaveAttribute("lang", tag);
    expect((await shownLoading(page)).trim()).toBe(loadingText(tag));
    await expect(page).toHaveTitle(shellOf(tag).titles.faceVerification ?? "");
    await expect(page.getByRole("status")).toBeVisible();
    // Still only index.html: the app never mounted to set the lang itself.
    expect(await page.evaluate(() => document.documentElement.dataset.pageId)).toBeUndefined();
    expect(refused).toEqual([]);
    await context.close();
  });
}

test("a launch's lang wins over the browser's before the app mounts, as in the app", async ({ browser }) => {
  const context = await browser.newContext({ locale: "zh-CN" });
  const page = await context.newPage();
  await openWithoutApp(page, "/?lang=en&live_type=1&h5_face_id=E2E-LANG");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  expect((await shownLoading(page)).trim()).toBe(loadingText("en"));
  await context.close();
});
