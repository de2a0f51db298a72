/**
 * `npm run validate`: parse every flow file by its schema, cross-check every name they use
 * against the engine's registries, the screen list, the shipped capture kinds and the server's
 * checks, parse every route's props by its screen type's schema (schemas/screenProps.ts), check
 * every other language against zh-CN, that every key of a flow file is read by code and that
 * every theme's text/background pairs reach WCAG AA contrast (schemas/themeContrast.ts), and
 * write the JSON Schema files the flow files reference. Exits non-zero listing every problem;
 * build.mjs runs it first.
 */
import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import * as z from "zod/mini";
import { captureFileSchema, type CaptureFile } from "../schemas/capture";
import { checkCaptureModes } from "../src/capture/kinds/modeTable";
import { shippedCaptureKinds } from "../src/capture/kinds/shipped";
import { actionArgSchemas, predicateArgSchemas } from "../src/engine/argumentSchemas";
import { createEngineRegistries } from "../src/engine/builtins";
import { crossCheckDefinitions, DefinitionError, parseDefinitions, type Definitions } from "../src/engine/definitions";
import { realtimeModeOrder } from "../src/domain/modes";
import { routeNextProblems } from "../schemas/screenOutcomes";
import { routePropsProblems } from "../schemas/screenProps";
import { checksFileSchema } from "../schemas/checks";
import { themeContrastProblems } from "../schemas/themeContrast";
import { themesFileSchema } from "../schemas/themes";
import { languagesFileSchema } from "../schemas/languages";
import { staffTextsFileSchema, staffTextsProblems } from "../schemas/staffTexts";
import { checkPlanProblems } from "../src/server/verify/checks/checkPlan";
import { createServerCheckRegistry } from "../src/server/verify/checks/registry";
import { SCREEN_TYPES } from "../src/ui/screens/screenTypes";
import { FLOW_FILES, readFlowJson, readRawDefinitions } from "./flowFiles";
import { unreadFlowKeyProblems } from "./unreadKeys";
import { catalogueKeyProblems, languageProblems } from "./languageChecks";

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
    problems.push(...crossCheckCapture(z.parse(captureFileSchema, readJson("flows/capture.json")), defs));
    // Each route's props by its screen type's strict schema: the browser trusts them typed (src/ui/screenContract.ts routeProps).
    problems.push(...routePropsProblems(defs.routes.routes));
    // Each route's outcomes lead somewhere: screens name outcomes, never paths (schemas/screenOutcomes.ts).
    problems.push(...routeNextProblems(defs.routes.routes));
  } catch (e) {
    if (e instanceof DefinitionError) problems.push(...e.problems);
    else throw e;
  }
  const checks = checksFileSchema.parse(readJson("flows/checks.json"));
  problems.push(...checkPlanProblems(checks, createServerCheckRegistry()).map((p) => `flows/checks.json: ${p}`));
  problems.push(...languageProblems());
  problems.push(...catalogueKeyProblems());
  // The staff pages' words: every listed language complete against the default's block.
  problems.push(...staffTextsProblems(z.parse(staffTextsFileSchema, readJson("flows/staff.json")), z.parse(languagesFileSchema, readJson("flows/languages.json"))));
  problems.push(...unreadFlowKeyProblems());
  problems.push(...themeContrastProblems(themesFileSchema.parse(readJson("themes/themes.json"))));
  return problems;
}

/**
 * capture.json's mode table against the shipped capture kinds (every mode and kind it names is
 * known, every kind is reachable in every order), each kind's routes against routes.json, and
 * the real-time modes' order against the one the h5conf "first mode" code records.
 */
export function crossCheckCapture(capture: CaptureFile, defs: Pick<Definitions, "routes">): string[] {
  const kinds = shippedCaptureKinds();
  const problems = checkCaptureModes(
    kinds.map((d) => d.kind),
    capture,
  ).map((p) => `flows/capture.json: ${p}`);
  const paths = new Set(defs.routes.routes.map((r) => r.path));
  for (const d of kinds) {
    for (const [which, path] of Object.entries(d.routes)) {
      if (!paths.has(path)) problems.push(`src/capture/kinds: capture kind "${d.kind}" routes.${which} is "${path}", which flows/routes.json does not define`);
    }
  }
  const launchOf = { default: {}, prioriWs: { priori_mode_switch: "1" } } as const;
  for (const order of ["default", "prioriWs"] as const) {
    const expected = realtimeModeOrder(launchOf[order]);
    const listed = capture.modeOrder[order].filter((mode) => mode === "trtc" || mode === "ws");
    if (listed.join() !== expected.join()) {
      problems.push(`flows/capture.json: modeOrder.${order} puts the real-time modes as ${listed.join(", ") || "(none)"}; the h5conf first-mode code (src/domain/modes.ts realtimeModeOrder) records ${expected.join(", ")}`);
    }
  }
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
