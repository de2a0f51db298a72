/**
 * flows/texts.<lang>.json: every user-facing string of the flow in one language, one file per
 * language listed in flows/languages.json. The source language's file (zh-CN) defines the
 * shape; every other language's is checked against it at build time
 * (schemas/textsCompleteness.ts).
 * - `shell`: the few strings the page shell shows before any screen has loaded (page titles by
 *   key, the loading text, the load-failure notice); the build embeds every language's shell
 *   with the first screen (scripts/build/languages.mjs), as it is needed before any fetch.
 * - every other key is a section of the screens' texts ("start", "errors", "results", …),
 *   a record of texts by key. Screens read them through typed keys, so a missing key is a
 *   compile error; the catalogues (flows/errors.json, flows/results.json) name theirs as text
 *   keys `<section>.<key>`, checked against the source language by `npm run validate`. They
 *   reach the screens through the runtime, one set of sections at a time
 *   (src/runtime/textCatalogue.ts).
 */
import * as z from "zod/mini";
// Type-only: the source language's file defines the shape every language must have.
import type sourceTexts from "../flows/texts.zh-CN.json";

/** The screens' texts by section, shaped as the source language (zh-CN) has them. */
export type Texts = Omit<typeof sourceTexts, "$schema" | "shell">;
/** A section of the screens' texts ("start", "recorder", …). */
export type TextSection = keyof Texts;
/** A text named by its section and key, e.g. "errors.exitException.title" (the key may hold dots). */
export type TextKey = { [S in TextSection]: `${S}.${Extract<keyof Texts[S], string>}` }[TextSection];

const nonEmpty = z.string().check(z.minLength(1));

/** A text key as a catalogue file names it; that it exists is checked against the source language. */
export const textKeySchema = z.string().check(z.regex(/^[A-Za-z][A-Za-z0-9]*\.[A-Za-z0-9_.]+$/, "expected a text key <section>.<key>, e.g. errors.exitException.title"));

export const shellTextsSchema = z.strictObject({
  /** Page titles by key; routes name theirs in flows/routes.json "title". */
  titles: z.record(z.string(), z.string()),
  loading: nonEmpty,
  /** The message of the error page a link to no route leads to, with {path}. */
  pageNotFound: nonEmpty,
  /** Shown in place of a page that could not be drawn (its code did not arrive, or it failed). */
  loadFailed: z.strictObject({ message: nonEmpty, reload: nonEmpty }),
});

/** The page shell's texts (title keys are checked against flows/routes.json by the engine). */
export type ShellTexts = z.infer<typeof shellTextsSchema>;

export const textsFileSchema = z.intersection(
  z.object({ $schema: z.optional(z.string()), shell: shellTextsSchema }),
  z.record(z.string(), z.union([z.string(), shellTextsSchema, z.record(z.string(), z.string())])),
);
