/**
 * The import-rule check over the repository's src/ and schemas/ (rules in `importRules.ts`, layer order in `layers.json`).
 * `npm test` runs it through tests/imports/importRules.test.ts; alone:
 * `npx tsx scripts/imports/checkImports.ts` prints each violation and exits 1 on any.
 */
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { buildImportGraph, listSources, type ImportGraph } from "./importGraph";
import { describeViolation, findImportViolations } from "./importRules";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "../..");
/** The folders whose imports the rules govern: the browser app, the service and the contract. */
const CHECKED_FOLDERS = ["src", "schemas"];

/** The import graph of the repository's checked folders. */
export function repositoryImportGraph(root: string = ROOT): ImportGraph {
  return buildImportGraph(root, listSources(root, CHECKED_FOLDERS));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const graph = repositoryImportGraph();
  const violations = findImportViolations(graph).map(describeViolation);
  for (const line of violations) console.error(line);
  console.log(`import rules: ${graph.files.length} files, ${graph.edges.length} imports, ${violations.length} violations`);
  process.exit(violations.length === 0 ? 0 : 1);
}
