/**
 * axe's WCAG 2.1 A/AA rules (issue 17) on a representative set of screens in every theme of
 * themes/themes.json (launch parameter theme): the start page, the recording page before
 * recording, an error status and a result page, in a signed number-mode session on a
 * phone-sized page. The themes differ only in tokens, which the build's contrast check covers
 * for every pair; this shows the tokens land on real pages. A theme with an empty title
 * (spec §2: theme 12) is checked without axe's document-title rule, and only that rule.
 */
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import type { ThemeId } from "../schemas/themes";
import { themesFileSchema } from "../schemas/themes";
import { expectAccessible } from "./a11y/axe";
import { DEFAULT_LANGUAGE } from "./a11y/languages";
import { launch, settled, showHash, VIEWPORT } from "./a11y/reach";

const THEMES = themesFileSchema.parse(JSON.parse(readFileSync(new URL("../themes/themes.json", import.meta.url), "utf8"))).themes;
const ZH_CN = DEFAULT_LANGUAGE;

let context: BrowserContext;
let page: Page;
test.beforeAll(async ({ browser, baseURL }) => {
  context = await browser.newContext({ baseURL: baseURL!, locale: ZH_CN.tag, viewport: VIEWPORT, reducedMotion: "reduce", permissions: ["camera", "microphone"] });
  page = await context.newPage();
});
test.afterAll(async () => {
  await context.close();
});

for (const [id, theme] of Object.entries(THEMES)) {
  test(`theme '${id}' (${theme.label}): start, recording before start, an error status, a result page`, async ({ baseURL }) => {
    const disable = theme.emptyTitle ? ["document-title"] : [];
    await launch(page, baseURL!, "number", ZH_CN, id === "" ? {} : { theme: id as ThemeId });
    if (theme.bodyClass) await expect(page.locator("body")).toHaveClass(new RegExp(`\\b${theme.bodyClass}\\b`));
    await expectAccessible(page, `start page, theme '${id}'`, { disable });
    await page.getByRole("button", { name: "开始验证" }).click();
    await page.waitForURL(/#\/vertify$/);
    await settled(page);
    // Ready to record: the digits have come and the start button is enabled.
    await expect(page.getByRole("button", { name: "开始录制" })).toBeEnabled();
    await expectAccessible(page, `recording page before recording, theme '${id}'`, { disable });
    await showHash(page, "/error?status=uploadVideoException");
    await expectAccessible(page, `/error?status=uploadVideoException, theme '${id}'`, { disable });
    await showHash(page, "/fail");
    await expectAccessible(page, `/fail, theme '${id}'`, { disable });
  });
}
