import type { Plugin } from "esbuild";

/** The names of the root package.json's workspace packages (folders with a package.json). */
export function workspacePackageNames(root: string): string[];
/** An esbuild plugin that bundles the workspace packages despite `packages: "external"`. */
export function bundleWorkspacePackages(root: string): Plugin;
