/**
 * flows/staff.json: the words of the staff pages the service renders (the order view, the
 * dashboard), one block a language of flows/languages.json, each a record of sections of texts
 * by key. Not the page's texts (flows/texts.<tag>.json): the user's flow never loads these, so
 * they stay out of its bundles. The source language's block defines every key; every other
 * listed language's must have the same keys and placeholders (schemas/textsCompleteness.ts),
 * and no language is left out or added: checked by `npm run validate` and at the service's start.
 */
import * as z from "zod/mini";
import type { LanguagesFile } from "./languages";
import { textsCompletenessProblems } from "./textsCompleteness";
// Type-only: the default language's block defines the keys the service may ask for.
import type staffSource from "../flows/staff.json";

type Source = (typeof staffSource)["zh-CN"];
/** A staff text named by its section and key, e.g. "orders.title": a key the file lacks is a compile error. */
export type StaffTextKey = { [S in keyof Source]: `${S}.${Extract<keyof Source[S], string>}` }[keyof Source];

const section = z.record(z.string().check(z.regex(/^[A-Za-z][A-Za-z0-9_.]*$/, "expected a text key")), z.string().check(z.minLength(1)));
const language = z.record(z.string().check(z.regex(/^[a-z][A-Za-z0-9]*$/, "expected a section name")), section);

export const staffTextsFileSchema = z.catchall(z.object({ $schema: z.optional(z.string()) }), language);

export type StaffTextsFile = z.infer<typeof staffTextsFileSchema>;

/** Every problem of the file against the languages list: each listed language complete against the default's block, nothing unlisted. */
export function staffTextsProblems(file: StaffTextsFile, languages: LanguagesFile, where = "flows/staff.json"): string[] {
  const tags = languages.languages.map((l) => l.tag);
  const present = Object.keys(file).filter((k) => k !== "$schema");
  const source = file[languages.default];
  if (source === undefined || typeof source === "string") return [`${where}: the default language ${languages.default} has no block: it defines every key`];
  const problems = present.filter((tag) => !tags.includes(tag)).map((tag) => `${where}: "${tag}" is not a language of flows/languages.json (${tags.join(", ")})`);
  for (const tag of tags) {
    if (tag === languages.default) continue;
    if (!(tag in file)) problems.push(`${where}: the listed language ${tag} has no block`);
    else problems.push(...textsCompletenessProblems(`${where} ${tag}`, source, file[tag]));
  }
  return problems;
}
