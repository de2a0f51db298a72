/**
 * The import-rule check over the repository's src/ and schemas/ (rules in `importRules.ts`, layer order in `layers.json`).
 * `npm test` runs it through tests/imports/importRules.test.ts; alone:
 * `npx tsx scripts/imports/checkImports.ts` prints each violation and exits 1 on any.
 */
import { dirname, join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { workspacePackages } from "../build/workspacePackages.mjs";
import { buildImportGraph, listSources, type ImportGraph } from "./importGraph";
import { describeViolation, findImportViolations } from "./importRules";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "../..");
/** The folders whose imports the rules govern: the browser app, the service, the contract and the Node partner kit. */
const CHECKED_FOLDERS = ["src", "schemas", "packages/partner-node/src"];

/**
 * Each workspace package's entry file in this checkout (its exports' "." default), from the root.
 * Read from the package's own folder, not through node_modules, which may be another checkout's
 * (a worktree sharing one node_modules links the workspace of the checkout that installed it).
 */
function workspaceEntries(root: string): Record<string, string> {
  const entries: Record<string, string> = {};
  for (const { name, dir, manifest } of workspacePackages(root)) {
    const entry = (manifest.exports as { ".": { default: string } } | undefined)?.["."]?.default;
    if (entry === undefined) throw new Error(`${name}: its package.json exports no "." default`);
    entries[name] = relative(root, join(dir, entry)).split("\\").join("/");
  }
  return entries;
}

/** The import graph of the repository's checked folders. */
export function repositoryImportGraph(root: string = ROOT): ImportGraph {
  return buildImportGraph(root, listSources(root, CHECKED_FOLDERS), workspaceEntries(root));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const graph = repositoryImportGraph();
  const violations = findImportViolations(graph).map(describeViolation);
  for (const line of violations) console.error(line);
  console.log(`import rules: ${graph.files.length} files, ${graph.edges.length} imports, ${violations.length} violations`);
  process.exit(violations.length === 0 ? 0 : 1);
}
