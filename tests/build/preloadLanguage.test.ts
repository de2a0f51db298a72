/**
 * The route preloader's language choice (scripts/build/routePreload.mjs), an inline script that
 * runs before any module: it must fetch the texts of the language the runtime will choose
 * (src/runtime/language.ts), or a page in English would wait for its texts after the screen.
 */
import { describe, expect, it } from "vitest";
import languagesJson from "../../flows/languages.json";
// @ts-expect-error: a build script in plain JavaScript, without types.
import { CHOOSE_LANGUAGE } from "../../scripts/build/routePreload.mjs";
import { chooseLanguage } from "../../src/runtime/language";
import type { LanguagesFile } from "../../schemas/languages";

const file = languagesJson as LanguagesFile;
const list = { d: file.default, l: file.languages.map((l) => [l.tag, l.matches]) };

/** The inline function run as the page would, with this URL query and these browser languages. */
function preloaded(search: string, languages: string[]): string {
  const run = new Function("location", "navigator", `return (${CHOOSE_LANGUAGE as string})(${JSON.stringify(list)});`);
  return run({ search }, { languages, language: languages[0] ?? "" }) as string;
}

describe("the route preloader's language", () => {
  const cases: [string, string[]][] = [
    ["?lang=en&order_no=1", ["zh-CN"]],
    ["?lang=zh-TW", ["en-US"]],
    ["", ["en-GB", "zh-CN"]],
    ["", ["fr-FR", "zh-HK"]],
    ["", ["zh-Hant-TW"]],
    ["", ["fr", "de"]],
    ["", []],
    ["?lang=fr", ["en-US"]],
    ["", ["enx"]],
  ];
  it.each(cases)("for %j and browser %j it is the runtime's choice", (search, browser) => {
    const lang = new URLSearchParams(search).get("lang") ?? undefined;
    expect(preloaded(search, browser)).toBe(chooseLanguage(file, { launchLang: lang, browser }).language.tag);
  });
});
