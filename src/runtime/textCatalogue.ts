/**
 * The screens' texts, per language and per set of sections. The composition root registers
 * each language's table of loaders (src/main.tsx: one line per language, whose file the
 * build cuts into one chunk per set of sections a screen loads, and one per section,
 * scripts/build/textSections.mjs), so a screen's texts download with its module, as one
 * file, and carry only the sections it shows. Every language's file was validated against
 * the source language's shape by `npm run validate` before it was embedded.
 */
import type { ShellTexts, Texts, TextSection } from "../../schemas/texts";

/** One language's sections, each fetched on first use. */
export type SectionLoaders = { readonly [K in TextSection]: () => Promise<Texts[K]> };

/** One language's sets of sections, each one chunk, keyed by `groupKey` of its names. */
export type GroupLoaders = Readonly<Record<string, () => Promise<Partial<Texts>>>>;

/**
 * A registered language: its loaders, themselves fetched on first use (a small chunk). The
 * build's table has `groups`; a language without them (a test's sections in memory) composes
 * every set from its sections. Every language but the default carries its `shell` texts
 * here too (the default's are embedded with the first screen, src/runtime/language.ts).
 */
export type LanguageLoader = () => Promise<{ default: SectionLoaders; groups?: GroupLoaders; shell?: ShellTexts }>;

export interface TextCatalogue {
  /** The named sections in the page's language; an unknown section rejects, listing the known ones. */
  load<K extends TextSection>(sections: readonly K[]): Promise<Pick<Texts, K>>;
}

/**
 * The key of a set of sections: the names, unique and sorted, joined by commas (the build's
 * `groupKey` in scripts/build/textSets.mjs keys the groups the same way).
 * @example groupKey(["start", "common"]) // "common,start"
 */
export const groupKey = (names: readonly string[]): string => [...new Set(names)].sort().join(",");

const has = (o: object, key: string) => Object.prototype.hasOwnProperty.call(o, key);

/**
 * The catalogue of `language`, one of `languages` (an unknown one throws, listing the
 * registered ones: no silent fallback to another language). A set of sections that is a
 * group of the table (every registry entry's set is) loads as that group's one chunk; any
 * other set loads section by section: the same texts, in more requests. Nothing is cached
 * here: a loaded chunk's import() resolves at once, and a failed one (a dropped network) is
 * fetched again by the next screen that asks, as a failed screen chunk is.
 */
export function createTextCatalogue(languages: Readonly<Record<string, LanguageLoader>>, language: string): TextCatalogue {
  if (!has(languages, language)) throw new Error(`Unknown text language "${language}" (known: ${Object.keys(languages).join(", ")})`);
  const loadLanguage = languages[language] as LanguageLoader;
  const loadSet = async (names: readonly TextSection[]): Promise<Partial<Texts>> => {
    const { default: sections, groups } = await loadLanguage();
    for (const name of names) {
      if (!has(sections, name)) throw new Error(`Unknown text section "${name}" in ${language} (known: ${Object.keys(sections).join(", ")})`);
    }
    const key = groupKey(names);
    if (groups && has(groups, key)) return (groups[key] as () => Promise<Partial<Texts>>)();
    const values = await Promise.all(names.map((name) => sections[name]()));
    return Object.fromEntries(names.map((name, i) => [name, values[i]]));
  };
  return {
    load: <K extends TextSection>(names: readonly K[]) =>
      loadSet(names).then((loaded) => {
        const missing = names.filter((name) => !has(loaded, name));
        if (missing.length) throw new Error(`The text group "${groupKey(names)}" of ${language} lacks ${missing.join(", ")}`);
        return Object.fromEntries(names.map((name) => [name, loaded[name]])) as unknown as Pick<Texts, K>;
      }),
  };
}
