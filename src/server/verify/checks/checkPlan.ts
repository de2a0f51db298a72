/**
 * The checks each attempt runs: flows/checks.json resolved against the registry. Built once at
 * start (the service's composition root, and each verification thread), so a name nobody
 * registered, a check listed before one it needs, or a registered check no list names stops
 * the service from starting, as `npm run validate` stops the build.
 */
import * as z from "zod/mini";
import type { ChecksFile } from "../../../../schemas/checks";
import type { VerifyAsk } from "../../../../schemas/verifyJob";
import { REPLAY_THRESHOLDS, replayThresholdsSchema } from "../fingerprint/replayThresholds";
import { LIGHT_CHECK } from "../../light/lightModes";
import type { CheckRegistry } from "./registry";
import type { ServerCheck } from "./serverCheck";

export interface PlannedCheck {
  name: string;
  check: ServerCheck;
  /** Its section of the file's thresholds, parsed by its schema (undefined for a check without one). */
  thresholds: unknown;
}

export interface CheckPlan {
  /** The attempt's checks in order: its will list in will mode, else its live list; without "light" on the light's alternative route. */
  checksFor(ask: Pick<VerifyAsk, "liveType" | "will" | "lightAlternative">): readonly PlannedCheck[];
}

export class CheckPlanError extends Error {
  override readonly name = "CheckPlanError";
  constructor(readonly problems: readonly string[]) {
    super(`flows/checks.json: ${problems.length} problem(s)\n- ${problems.join("\n- ")}`);
  }
}

const lists = (file: ChecksFile) =>
  (["live", "will"] as const).flatMap((section) => (["1", "2", "3"] as const).map((liveType) => ({ where: `${section}.${liveType}`, names: file[section][liveType] })));

/**
 * Checks that judge outside the worker's plan and still keep their numbers in the file: the
 * replay check, on the main thread as the verdict is recorded (fingerprint/replayCheck.ts).
 */
const OUTSIDE_THE_PLAN: Readonly<Record<string, z.ZodMiniType>> = { [REPLAY_THRESHOLDS]: replayThresholdsSchema };

/** Each registered check with a thresholds schema, and each check outside the plan, needs its section, parsed by that schema; a section of any other name is an error. */
function thresholdProblems(file: ChecksFile, registry: CheckRegistry): string[] {
  const problems: string[] = [];
  for (const [name, schema] of Object.entries(OUTSIDE_THE_PLAN)) {
    if (!(name in file.thresholds)) problems.push(`thresholds.${name}: missing (the ${name} check reads its thresholds there)`);
    else {
      const parsed = z.safeParse(schema, file.thresholds[name]);
      if (!parsed.success) problems.push(`thresholds.${name}: ${z.prettifyError(parsed.error).replace(/\n/g, " ")}`);
    }
  }
  for (const name of Object.keys(file.thresholds)) {
    if (name in OUTSIDE_THE_PLAN) continue;
    if (!registry.has(name)) problems.push(`thresholds.${name}: no check "${name}" is registered (known: ${[...registry.names(), ...Object.keys(OUTSIDE_THE_PLAN)].join(", ")})`);
    else if (registry.get(name).thresholds === undefined) problems.push(`thresholds.${name}: check "${name}" has no thresholds of its own`);
  }
  for (const name of registry.names()) {
    const schema = registry.get(name).thresholds;
    if (schema === undefined) continue;
    if (!(name in file.thresholds)) {
      problems.push(`thresholds.${name}: missing (check "${name}" declares its thresholds there)`);
      continue;
    }
    const parsed = z.safeParse(schema, file.thresholds[name]);
    if (!parsed.success) problems.push(`thresholds.${name}: ${z.prettifyError(parsed.error).replace(/\n/g, " ")}`);
  }
  return problems;
}

/** Every problem of the file against the registry (empty when sound), each saying where and what exists. */
export function checkPlanProblems(file: ChecksFile, registry: CheckRegistry): string[] {
  const problems: string[] = [];
  const known = registry.names();
  const used = new Set<string>();
  for (const { where, names } of lists(file)) {
    names.forEach((name, i) => {
      used.add(name);
      if (!registry.has(name)) {
        problems.push(`${where}[${i}]: unknown check "${name}" (known: ${known.join(", ")})`);
        return;
      }
      for (const need of registry.get(name).needs) {
        if (!names.slice(0, i).includes(need)) problems.push(`${where}[${i}]: check "${name}" needs "${need}" listed before it`);
      }
    });
  }
  for (const name of known) if (!used.has(name)) problems.push(`check "${name}" is registered but no list names it: list it where it runs, or remove it`);
  problems.push(...thresholdProblems(file, registry));
  return problems;
}

/** Resolves every list once; throws CheckPlanError listing every problem. */
export function createCheckPlan(file: ChecksFile, registry: CheckRegistry): CheckPlan {
  const problems = checkPlanProblems(file, registry);
  if (problems.length) throw new CheckPlanError(problems);
  const thresholdsOf = (check: ServerCheck, name: string): unknown => (check.thresholds === undefined ? undefined : z.parse(check.thresholds, file.thresholds[name]));
  const resolve = (names: readonly string[]) =>
    names.map((name) => {
      const check = registry.get(name);
      return { name, check, thresholds: thresholdsOf(check, name) };
    });
  const live = { "1": resolve(file.live["1"]), "2": resolve(file.live["2"]), "3": resolve(file.live["3"]) };
  const will = { "1": resolve(file.will["1"]), "2": resolve(file.will["2"]), "3": resolve(file.will["3"]) };
  return {
    checksFor(ask) {
      const listed = (ask.will === null ? live : will)[ask.liveType];
      // A user who must not see flashing light was shown none: the rest of the list judges them.
      return ask.lightAlternative ? listed.filter((c) => c.name !== LIGHT_CHECK) : listed;
    },
  };
}
