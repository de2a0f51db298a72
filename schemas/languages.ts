/**
 * flows/languages.json: the languages the flow is offered in. Each is one texts file,
 * flows/texts.<tag>.json, checked complete against the source language's at build time
 * (schemas/textsCompleteness.ts); listing a language here is what ships it.
 *
 * Which language a page shows: the launch's `lang` (one of these tags exactly, covered by the
 * launch signature; any other value is a wrong launch parameter), else the first of the
 * browser's languages that one of `matches` prefixes, else `default`.
 */
import * as z from "zod/mini";
import { languageTagSchema } from "./languageTag";

export { languageTagSchema };

const languageSchema = z.strictObject({
  tag: languageTagSchema,
  /** The language's own name for itself, as a chooser shows it (简体中文, English). */
  name: z.string().check(z.minLength(1)),
  /** Writing direction, set on <html dir>. */
  dir: z.enum(["ltr", "rtl"]),
  /**
   * Browser languages this one serves, as lower-case prefixes of navigator.languages entries
   * ("zh-tw" serves zh-TW and zh-tw-x; "en" serves en-US and en-GB). The first listed language
   * with a matching prefix wins, browser language by browser language.
   */
  matches: z.array(z.string().check(z.regex(/^[a-z]{2,3}(-[a-z0-9]{2,8})*$/, "expected a lower-case tag prefix"))).check(z.minLength(1)),
  /** Web Speech API voice language for spoken prompts (will mode's question). */
  speech: languageTagSchema,
});
export type Language = z.infer<typeof languageSchema>;

export const languagesFileSchema = z
  .strictObject({
    $schema: z.optional(z.string()),
    /** The source language: its texts file defines every key; a page with no other choice shows it. */
    default: languageTagSchema,
    languages: z.array(languageSchema).check(z.minLength(1)),
  })
  .check(
    // Here, once, for every reader (validate, the service at start, the tests): a default no page
    // could be shown in, or a tag listed twice, is no list.
    z.superRefine((file, ctx) => {
      const tags = file.languages.map((l) => l.tag);
      if (new Set(tags).size !== tags.length) ctx.issues.push({ code: "custom", input: tags, path: ["languages"], message: `a tag is listed twice (${tags.join(", ")})` });
      if (!tags.includes(file.default)) ctx.issues.push({ code: "custom", input: file.default, path: ["default"], message: `the default "${file.default}" is not listed (listed: ${tags.join(", ")})` });
    }),
  );
export type LanguagesFile = z.infer<typeof languagesFileSchema>;
