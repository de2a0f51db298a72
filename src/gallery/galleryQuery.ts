/**
 * The gallery's query (gallery.html?theme=07&lang=en&only=…&compare=…), read once at start.
 * Its language is the page's: the query's lang when listed, else the browser's, as a flow page
 * chooses it (src/runtime/language.ts). An unlisted lang is no error here: the gallery is a
 * staff tool, and its language bar lists the real ones.
 */
import { THEMES } from "../../schemas/launch";
import type { LanguagesFile } from "../../schemas/languages";
import type { ThemeId } from "../../schemas/themes";
import { browserLanguages, chooseLanguage } from "../runtime/language";

export interface GalleryQuery {
  theme: ThemeId;
  lang: string;
  only?: string | undefined;
  compare?: string | undefined;
}

/** @example readGalleryQuery("?theme=07", languages, { languages: ["en-GB"] } as Navigator).lang // "en" */
export function readGalleryQuery(search: string, languages: LanguagesFile, navigator: Navigator): GalleryQuery {
  const params = new URLSearchParams(search);
  const theme = params.get("theme") ?? "";
  const listed = languages.languages.find((l) => l.tag === params.get("lang"))?.tag;
  return {
    theme: (THEMES as readonly string[]).includes(theme) ? (theme as ThemeId) : "",
    lang: chooseLanguage(languages, { launchLang: listed, browser: browserLanguages(navigator) }).language.tag,
    only: params.get("only") ?? undefined,
    compare: params.get("compare") ?? undefined,
  };
}
