/**
 * flows/texts.zh-CN.json: the screens' user-facing strings, grouped by section; screens read
 * them through typed keys (`Texts`, the shape of the source language's file), so a missing
 * key is a compile error. They reach the screens through the runtime, one section at a time
 * (src/runtime/textCatalogue.ts).
 * flows/shell.zh-CN.json: the few strings the shell shows before any screen has loaded
 * (page titles by key, the loading text), kept apart so the first screen stays small.
 */
import * as z from "zod/mini";
// Type-only: the source language's files define the shape every language must have.
import type sourceTexts from "../flows/texts.zh-CN.json";
import type sourceShell from "../flows/shell.zh-CN.json";

/** The screens' texts by section, shaped as the source language (zh-CN) has them. */
export type Texts = Omit<typeof sourceTexts, "$schema">;
/** A section of the screens' texts ("start", "recorder", …). */
export type TextSection = keyof Texts;
/** The page shell's texts, shaped as the source language has them. */
export type ShellTexts = Omit<typeof sourceShell, "$schema">;

export const textsFileSchema = z.intersection(
  z.object({ $schema: z.optional(z.string()) }),
  z.record(z.string(), z.union([z.string(), z.record(z.string(), z.string())])),
);

export const shellTextsFileSchema = z.strictObject({
  $schema: z.optional(z.string()),
  /** Page titles by key; routes name theirs in flows/routes.json "title". */
  titles: z.record(z.string(), z.string()),
  loading: z.string().check(z.minLength(1)),
  /** Shown in place of a page that could not be drawn (its code did not arrive, or it failed). */
  loadFailed: z.strictObject({ message: z.string().check(z.minLength(1)), reload: z.string().check(z.minLength(1)) }),
});
