/**
 * The definition files and the schema each must satisfy. The validate script parses them
 * all, and writes each schema as JSON Schema next to the zod source so that editors
 * complete and check the files through their "$schema" key.
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type * as z from "zod/mini";
import type { RawDefinitions } from "../src/engine/definitions";
import { analyticsFileSchema } from "../schemas/analytics";
import { appsFileSchema } from "../schemas/apps";
import { captureFileSchema } from "../schemas/capture";
import { checksFileSchema } from "../schemas/checks";
import { devicesFileSchema } from "../schemas/devices";
import { errorsFileSchema } from "../schemas/errors";
import { resultsFileSchema } from "../schemas/results";
import { routesFileSchema } from "../schemas/routes";
import { entryFileSchema, guardFileSchema } from "../schemas/rules";
import { textsFileSchema } from "../schemas/texts";
import { languagesFileSchema } from "../schemas/languages";
import { themesFileSchema } from "../schemas/themes";
import { staffTextsFileSchema } from "../schemas/staffTexts";

interface FlowFile {
  /** Path from the repository root. */
  path: string;
  /** Name of the JSON Schema file under schemas/json/. */
  jsonSchema: string;
  schema: z.ZodMiniType;
}

export const FLOW_FILES: FlowFile[] = [
  { path: "flows/routes.json", jsonSchema: "routes.schema.json", schema: routesFileSchema },
  { path: "flows/entry.json", jsonSchema: "entry.schema.json", schema: entryFileSchema },
  { path: "flows/guard.json", jsonSchema: "guard.schema.json", schema: guardFileSchema },
  { path: "flows/apps.json", jsonSchema: "apps.schema.json", schema: appsFileSchema },
  { path: "flows/capture.json", jsonSchema: "capture.schema.json", schema: captureFileSchema },
  { path: "flows/checks.json", jsonSchema: "checks.schema.json", schema: checksFileSchema },
  { path: "flows/devices.json", jsonSchema: "devices.schema.json", schema: devicesFileSchema },
  { path: "flows/errors.json", jsonSchema: "errors.schema.json", schema: errorsFileSchema },
  { path: "flows/results.json", jsonSchema: "results.schema.json", schema: resultsFileSchema },
  { path: "flows/texts.zh-CN.json", jsonSchema: "texts.schema.json", schema: textsFileSchema },
  { path: "flows/languages.json", jsonSchema: "languages.schema.json", schema: languagesFileSchema },
  { path: "flows/analytics.json", jsonSchema: "analytics.schema.json", schema: analyticsFileSchema },
  { path: "themes/themes.json", jsonSchema: "themes.schema.json", schema: themesFileSchema },
  { path: "flows/staff.json", jsonSchema: "staff.schema.json", schema: staffTextsFileSchema },
];

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

/** A definition file's JSON, by its path from the repository root. */
export const readFlowJson = (path: string): unknown => JSON.parse(readFileSync(join(root, path), "utf8"));

/** The files the engine's definitions are made of, as read from disk. */
export function readRawDefinitions(): RawDefinitions {
  return {
    routes: readFlowJson("flows/routes.json"),
    entry: readFlowJson("flows/entry.json"),
    guard: readFlowJson("flows/guard.json"),
    apps: readFlowJson("flows/apps.json"),
    themes: readFlowJson("themes/themes.json"),
    shell: (readFlowJson("flows/texts.zh-CN.json") as { shell?: unknown }).shell,
  };
}
