/**
 * The texts the attempt's view models name (src/flow/attempt/textRef.ts), looked up in the
 * sections a screen was handed (useTexts) and their {slots} filled.
 */
import type { TextRef } from "../../flow/attempt/textRef";
import type { TextSection, TextsOf } from "../texts";
import { fillText } from "./textTemplate";

/** The text `ref` names. @example textOf(texts, { section: "realtime", key: "countdownHint", fill: { seconds: "3" } }) // "3 秒后开始" */
export function textOf<S extends TextSection>(texts: TextsOf<S>, ref: TextRef<S>): string {
  const section: Readonly<Record<string, string>> = texts[ref.section];
  const text = section[ref.key];
  // The key is typed against the sections, so only texts that bypassed the catalogue's check can miss it.
  if (text === undefined) throw new Error(`Text ${ref.section}.${ref.key} is missing; the section has: ${Object.keys(section).join(", ")}`);
  return ref.fill ? fillText(text, ref.fill) : text;
}

/** The texts `refs` name, one after the other ("" for none). */
export function textsOf<S extends TextSection>(texts: TextsOf<S>, refs: readonly TextRef<S>[]): string {
  return refs.map((ref) => textOf(texts, ref)).join("");
}
