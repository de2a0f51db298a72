/**
 * The screens' Chinese texts (flows/texts.zh-CN.json). Only lazily loaded screens import
 * this module, so the texts travel with the screens instead of the first screen's bundle;
 * the shell's own few strings are in flows/shell.zh-CN.json.
 */
import texts from "../../flows/texts.zh-CN.json";
import { useRuntime } from "./FlowProvider";

export type Texts = typeof texts;

/** The texts, typed by the file itself (a missing key is a compile error). */
export function useTexts(): Texts {
  useRuntime();
  return texts;
}
