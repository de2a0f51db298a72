/**
 * The partner API's OpenAPI document as committed, docs/openapi.json (the service serves the same
 * at GET /partner/v1/openapi.json, src/server/openapi/partnerOpenApi.ts).
 * `npx tsx scripts/openapi.ts` says whether the committed copy is current (exit 1 if not);
 * `--write` rewrites it. tests/server/openapi.test.ts checks it in npm test.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { partnerOpenApiText } from "../src/server/openapi/partnerOpenApi";

export const OPENAPI_FILE = join(dirname(fileURLToPath(import.meta.url)), "../docs/openapi.json");

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const text = partnerOpenApiText();
  if (process.argv.includes("--write")) {
    writeFileSync(OPENAPI_FILE, text);
    console.log(`wrote ${OPENAPI_FILE}`);
  } else if (!existsSync(OPENAPI_FILE) || readFileSync(OPENAPI_FILE, "utf8") !== text) {
    console.error("docs/openapi.json is not the service's document: npx tsx scripts/openapi.ts --write");
    process.exit(1);
  } else console.log("docs/openapi.json is current");
}
