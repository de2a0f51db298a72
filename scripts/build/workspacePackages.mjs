// The repository's own npm workspaces (the root package.json's "workspaces", e.g. the partner
// kit @faceflow/partner in packages/partner-node) are bundled into the service, every other
// package stays external: in the repository a workspace's exports point at its TypeScript
// source, which Node cannot load from dist/server/main.mjs at run time.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

/**
 * The workspace packages of this checkout, from the root package.json's "dir/*" patterns (the
 * only form it uses): each one's name, folder and package.json.
 */
export function workspacePackages(root) {
  const patterns = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).workspaces ?? [];
  const found = [];
  for (const pattern of patterns) {
    if (!pattern.endsWith("/*")) throw new Error(`workspaces: "${pattern}" is not of the form "dir/*"`);
    const parent = join(root, pattern.slice(0, -2));
    for (const entry of readdirSync(parent, { withFileTypes: true })) {
      const dir = join(parent, entry.name);
      // A folder without package.json is no npm workspace (the Python and Java kits).
      if (!entry.isDirectory() || !existsSync(join(dir, "package.json"))) continue;
      const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
      found.push({ name: manifest.name, dir, manifest });
    }
  }
  return found;
}

/** The names of the workspace packages. */
export function workspacePackageNames(root) {
  return workspacePackages(root).map((p) => p.name);
}

/** An esbuild plugin resolving workspace packages through their exports, so they are bundled despite `packages: "external"`. */
export function bundleWorkspacePackages(root) {
  const names = workspacePackageNames(root);
  const escape = (s) => s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  const require = createRequire(join(root, "package.json"));
  return {
    name: "workspace-packages",
    setup(build) {
      if (names.length === 0) return;
      build.onResolve({ filter: new RegExp(`^(${names.map(escape).join("|")})(/|$)`) }, (args) => ({ path: require.resolve(args.path) }));
    },
  };
}
