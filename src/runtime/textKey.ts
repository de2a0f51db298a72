/**
 * Text keys: how the catalogues (flows/errors.json, flows/results.json) name their texts, as
 * `<section>.<key>` of the screens' texts in the page's language. `npm run validate` checked
 * every key against the source language, and every other language against the source, so a
 * lookup fails only for a section the screen did not load: that throws, naming what was
 * loaded, rather than showing an empty or foreign-language line.
 */
import type { Texts } from "../../schemas/texts";

/**
 * The text `key` names in `texts`.
 * @example lookupText({ errors: { "exitException.title": "本次验证已结束" } }, "errors.exitException.title") // "本次验证已结束"
 */
export function lookupText(texts: Partial<Texts>, key: string): string {
  const dot = key.indexOf(".");
  const sectionName = dot > 0 ? key.slice(0, dot) : "";
  const section: unknown = Object.prototype.hasOwnProperty.call(texts, sectionName) ? (texts as Record<string, unknown>)[sectionName] : undefined;
  if (typeof section !== "object" || section === null) {
    throw new Error(`Text key "${key}" names the section "${sectionName}", which is not loaded here (loaded: ${Object.keys(texts).join(", ") || "none"})`);
  }
  const text: unknown = (section as Record<string, unknown>)[key.slice(dot + 1)];
  if (typeof text !== "string") throw new Error(`Text key "${key}" is not in the section "${sectionName}"`);
  return text;
}
