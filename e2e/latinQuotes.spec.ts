/**
 * English quotes without gaps (issue 35: “ Finish recording ” on an English page). Chinese fonts
 * draw “ and ” full-width, as Chinese wants them; where one came first in the page's fonts the
 * English texts got gaps inside their quotes. Measured with Noto Sans CJK SC available to the
 * browser (a private fontconfig with Debian's fonts-noto-cjk, not installed here): the quote of
 * the demo page's “Back” was 13 px wide at 13 px, 4.3 px with Latin fonts first. This machine has
 * no Chinese font named in the stack, so the test checks the font list each language gets: an
 * English text's fonts name no Chinese font, a Chinese text's still start with them.
 */
import { expect, test } from "@playwright/test";

const CHINESE_FONTS = ["PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC"];

for (const [locale, quoted] of [["en", "“Back”"], ["zh-CN", "“后退”"], ["zh-TW", "「上一頁」"]] as const) {
  test(`a ${locale} page's quoted text takes ${locale === "en" ? "Latin fonts, no Chinese one" : "the Chinese fonts"}`, async ({ browser }) => {
    const context = await browser.newContext({ locale });
    const page = await context.newPage();
    await page.goto("/#/entry");
    await page.waitForFunction(() => document.documentElement.dataset.pageId !== undefined);
    const fonts = await page.evaluate((pattern) => {
      const re = new RegExp(pattern);
      const element = [...document.querySelectorAll("body *")].find((e) => e.children.length === 0 && re.test(e.textContent ?? ""));
      return element ? getComputedStyle(element).fontFamily.split(",").map((f) => f.trim().replace(/^"|"$/g, "")) : null;
    }, quoted);
    expect(fonts).not.toBeNull();
    if (locale === "en") {
      expect(fonts!.filter((f) => CHINESE_FONTS.includes(f))).toEqual([]);
      expect(fonts).toContain("Roboto");
    } else {
      expect(fonts!.slice(0, 6)).toEqual(expect.arrayContaining(CHINESE_FONTS));
    }
    await context.close();
  });
}
