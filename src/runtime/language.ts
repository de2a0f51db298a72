/**
 * The page's language (issue 17): the launch's `lang`, else the browser's languages in their
 * order of preference, else the list's default. A `lang` the list does not name is a wrong
 * launch parameter (the settings error, in the language the browser would have chosen), never
 * quietly another language: the partner asked for something this deployment does not ship.
 */
import type { Language, LanguagesFile } from "../../schemas/languages";
import type { ShellTexts } from "../../schemas/texts";
import type { LaunchIssue } from "../session/launchParams";
import type { LanguageLoader } from "./textCatalogue";

/** What the composition root registers: the list, and each listed language's shell texts and texts loader. */
export interface LanguageRegistry {
  file: LanguagesFile;
  shells: Readonly<Record<string, ShellTexts>>;
  texts: Readonly<Record<string, LanguageLoader>>;
}

export interface LanguageChoice {
  language: Language;
  /** Set when the launch named a language the list does not have. */
  issue?: LaunchIssue;
}

function byTag(file: LanguagesFile, tag: string): Language | undefined {
  return file.languages.find((language) => language.tag === tag);
}

/** The listed language serving one browser language, by the lists' `matches` prefixes. */
function serving(file: LanguagesFile, browserTag: string): Language | undefined {
  const tag = browserTag.toLowerCase();
  return file.languages.find((language) => language.matches.some((prefix) => tag === prefix || tag.startsWith(`${prefix}-`)));
}

/** The default language; the build refused a list whose default is not one of its languages. */
export function defaultLanguage(file: LanguagesFile): Language {
  const language = byTag(file, file.default);
  if (!language) throw new Error(`flows/languages.json: the default "${file.default}" is not listed (listed: ${file.languages.map((l) => l.tag).join(", ")})`);
  return language;
}

/**
 * @example chooseLanguage(file, { launchLang: undefined, browser: ["en-GB", "zh-CN"] }).language.tag // "en"
 * @example chooseLanguage(file, { launchLang: "fr", browser: [] }).issue?.key // "lang"
 */
export function chooseLanguage(file: LanguagesFile, input: { launchLang: string | undefined; browser: readonly string[] }): LanguageChoice {
  const fromBrowser = () => input.browser.map((tag) => serving(file, tag)).find((language) => language !== undefined) ?? defaultLanguage(file);
  if (input.launchLang === undefined) return { language: fromBrowser() };
  const named = byTag(file, input.launchLang);
  if (named) return { language: named };
  return {
    language: fromBrowser(),
    issue: { key: "lang", message: `"${input.launchLang}" is not a language of this service (known: ${file.languages.map((l) => l.tag).join(", ")})` },
  };
}

/** Sets the document's language and direction, which screen readers and hyphenation follow. */
export function applyLanguage(doc: Document, language: Language): void {
  doc.documentElement.lang = language.tag;
  doc.documentElement.dir = language.dir;
}

/** The browser's languages in its order of preference (older browsers have only `language`). */
export function browserLanguages(nav: Navigator): readonly string[] {
  if (Array.isArray(nav.languages) && nav.languages.length > 0) return nav.languages;
  return typeof nav.language === "string" && nav.language !== "" ? [nav.language] : [];
}

/** `tag` when the registry lists it (a link that failed to parse still shows its error in its language). */
export function listedOrUndefined(languages: LanguageRegistry, tag: string | undefined): string | undefined {
  return tag !== undefined && languages.file.languages.some((l) => l.tag === tag) ? tag : undefined;
}
