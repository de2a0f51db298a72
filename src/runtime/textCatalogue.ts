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
  /** The page's language, e.g. "zh-CN". */
  readonly language: string;
  /** The named sections in the page's language; an unknown section rejects, listing the known ones. */
  load<K extends TextSection>(sections: readonly K[]): Promise<Pick<Texts, K>>;
}

/**
 * Runs `load` on the first call; later calls share its promise. A failed load (a dropped
 * network) is tried again on the next call instead of failing every later screen.
 */
function onceUntilLoaded<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () =>
    (pending ??= load().catch((error: unknown) => {
      pending = null;
      throw error;
    }));
}

/**
 * The catalogue of `language`, one of `languages` (an unknown one throws, listing the
 * registered ones: no silent fallback to another language).
 */
export function createTextCatalogue(languages: Readonly<Record<string, LanguageLoader>>, language: string): TextCatalogue {
  const loadLanguage = Object.prototype.hasOwnProperty.call(languages, language) ? languages[language] : undefined;
  if (!loadLanguage) throw new Error(`Unknown text language "${language}" (known: ${Object.keys(languages).join(", ")})`);
  const sectionLoaders = onceUntilLoaded(() => loadLanguage().then((m) => m.default));
  const sections = new Map<string, () => Promise<unknown>>();
  const loadSection = (loaders: SectionLoaders, name: string): Promise<unknown> => {
    let load = sections.get(name);
    if (!load) {
      if (!Object.prototype.hasOwnProperty.call(loaders, name)) {
        throw new Error(`Unknown text section "${name}" in ${language} (known: ${Object.keys(loaders).join(", ")})`);
      }
      load = onceUntilLoaded(loaders[name as TextSection] as () => Promise<unknown>);
      sections.set(name, load);
    }
    return load();
  };
  return {
    language,
    load: <K extends TextSection>(names: readonly K[]) =>
      sectionLoaders()
        .then((loaders) => Promise.all(names.map((name) => loadSection(loaders, name))))
        .then((values) => Object.fromEntries(names.map((name, i) => [name, values[i]])) as Pick<Texts, K>),
  };
}
