/**
 * The scripts that open pages in a browser work whatever the machine's language (issue 30):
 * `npm run bench` waited, on a machine whose Chromium said en-US, for a button named 开始验证
 * while the page had rightly chosen English. Every browser context of scripts/ is opened in the
 * bench's locale (scripts/benchBrowser.ts), and buttons are named by text key. Checked here
 * without a browser: the options every context gets, the language the page then chooses, the
 * names the benches press, and that no script opens a context or names a button another way.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import type { Browser, BrowserContextOptions } from "@playwright/test";
import { describe, expect, it } from "vitest";
import languagesJson from "../../flows/languages.json";
import enTexts from "../../flows/texts.en.json";
import zhTexts from "../../flows/texts.zh-CN.json";
import type { LanguagesFile } from "../../schemas/languages";
import { BENCH_LOCALE, benchContext, benchContextOptions, benchText } from "../../scripts/benchBrowser";
import { chooseLanguage } from "../../src/runtime/language";

const ROOT = process.cwd();
const languages = languagesJson as LanguagesFile;

function scriptFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return scriptFiles(path);
    return /\.(ts|mts|mjs)$/.test(entry.name) ? [path] : [];
  });
}

describe("browser scripts pin the page's language", () => {
  it("every context gets the bench's locale, whatever the caller passed", async () => {
    expect(benchContextOptions()).toEqual({ locale: BENCH_LOCALE });
    expect(benchContextOptions({ permissions: ["camera"], locale: "en-US" })).toEqual({ permissions: ["camera"], locale: BENCH_LOCALE });
    const asked: BrowserContextOptions[] = [];
    const browser = { newContext: async (options: BrowserContextOptions) => (asked.push(options), "context") } as unknown as Browser;
    await benchContext(browser, { permissions: ["camera", "microphone"] });
    expect(asked).toEqual([{ permissions: ["camera", "microphone"], locale: BENCH_LOCALE }]);
  });

  it("a browser whose only language is the bench's locale gets that language's page; an en-US one would not", () => {
    expect(chooseLanguage(languages, { launchLang: undefined, browser: [BENCH_LOCALE] }).language.tag).toBe(BENCH_LOCALE);
    expect(chooseLanguage(languages, { launchLang: undefined, browser: ["en-US"] }).language.tag).toBe("en");
  });

  it("names the buttons the benches press from that language's texts", () => {
    expect(BENCH_LOCALE).toBe("zh-CN");
    expect(benchText("start.startButton")).toBe(zhTexts.start.startButton);
    expect(benchText("capture.startRecord")).toBe(zhTexts.capture.startRecord);
    expect(benchText("capture.stop")).toBe(zhTexts.capture.stop);
    // The very failure: an English page has no button of the Chinese name.
    expect(enTexts.start.startButton).not.toBe(zhTexts.start.startButton);
  });

  it("no script under scripts/ opens a browser context without pinning its locale, or names a button in Chinese", () => {
    const files = scriptFiles("scripts");
    expect(files).toContain("scripts/bench.ts");
    const problems: string[] = [];
    for (const file of files) {
      const source = readFileSync(join(ROOT, file), "utf8");
      const name = relative(ROOT, join(ROOT, file)).split("\\").join("/");
      // A context opened with its own locale is pinned too (the synthetic demo walks in the language the user asked for).
      const unpinned = [...source.matchAll(/\.newContext\s*\(([^)]*)\)/g)].filter((m) => !/\blocale\s*:/.test(m[1] ?? ""));
      if (name !== "scripts/benchBrowser.ts" && unpinned.length > 0) problems.push(`${name} calls newContext without a locale (use benchContext of scripts/benchBrowser.ts)`);
      for (const m of source.matchAll(/getBy(?:Role|Text|Label)\([^)]*["'`][^"'`]*\p{Script=Han}/gu)) problems.push(`${name} names an element by Chinese text: ${m[0]} (use benchText)`);
      for (const m of source.matchAll(/textContent\s*===\s*["'`][^"'`]*\p{Script=Han}/gu)) problems.push(`${name} compares with Chinese text: ${m[0]} (use benchText)`);
    }
    expect(problems).toEqual([]);
  });
});
