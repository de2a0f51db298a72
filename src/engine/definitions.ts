/**
 * Loading and cross-checking the flow definitions. Parsing runs at build time (build.mjs via
 * scripts/validate.ts) and in the flow-file test; the browser bundle embeds the definitions
 * that passed, so it does not ship the schemas of every flow file.
 */
import * as z from "zod/mini";
import type { Condition } from "../../schemas/condition";
import { appsFileSchema, type AppsFile } from "../../schemas/apps";
import { routesFileSchema, type RoutesFile } from "../../schemas/routes";
import { entryFileSchema, guardFileSchema, type EntryFile, type GuardFile, type Rule } from "../../schemas/rules";
import { themesFileSchema, type ThemesFile } from "../../schemas/themes";
import type { Action } from "./actions";
import type { Predicate } from "./predicates";
import type { Registry } from "./registry";

export interface Definitions {
  routes: RoutesFile;
  entry: EntryFile;
  guard: GuardFile;
  apps: AppsFile;
  themes: ThemesFile;
  titles: Record<string, string>;
}

export interface RawDefinitions {
  routes: unknown;
  entry: unknown;
  guard: unknown;
  apps: unknown;
  themes: unknown;
  /** The `shell` section of the source language's texts (flows/texts.zh-CN.json), for the page title keys. */
  shell: unknown;
}

export class DefinitionError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid flow definitions:\n- ${problems.join("\n- ")}`);
    this.name = "DefinitionError";
  }
}

function parse<T>(file: string, schema: z.ZodMiniType<T>, raw: unknown, problems: string[]): T | undefined {
  const r = z.safeParse(schema, raw);
  if (r.success) return r.data;
  for (const issue of r.error.issues) problems.push(`${file}: ${issue.path.join(".") || "(root)"}: ${issue.message}`);
  return undefined;
}

const titlesOnly = z.looseObject({ titles: z.record(z.string(), z.string()) });
/** The raw shell texts file is parsed fully by the validate script; here only its titles matter. */

/** Parse every definition file; throws DefinitionError listing every problem found. */
export function parseDefinitions(raw: RawDefinitions): Definitions {
  const problems: string[] = [];
  const routes = parse("flows/routes.json", routesFileSchema, raw.routes, problems);
  const entry = parse("flows/entry.json", entryFileSchema, raw.entry, problems);
  const guard = parse("flows/guard.json", guardFileSchema, raw.guard, problems);
  const apps = parse("flows/apps.json", appsFileSchema, raw.apps, problems);
  const themes = parse("themes/themes.json", themesFileSchema, raw.themes, problems);
  const texts = parse("flows/texts.zh-CN.json: shell", titlesOnly, raw.shell, problems);
  if (!routes || !entry || !guard || !apps || !themes || !texts) throw new DefinitionError(problems);
  return { routes, entry, guard, apps, themes, titles: texts.titles };
}

interface KnownNames {
  predicates: Registry<Predicate>;
  actions: Registry<Action>;
  screens: readonly string[];
  /** Argument schemas by name (./argumentSchemas.ts); null = takes no arguments. */
  predicateArgs: Record<string, z.ZodMiniType | null>;
  actionArgs: Record<string, z.ZodMiniType>;
}

function checkCondition(where: string, cond: Condition, known: KnownNames, problems: string[]): void {
  const walk = (c: Condition): void => {
    if (typeof c === "string" || "pred" in c) {
      const name = typeof c === "string" ? c : c.pred;
      const args = typeof c === "string" ? {} : (c.args ?? {});
      if (!known.predicates.has(name)) {
        problems.push(`${where}: unknown predicate "${name}" (known: ${known.predicates.names().join(", ")})`);
        return;
      }
      const schema = known.predicateArgs[name];
      if (!schema && Object.keys(args).length) problems.push(`${where}: predicate "${name}" takes no arguments`);
      if (schema && !z.safeParse(schema, args).success) problems.push(`${where}: bad arguments for predicate "${name}"`);
      return;
    }
    if ("all" in c) c.all.forEach(walk);
    else if ("any" in c) c.any.forEach(walk);
    else walk(c.not);
  };
  walk(cond);
}

function checkRule(file: string, rule: Rule, defs: Definitions, known: KnownNames, problems: string[]): void {
  const where = `${file} step "${rule.id}"`;
  checkCondition(where, rule.when, known, problems);
  if (rule.unless) checkCondition(`${where} (unless)`, rule.unless, known, problems);
  if (!known.actions.has(rule.then.do)) {
    problems.push(`${where}: unknown action "${rule.then.do}" (known: ${known.actions.names().join(", ")})`);
    return;
  }
  const action = known.actions.get(rule.then.do);
  const args = rule.then.args ?? {};
  const argSchema = known.actionArgs[rule.then.do];
  const parsed = argSchema ? z.safeParse(argSchema, args) : null;
  if (parsed && !parsed.success) problems.push(`${where}: bad arguments for action "${rule.then.do}": ${parsed.error.issues.map((i) => i.message).join("; ")}`);
  const refs = action.routeRefs?.(args);
  const names = new Set(defs.routes.routes.map((r) => r.name));
  const paths = new Set(defs.routes.routes.map((r) => r.path));
  for (const n of refs?.names ?? []) if (!names.has(n)) problems.push(`${where}: unknown route name "${n}"`);
  for (const p of refs?.paths ?? []) if (!paths.has(p)) problems.push(`${where}: no route with path "${p}"`);
}

/** Every name the definitions use must exist; returns the problems (empty when sound). */
export function crossCheckDefinitions(defs: Definitions, known: KnownNames): string[] {
  const problems: string[] = [];
  for (const n of known.predicates.names()) if (!(n in known.predicateArgs)) problems.push(`predicate "${n}" has no argument declaration in src/engine/argumentSchemas.ts`);
  for (const n of known.actions.names()) if (!(n in known.actionArgs)) problems.push(`action "${n}" has no argument declaration in src/engine/argumentSchemas.ts`);
  const seenNames = new Set<string>();
  const seenPaths = new Set<string>();
  for (const r of defs.routes.routes) {
    if (seenNames.has(r.name)) problems.push(`flows/routes.json: duplicate route name "${r.name}"`);
    if (seenPaths.has(r.path)) problems.push(`flows/routes.json: duplicate path "${r.path}"`);
    seenNames.add(r.name);
    seenPaths.add(r.path);
    if (!known.screens.includes(r.screen)) {
      problems.push(`flows/routes.json: route "${r.name}" uses unknown screen "${r.screen}" (known: ${known.screens.join(", ")})`);
    }
    if (!(r.title in defs.titles)) problems.push(`flows/routes.json: route "${r.name}" uses unknown title key "${r.title}"`);
  }
  if (!seenPaths.has("/")) problems.push(`flows/routes.json: no root route "/"`);
  for (const rule of defs.entry.effects) checkRule("flows/entry.json effects", rule, defs, known, problems);
  for (const rule of defs.entry.rules) checkRule("flows/entry.json", rule, defs, known, problems);
  const last = defs.entry.rules[defs.entry.rules.length - 1];
  if (last && last.when !== "always") problems.push(`flows/entry.json: the last rule must have "when": "always" so "/" always redirects`);
  for (const rule of defs.guard.steps) checkRule("flows/guard.json", rule, defs, known, problems);
  checkCondition("flows/apps.json authLevels.simple", defs.apps.authLevels.simple, known, problems);
  checkCondition("flows/apps.json authLevels.enhanced", defs.apps.authLevels.enhanced, known, problems);
  return problems;
}
