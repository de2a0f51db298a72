/**
 * The screens' texts, per language and per section. The composition root registers each
 * language's section loaders (src/main.tsx: one line per language, whose file the build cuts
 * into one chunk per section, scripts/build/textSections.mjs), so a screen's texts download
 * with its module and carry only the sections it shows. Every language's file was validated
 * against the source language's shape by `npm run validate` before it was embedded.
 */
import type { Texts, TextSection } from "../../schemas/texts";

/** One language's sections, each fetched on first use. */
export type SectionLoaders = { readonly [K in TextSection]: () => Promise<Texts[K]> };

/** A registered language: its section loaders, themselves fetched on first use (a small chunk). */
export type LanguageLoader = () => Promise<{ default: SectionLoaders }>;

export interface TextCatalogue {
  /** The named sections in the page's language; an unknown section rejects, listing the known ones. */
  load<K extends TextSection>(sections: readonly K[]): Promise<Pick<Texts, K>>;
}

/**
 * The catalogue of `language`, one of `languages` (an unknown one throws, listing the
 * registered ones: no silent fallback to another language). Nothing is cached here: a loaded
 * chunk's import() resolves at once, and a failed one (a dropped network) is fetched again by
 * the next screen that asks, as a failed screen chunk is.
 */
export function createTextCatalogue(languages: Readonly<Record<string, LanguageLoader>>, language: string): TextCatalogue {
  const has = (o: object, key: string) => Object.prototype.hasOwnProperty.call(o, key);
  if (!has(languages, language)) throw new Error(`Unknown text language "${language}" (known: ${Object.keys(languages).join(", ")})`);
  const loadLanguage = languages[language] as LanguageLoader;
  return {
    load: <K extends TextSection>(names: readonly K[]) =>
      loadLanguage()
        .then(({ default: loaders }) =>
          Promise.all(
            names.map((name) => {
              if (!has(loaders, name)) throw new Error(`Unknown text section "${name}" in ${language} (known: ${Object.keys(loaders).join(", ")})`);
              return loaders[name]();
            }),
          ),
        )
        .then((values) => Object.fromEntries(names.map((name, i) => [name, values[i]])) as unknown as Pick<Texts, K>),
  };
}
