/**
 * `npm run validate`: parse every flow file by its schema, cross-check every name they use
 * against the engine's registries, the screen list and the server's checks, and write the JSON Schema files the
 * flow files reference. Exits non-zero listing every problem; build.mjs runs it first.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import * as z from "zod/mini";
import { actionArgSchemas, predicateArgSchemas } from "../src/engine/argumentSchemas";
import { createEngineRegistries } from "../src/engine/builtins";
import { crossCheckDefinitions, DefinitionError, parseDefinitions } from "../src/engine/definitions";
import { checksFileSchema } from "../schemas/checks";
import { checkPlanProblems } from "../src/server/verify/checks/checkPlan";
import { createServerCheckRegistry } from "../src/server/verify/checks/registry";
import { SCREEN_TYPES } from "../src/ui/screens/screenTypes";
import { FLOW_FILES, readFlowJson, readRawDefinitions } from "./flowFiles";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const readJson = readFlowJson;

/** Every problem found in the definitions (empty when they are sound). */
export function validateAll(): string[] {
  const problems: string[] = [];
  for (const file of FLOW_FILES) {
    let raw: unknown;
    try {
      raw = readJson(file.path);
    } catch (e) {
      problems.push(`${file.path}: ${(e as Error).message}`);
      continue;
    }
    const r = z.safeParse(file.schema, raw);
    if (!r.success) for (const i of r.error.issues) problems.push(`${file.path}: ${i.path.join(".") || "(root)"}: ${i.message}`);
    const declared = (raw as { $schema?: unknown }).$schema;
    const expected = `../schemas/json/${file.jsonSchema}`;
    if (declared !== expected) problems.push(`${file.path}: "$schema" must be "${expected}"`);
  }
  if (problems.length) return problems;
  try {
    const defs = parseDefinitions(readRawDefinitions());
    const reg = createEngineRegistries();
    problems.push(...crossCheckDefinitions(defs, { ...reg, screens: SCREEN_TYPES, predicateArgs: predicateArgSchemas, actionArgs: actionArgSchemas }));
  } catch (e) {
    if (e instanceof DefinitionError) problems.push(...e.problems);
    else throw e;
  }
  const checks = checksFileSchema.parse(readJson("flows/checks.json"));
  problems.push(...checkPlanProblems(checks, createServerCheckRegistry()).map((p) => `flows/checks.json: ${p}`));
  return problems;
}

/** Write schemas/json/*.schema.json for editors. */
export function writeJsonSchemas(): void {
  const dir = join(root, "schemas/json");
  mkdirSync(dir, { recursive: true });
  for (const file of FLOW_FILES) {
    const json = z.toJSONSchema(file.schema, { unrepresentable: "any", io: "input" });
    writeFileSync(join(dir, file.jsonSchema), JSON.stringify(json, null, 2) + "\n");
  }
}

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1];
if (isMain) {
  const problems = validateAll();
  if (problems.length) {
    console.error(`flow definitions: ${problems.length} problem(s)\n- ${problems.join("\n- ")}`);
    process.exit(1);
  }
  writeJsonSchemas();
  console.log(`flow definitions: ${FLOW_FILES.length} files valid, every name cross-checked; JSON Schemas written to schemas/json/`);
}
