import type { Plugin } from "esbuild";

/** The workspace packages of this checkout (folders with a package.json under the root's "workspaces"). */
export function workspacePackages(root: string): { name: string; dir: string; manifest: { name: string; exports?: unknown } }[];
/** The names of the root package.json's workspace packages. */
export function workspacePackageNames(root: string): string[];
/** An esbuild plugin that bundles the workspace packages despite `packages: "external"`. */
export function bundleWorkspacePackages(root: string): Plugin;
