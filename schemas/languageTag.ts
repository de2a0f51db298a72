/**
 * A language tag as the flow uses them (flows/languages.json, the launch's `lang`): its own
 * module so the first screen's launch parsing takes this one check without the languages
 * file's schema (schemas/languages.ts re-exports it).
 */
import * as z from "zod/mini";

/** A BCP 47 tag as the flow uses them: a language, then optionally a script or region. */
export const languageTagSchema = z.string().check(z.regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, "expected a language tag such as zh-CN or en"));
