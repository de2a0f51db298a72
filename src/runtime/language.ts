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
import { defaultLanguage, pickLanguage } from "../domain/languageMatch";

export { defaultLanguage };

/**
 * What the composition root registers: the list, the default language's shell texts, and each
 * listed language's texts loader. Only the default's shell is embedded with the first screen;
 * every other language's rides in its texts table (`LanguageLoader`), which index.html
 * preloads for the page's language, so a language added to the list adds its list entry and
 * one loader to the first screen, not its words (issue 30).
 */
export interface LanguageRegistry {
  file: LanguagesFile;
  defaultShell: ShellTexts;
  texts: Readonly<Record<string, LanguageLoader>>;
}

/**
 * The shell texts of `tag`: the embedded default's, or those its texts table carries (a
 * table without them is a build fault, and rejects naming the language).
 */
export async function loadShell(languages: LanguageRegistry, tag: string): Promise<ShellTexts> {
  if (tag === defaultLanguage(languages.file).tag) return languages.defaultShell;
  const loader = languages.texts[tag];
  if (!loader) throw new Error(`No texts registered for the language "${tag}" (have: ${Object.keys(languages.texts).join(", ")})`);
  const { shell } = await loader();
  if (!shell) throw new Error(`The texts table of "${tag}" carries no shell texts`);
  return shell;
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
  const language = pickLanguage(file, input.launchLang, input.browser);
  if (input.launchLang === undefined || language.tag === input.launchLang) return { language };
  return {
    language,
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
