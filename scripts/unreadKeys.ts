/**
 * A key of a flow file that nothing reads fails validation (issue 15): a setting staff can
 * edit to no effect is worse than none. The keys are those the file's schema names (object
 * properties, at any depth: not the names a record holds as data, such as statuses or route
 * names) and, for the texts, every section and text key. A key counts as read when a word
 * equal to it appears in the code that consumes the definitions: the browser and the service
 * (src/, TypeScript and CSS, where theme tokens are read as var(--ff-<token>)), the build
 * (scripts/build/), or as a string value of another flow file (guard.json names route flags
 * by their key). It is a word test, so a common word can pass unread; it never fails a key
 * that is read.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { FLOW_FILES, readFlowJson } from "./flowFiles";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

/**
 * Keys no code reads yet, each with why it may stay; an entry nothing needs any more fails too,
 * so the list only shrinks.
 */
const NOT_YET_READ: Readonly<Record<string, string>> = {};

interface ZodNode {
  _zod?: { def?: Record<string, unknown> & { shape?: Record<string, unknown> } };
}

/** Every property name the schema's objects declare, at any depth (through optional, array, record, union, …). */
export function schemaKeys(schema: unknown, seen = new Set<unknown>(), out = new Set<string>()): Set<string> {
  if (typeof schema !== "object" || schema === null || seen.has(schema)) return out;
  seen.add(schema);
  const def = (schema as ZodNode)._zod?.def;
  if (!def) return out;
  for (const [key, value] of Object.entries(def.shape ?? {})) {
    if (key !== "$schema") out.add(key);
    schemaKeys(value, seen, out);
  }
  for (const [field, value] of Object.entries(def)) {
    if (field === "shape") continue;
    for (const part of Array.isArray(value) ? value : [value]) if (typeof part === "object" && part !== null && "_zod" in part) schemaKeys(part, seen, out);
  }
  return out;
}

/** The section and text keys of a texts file (its data is its shape). */
function textKeys(texts: unknown, out = new Set<string>()): Set<string> {
  if (typeof texts !== "object" || texts === null) return out;
  for (const [key, value] of Object.entries(texts)) {
    if (key === "$schema") continue;
    out.add(key);
    textKeys(value, out);
  }
  return out;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|mts|mjs|css)$/.test(entry.name) ? [path] : [];
  });
}

/** Every string value in a JSON document. */
function stringValues(json: unknown): string[] {
  if (typeof json === "string") return [json];
  if (Array.isArray(json)) return json.flatMap(stringValues);
  if (typeof json === "object" && json !== null) return Object.values(json).flatMap(stringValues);
  return [];
}

/** The keys of `keys` that no word of `readers` names. */
export function unreadKeys(keys: Iterable<string>, readers: string): string[] {
  const words = new Set(readers.match(/[A-Za-z_$][\w$]*/g) ?? []);
  // A key that is not a word ("1", "2" of a record by live type) is data, read by lookup.
  return [...keys].filter((key) => /^[A-Za-z_$][\w$]*$/.test(key) && !words.has(key));
}

/** Every flow-file key nothing reads, "file: key (why)", plus exemptions no longer needed. */
export function unreadFlowKeyProblems(): string[] {
  const code = [...sourceFiles("src"), ...sourceFiles("scripts/build")].map((file) => readFileSync(join(root, file), "utf8")).join("\n");
  const problems: string[] = [];
  const exempted = new Set<string>();
  for (const file of FLOW_FILES) {
    const json = readFlowJson(file.path);
    const keys = /flows\/texts\./.test(file.path) ? textKeys(json) : schemaKeys(file.schema);
    const others = FLOW_FILES.filter((f) => f !== file).flatMap((f) => stringValues(readFlowJson(f.path)));
    for (const key of unreadKeys(keys, `${code}\n${others.join("\n")}`)) {
      const name = `${file.path}: ${key}`;
      if (name in NOT_YET_READ) exempted.add(name);
      else problems.push(`${name}: no code reads this key; remove it, or read it`);
    }
  }
  for (const name of Object.keys(NOT_YET_READ)) if (!exempted.has(name)) problems.push(`${name}: is read now; remove it from NOT_YET_READ (scripts/unreadKeys.ts)`);
  return problems;
}
