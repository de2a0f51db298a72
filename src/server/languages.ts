/**
 * The languages the service answers in (flows/languages.json, read once at start by app.ts):
 * which `lang` tags a partner may put in a launch or key a will question by, and which one
 * the page gets when it names none.
 */
import type { LanguagesFile } from "../../schemas/languages";
import { API_ERROR_CODES } from "../../schemas/api";
import { HttpError } from "./http/errors";

export interface ServiceLanguages {
  /** The source language: what a page that names no language gets. */
  readonly default: string;
  /** Every listed tag, the default among them. */
  readonly tags: readonly string[];
  /** The list as parsed (names, `matches` prefixes): what the staff pages choose their language by. */
  readonly file: LanguagesFile;
}

/** The file's languages (parsed by languagesFileSchema, which refuses a default it does not list). */
export function serviceLanguagesOf(file: LanguagesFile): ServiceLanguages {
  return { default: file.default, tags: file.languages.map((language) => language.tag), file };
}

/**
 * The language to answer a page in: the one it asked for (listed: the caller checked), else
 * its launch's `lang` (checked when the order was created), else the default.
 */
export function answerLanguage(languages: ServiceLanguages, asked: string | undefined, launchLang: string | undefined): string {
  return asked ?? launchLang ?? languages.default;
}

/** 400 LANG_UNKNOWN unless `tag` is listed; `what` names where it came from. */
export function requireListedLanguage(languages: ServiceLanguages, tag: string, what: string): void {
  if (languages.tags.includes(tag)) return;
  throw new HttpError(400, API_ERROR_CODES.langUnknown, `${what}: "${tag}" is not a language of this service (${languages.tags.join(", ")})`);
}
