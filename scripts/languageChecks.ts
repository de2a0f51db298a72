/**
 * The languages' checks of `npm run validate` (issue 17): the list against the texts files,
 * each language complete against the source language, and the catalogues' text keys.
 */
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { languagesFileSchema } from "../schemas/languages";
import { textsFileSchema } from "../schemas/texts";
import { textsCompletenessProblems } from "../schemas/textsCompleteness";
import { readFlowJson } from "./flowFiles";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const readJson = readFlowJson;

/** The source language of the texts: its file defines every key (schemas/texts.ts); every other language's must match it. */
const SOURCE_LANGUAGE = "zh-CN";

/**
 * flows/languages.json against the texts files: the list names the source language and its
 * default, each listed language has flows/texts.<tag>.json complete against the source's
 * (schemas/textsCompleteness.ts), and no texts file ships unlisted (the build embeds only
 * listed ones, so an unlisted file would be a translation nobody sees).
 */
export function languageProblems(files: readonly string[] = readdirSync(join(root, "flows")), read: (path: string) => unknown = readJson): string[] {
  const problems: string[] = [];
  const parsed = languagesFileSchema.safeParse(read("flows/languages.json"));
  if (!parsed.success) return parsed.error.issues.map((i) => `flows/languages.json: ${i.path.join(".") || "(root)"}: ${i.message}`);
  // The schema has checked the default is listed and no tag is listed twice.
  const tags = parsed.data.languages.map((l) => l.tag);
  const listed = new Set(tags);
  if (!listed.has(SOURCE_LANGUAGE)) problems.push(`flows/languages.json: the source language ${SOURCE_LANGUAGE} must be listed: its texts define every key`);
  const present = new Set<string>();
  for (const name of files) {
    if (!name.startsWith("texts.")) continue;
    const m = /^texts\.([a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*)\.json$/.exec(name);
    if (!m) {
      problems.push(`flows/${name}: not a language file name (texts.<tag>.json)`);
      continue;
    }
    present.add(m[1] as string);
    if (!listed.has(m[1] as string)) problems.push(`flows/${name}: language ${m[1]} is not listed in flows/languages.json, so no page would show it`);
  }
  const source = read(`flows/texts.${SOURCE_LANGUAGE}.json`);
  for (const tag of tags) {
    const path = `flows/texts.${tag}.json`;
    if (!present.has(tag)) {
      problems.push(`${path}: missing; flows/languages.json lists ${tag}`);
      continue;
    }
    const file = textsFileSchema.safeParse(read(path));
    if (!file.success) problems.push(...file.error.issues.map((i) => `${path}: ${i.path.join(".") || "(root)"}: ${i.message}`));
    if (tag !== SOURCE_LANGUAGE) problems.push(...textsCompletenessProblems(path, source, read(path)));
  }
  return problems;
}

/**
 * Every text key the catalogues name (flows/errors.json, flows/results.json, the themes' names in
 * themes/themes.json) against the source
 * language's texts: a key with no text would throw on the screen that shows it.
 */
export function catalogueKeyProblems(read: (path: string) => unknown = readJson): string[] {
  const source = read(`flows/texts.${SOURCE_LANGUAGE}.json`) as Record<string, unknown>;
  const problems: string[] = [];
  const visit = (file: string, value: unknown, path: string[]): void => {
    if (typeof value === "string") {
      if (!isTextKeyField(path)) return;
      const dot = value.indexOf(".");
      const section = source[value.slice(0, dot)];
      if (dot < 1 || typeof section !== "object" || section === null || typeof (section as Record<string, unknown>)[value.slice(dot + 1)] !== "string") {
        problems.push(`${file}: ${path.join(".")} names the text "${value}", which flows/texts.${SOURCE_LANGUAGE}.json does not have`);
      }
    } else if (Array.isArray(value)) value.forEach((v, i) => visit(file, v, [...path, String(i)]));
    else if (typeof value === "object" && value !== null) for (const [k, v] of Object.entries(value)) if (k !== "$schema") visit(file, v, [...path, k]);
  };
  for (const file of ["flows/errors.json", "flows/results.json", "themes/themes.json"]) visit(file, read(file), []);
  return problems;
}

/** The catalogues' fields that hold text keys (the rest are codes, names and switches). */
function isTextKeyField(path: readonly string[]): boolean {
  const last = path[path.length - 1] ?? "";
  const parent = path[path.length - 2] ?? "";
  if (path[0] === "labels") return true;
  if (path[0] === "tipSets") return last === "heading" || parent === "items";
  if (path[0] === "outcomes") return parent === "titles" || parent === "tips" || last === "label";
  if (path[0] === "themes") return last === "label";
  return last === "title" || last === "text" || parent === "textByMode";
}
