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
import { defaultLanguage, languageServing, listedLanguage } from "../domain/languageMatch";

export { defaultLanguage };

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

/**
 * @example chooseLanguage(file, { launchLang: undefined, browser: ["en-GB", "zh-CN"] }).language.tag // "en"
 * @example chooseLanguage(file, { launchLang: "fr", browser: [] }).issue?.key // "lang"
 */
export function chooseLanguage(file: LanguagesFile, input: { launchLang: string | undefined; browser: readonly string[] }): LanguageChoice {
  const fromBrowser = () => input.browser.map((tag) => languageServing(file, tag)).find((language) => language !== undefined) ?? defaultLanguage(file);
  if (input.launchLang === undefined) return { language: fromBrowser() };
  const named = listedLanguage(file, input.launchLang);
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
