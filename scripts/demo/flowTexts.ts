/**
 * The flow's own words in one language (flows/texts.<lang>.json), so the walk-through finds a
 * button by the name a user reads on it in that language, and names a mode as the demo page
 * does. A page in another language than asked would then not be walked through at all.
 */
import { readFileSync } from "node:fs";
import type { TextKey, Texts } from "../../schemas/texts";
import { textsFileSchema } from "../../schemas/texts";
import { lookupText } from "../../src/runtime/textKey";

/** The text `key` names in `lang`, e.g. flowText("en")("capture.startRecord") === "Start recording". */
export type FlowText = (key: TextKey) => string;

export function flowTexts(lang: string): FlowText {
  const file = new URL(`../../flows/texts.${lang}.json`, import.meta.url);
  const parsed = textsFileSchema.safeParse(JSON.parse(readFileSync(file, "utf8")));
  if (!parsed.success) throw new Error(`flows/texts.${lang}.json is not a texts file: ${parsed.error.message}`);
  // `npm run validate` checks every language has the source language's keys; lookupText throws on one that is missing.
  const texts = parsed.data as Partial<Texts>;
  return (key) => lookupText(texts, key);
}
