/**
 * The staff pages' words (flows/staff.json) and the language a staff request is answered in:
 * `?lang=<tag>` (a listed tag, else 400; remembered in a cookie under /admin), else that
 * cookie, else the browser's Accept-Language by flows/languages.json `matches`, else the
 * default. The file is checked against the languages list when the service starts: a
 * language without its block, or a block missing a key, stops the start, never shows a key.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import type { LanguagesFile } from "../../../schemas/languages";
import { staffTextsFileSchema, staffTextsProblems, type StaffTextKey } from "../../../schemas/staffTexts";
import { defaultLanguage, languageServing, listedLanguage } from "../../domain/languageMatch";
import { requireListedLanguage, type ServiceLanguages } from "../languages";
import { acceptedTags } from "../http/acceptLanguage";

export type { StaffTextKey };

const LANG_COOKIE = "ff_staff_lang";
const COOKIE_MAX_AGE_SEC = 365 * 24 * 60 * 60;

/** One request's words. */
export interface StaffWords {
  /** The answer's language tag (the page's `lang`). */
  readonly lang: string;
  /** The text with each `{name}` filled from `values`; a name without a value throws (a missing figure is a bug, not a blank). */
  t(key: StaffTextKey, values?: Readonly<Record<string, string | number>>): string;
  /** Every listed language, to switch to: tag and own name. */
  readonly languages: readonly { tag: string; name: string }[];
}

export interface StaffTexts {
  /** The words for this request, setting the language cookie when `?lang=` chose it. */
  forRequest(request: FastifyRequest, reply: FastifyReply): StaffWords;
}

function fill(text: string, values: Readonly<Record<string, string | number>>, key: string): string {
  return text.replace(/\{([A-Za-z]+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`staff text ${key}: no value for {${name}}`);
    return String(value);
  });
}

/** Parses and checks flows/staff.json's content (the composition root reads it) against the languages; throws listing every problem. */
export function createStaffTexts(languages: ServiceLanguages, raw: unknown): StaffTexts {
  const file = staffTextsFileSchema.parse(raw);
  const problems = staffTextsProblems(file, languages.file);
  if (problems.length > 0) throw new Error(`staff texts:\n${problems.join("\n")}`);
  const list: LanguagesFile = languages.file;
  const switchable = list.languages.map((l) => ({ tag: l.tag, name: l.name }));
  const wordsIn = (lang: string): StaffWords => {
    const block = file[lang] as Record<string, Record<string, string>>;
    return {
      lang,
      languages: switchable,
      t(key, values = {}) {
        const dot = key.indexOf(".");
        const text = block[key.slice(0, dot)]?.[key.slice(dot + 1)];
        if (text === undefined) throw new Error(`staff text ${key} is not in flows/staff.json`);
        return fill(text, values, key);
      },
    };
  };
  return {
    forRequest(request, reply) {
      const asked = new URL(request.url, "http://staff.invalid").searchParams.get("lang");
      if (asked !== null) {
        requireListedLanguage(languages, asked, "lang");
        reply.setCookie(LANG_COOKIE, asked, { path: "/admin", httpOnly: true, sameSite: "strict", secure: request.protocol === "https", maxAge: COOKIE_MAX_AGE_SEC });
        return wordsIn(asked);
      }
      // A remembered language the list no longer has is a stale preference, not an error.
      const remembered = request.cookies[LANG_COOKIE];
      if (remembered !== undefined && listedLanguage(list, remembered)) return wordsIn(remembered);
      const header = request.headers["accept-language"];
      const served = acceptedTags(Array.isArray(header) ? header.join(",") : header).map((tag) => languageServing(list, tag)).find((l) => l !== undefined);
      return wordsIn((served ?? defaultLanguage(list)).tag);
    },
  };
}
