/** The shipped texts and languages, as the composition root registers them with the runtime. */
import textsJson from "../../flows/texts.zh-CN.json";
import languagesJson from "../../flows/languages.json";
import { createTextCatalogue, type LanguageLoader, type SectionLoaders, type TextCatalogue } from "../../src/runtime/textCatalogue";
import type { LanguageRegistry } from "../../src/runtime/language";
import type { LanguagesFile } from "../../schemas/languages";
import type { ShellTexts, Texts } from "../../schemas/texts";
import { readFileSync } from "node:fs";
import { join } from "node:path";

const { $schema: _textsSchema, shell, ...texts } = textsJson;

export const shippedTexts: Texts = texts;
export const shippedShell: ShellTexts = shell;
export const shippedLanguagesFile = languagesJson as LanguagesFile;

/** Each section loads at once, as a chunk already in memory would. */
export function shippedSectionLoaders(sections: Texts = shippedTexts): SectionLoaders {
  return Object.fromEntries(Object.entries(sections).map(([name, section]) => [name, async () => section])) as unknown as SectionLoaders;
}

/** The runtime's catalogue over the shipped zh-CN texts. */
export function shippedTextCatalogue(): TextCatalogue {
  return createTextCatalogue({ "zh-CN": async () => ({ default: shippedSectionLoaders() }) }, "zh-CN");
}

const readLanguages = new Map<string, { shell: ShellTexts; texts: Texts }>();

/** A shipped language's texts file, read as the build reads it (once per test file: every flow set-up asks). */
export function shippedLanguageTexts(tag: string): { shell: ShellTexts; texts: Texts } {
  const known = readLanguages.get(tag);
  if (known) return known;
  const { $schema: _schema, shell: languageShell, ...sections } = JSON.parse(readFileSync(join(__dirname, "../../flows", `texts.${tag}.json`), "utf8")) as { $schema?: string; shell: ShellTexts } & Texts;
  const language = { shell: languageShell, texts: sections as Texts };
  readLanguages.set(tag, language);
  return language;
}

/** Every listed language with its shipped texts, as the root registers them (virtual:faceflow-languages). */
export function shippedLanguages(): LanguageRegistry {
  const loaders: Record<string, LanguageLoader> = {};
  const defaultTag = shippedLanguagesFile.default;
  for (const { tag } of shippedLanguagesFile.languages) {
    const language = shippedLanguageTexts(tag);
    // As the build's tables: every language but the default carries its shell texts.
    loaders[tag] = async () => ({ default: shippedSectionLoaders(language.texts), ...(tag === defaultTag ? {} : { shell: language.shell }) });
  }
  return { file: shippedLanguagesFile, defaultShell: shippedLanguageTexts(defaultTag).shell, texts: loaders };
}

/**
 * Only the sections the screen type's registry entry loads (its row of src/ui/screens/screenTable.ts), as the
 * router gives them: a part of the screen reading a section its entry does not name fails here
 * as it would in the browser, instead of finding every section.
 */
export function registryTexts(screens: { readonly [type: string]: { textSections: readonly string[] } }, screenType: string, sections: Texts = shippedTexts): Partial<Texts> {
  const entry = screens[screenType];
  if (!entry) throw new Error(`no screen type "${screenType}" in the registry (known: ${Object.keys(screens).join(", ")})`);
  return Object.fromEntries(entry.textSections.map((name) => [name, sections[name as keyof Texts]])) as Partial<Texts>;
}
