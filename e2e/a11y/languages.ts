/**
 * The languages of flows/languages.json as the a11y specs walk them: each with how a page is
 * opened in it. A language whose texts file (flows/texts.<tag>.json) is not there yet is
 * listed with the reason to skip it, so the suite covers a language as soon as it is added.
 */
import { existsSync, readFileSync } from "node:fs";
import type { PartnerLaunchOptions } from "../../schemas/api";
import { languagesFileSchema } from "../../schemas/languages";

// Read with fs: Node's ESM loader (which Playwright's runner uses here) wants import
// attributes for JSON, which the app's own modules do not carry.
const FILE = languagesFileSchema.parse(JSON.parse(readFileSync(new URL("../../flows/languages.json", import.meta.url), "utf8")));

export interface A11yLanguage {
  tag: string;
  isDefault: boolean;
  /** Why the language cannot be checked yet, or null when it can. */
  missing: string | null;
}

export const LANGUAGES: readonly A11yLanguage[] = FILE.languages.map(({ tag }) => {
  const texts = new URL(`../../flows/texts.${tag}.json`, import.meta.url);
  return { tag, isDefault: tag === FILE.default, missing: existsSync(texts) ? null : `flows/texts.${tag}.json does not exist yet` };
});

/** The source language, which every page shows when nothing chooses another. */
export const DEFAULT_LANGUAGE: A11yLanguage = (() => {
  const found = LANGUAGES.find((l) => l.isDefault);
  if (!found) throw new Error(`flows/languages.json: default '${FILE.default}' is not among ${LANGUAGES.map((l) => l.tag).join(", ")}`);
  return found;
})();

/**
 * An unsigned URL of the flow showing `hash` in `lang`: the launch parameter in the query
 * (none for the default language, which is what a page with no choice shows).
 */
export function unsignedUrl(lang: A11yLanguage, hash: string, params: Record<string, string> = {}): string {
  const query = new URLSearchParams({ ...params, ...(lang.isDefault ? {} : { lang: lang.tag }) }).toString();
  return `/${query ? `?${query}` : ""}#${hash}`;
}

/** The partner launch options that choose `lang` (signed with the rest of the launch). */
export function launchLanguage(lang: A11yLanguage): PartnerLaunchOptions {
  // Typed loosely on purpose: the launch parameter `lang` comes with the language core, and
  // only a language with a texts file (so after it) gets here.
  return lang.isDefault ? {} : ({ lang: lang.tag } as Record<string, string> as PartnerLaunchOptions);
}
