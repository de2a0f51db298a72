/**
 * The staff gallery (/gallery.html) in the page's language (issue 35: its own controls were
 * Chinese only): a zh-CN, zh-TW and English browser each get the gallery's words in their
 * language, and the language bar switches the page to another.
 */
import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import type { Texts } from "../schemas/texts";

const galleryTexts = (tag: string): Texts["gallery"] => (JSON.parse(readFileSync(new URL(`../flows/texts.${tag}.json`, import.meta.url), "utf8")) as Texts).gallery;
const NAMES: Record<string, string> = { "zh-CN": "简体中文", "zh-TW": "繁體中文", en: "English" };

for (const [tag, other] of [["zh-CN", "en"], ["zh-TW", "zh-CN"], ["en", "zh-TW"]] as const) {
  test(`a ${tag} browser gets the gallery in ${tag}, and its language bar switches it to ${other}`, async ({ browser }) => {
    const context = await browser.newContext({ locale: tag });
    const page = await context.newPage();
    await page.goto("/gallery.html");
    const t = galleryTexts(tag);
    await expect(page.locator(".gallery-title")).toHaveText(t.title);
    await expect(page.getByLabel(t.filter)).toBeVisible();
    await expect(page.locator(".gallery-label__compare").first()).toHaveText(t.compare);
    await expect(page).toHaveTitle(t.documentTitle);
    await expect(page.locator("html")).toHaveAttribute("lang", tag);

    await page.getByRole("navigation", { name: t.languages }).getByRole("link", { name: new RegExp(NAMES[other]!) }).click();
    const switched = galleryTexts(other);
    await expect(page.locator(".gallery-title")).toHaveText(switched.title);
    await expect(page.getByRole("navigation", { name: switched.themes })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", other);
    expect(new URL(page.url()).searchParams.get("lang")).toBe(other);
    await context.close();
  });
}
