/**
 * Which listed language serves a browser's language tag (flows/languages.json `matches`
 * prefixes), shared by the page (src/runtime/language.ts) and the service's staff pages.
 */
import type { Language, LanguagesFile } from "../../schemas/languages";

/** The listed language with this tag, if any. */
export function listedLanguage(file: LanguagesFile, tag: string): Language | undefined {
  return file.languages.find((language) => language.tag === tag);
}

/** The listed language serving one browser language, by the list's `matches` prefixes. */
export function languageServing(file: LanguagesFile, browserTag: string): Language | undefined {
  const tag = browserTag.toLowerCase();
  return file.languages.find((language) => language.matches.some((prefix) => tag === prefix || tag.startsWith(`${prefix}-`)));
}

/**
 * The page's language by the rules both the page (src/runtime/language.ts) and the service
 * (which sends the page in it, src/server/http/pageLanguage.ts) apply: `asked` when listed,
 * else the first of the browser's languages a listed one serves, else the default.
 * @example pickLanguage(file, undefined, ["en-GB", "zh-CN"]).tag // "en"
 */
export function pickLanguage(file: LanguagesFile, asked: string | undefined, browser: readonly string[]): Language {
  const named = asked === undefined ? undefined : listedLanguage(file, asked);
  return named ?? browser.map((tag) => languageServing(file, tag)).find((language) => language !== undefined) ?? defaultLanguage(file);
}

/** The default language; the build refused a list whose default is not one of its languages. */
export function defaultLanguage(file: LanguagesFile): Language {
  const language = listedLanguage(file, file.default);
  if (!language) throw new Error(`flows/languages.json: the default "${file.default}" is not listed (listed: ${file.languages.map((l) => l.tag).join(", ")})`);
  return language;
}
