/**
 * What every script that opens a page in a browser shares: the language the page is opened in,
 * and the names of its buttons by text key.
 *
 * A page takes its language from the launch's `lang`, else from the browser's languages
 * (issue 17, src/runtime/language.ts), and headless Chromium takes those from the machine's
 * (`LANG`, or `--lang`). A bench that let the machine choose waited, on an English machine, for
 * a button named 开始验证 on a page that had rightly chosen English, and the first-screen
 * figures changed with the machine (another language's text chunks). So every context is
 * opened in `BENCH_LOCALE` (flows/languages.json's default, the spec's language), as the e2e
 * suite's are (playwright.config.ts `locale`), and buttons are named by the text key whose text
 * that language shows.
 */
import { readFileSync } from "node:fs";
import type { Browser, BrowserContext, BrowserContextOptions } from "@playwright/test";
import type { TextKey, Texts } from "../schemas/texts";
import { lookupText } from "../src/runtime/textKey";

/** The language benches open pages in: the browser's only language, whatever the machine's. */
export const BENCH_LOCALE = "zh-CN";

// Read with fs, like e2e/errors.spec.ts: Node's ESM loader wants import attributes for JSON.
const TEXTS: Partial<Texts> = JSON.parse(readFileSync(new URL(`../flows/texts.${BENCH_LOCALE}.json`, import.meta.url), "utf8"));

/** `options` with the bench's locale, which no caller may change. */
export function benchContextOptions(options: BrowserContextOptions = {}): BrowserContextOptions {
  return { ...options, locale: BENCH_LOCALE };
}

/** A fresh context of `browser` in the bench's locale (navigator.languages and Accept-Language). */
export function benchContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  return browser.newContext(benchContextOptions(options));
}

/**
 * The text a page in the bench's locale shows for `key`, e.g. a button's accessible name.
 * @example benchText("start.startButton") // "开始验证"
 */
export function benchText(key: TextKey): string {
  return lookupText(TEXTS, key);
}
