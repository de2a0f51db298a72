/**
 * The import graph of the source folders, read from the source text by rolldown's parser (the
 * one the build uses) rather than from a bundle: a bundler drops type-only imports and imports
 * whose names serve only as types, and the layering rules count those too (a schema that names a
 * type from src/ still ties the contract to the browser's code).
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { parseSync } from "rolldown/utils";

/** How an edge imports: `type` erases at run time, `dynamic` is an `import()` loaded later. */
export type EdgeKind = "static" | "type" | "dynamic";

export interface ImportEdge {
  /** Importing file, from the root, with "/" separators. */
  from: string;
  /** Imported file, same form. */
  to: string;
  kind: EdgeKind;
}

export interface ImportGraph {
  files: string[];
  edges: ImportEdge[];
}

const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;
// What a specifier without an extension may name, in the order TypeScript's bundler resolution tries.
const TRY = [".ts", ".tsx", ".mts", ".js", ".mjs", "/index.ts", "/index.tsx"];

/** Every source file under the folders (given from the root), skipping declaration files. */
export function listSources(root: string, folders: string[]): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (SOURCE.test(name) && !name.endsWith(".d.ts")) out.push(toKey(root, path));
    }
  };
  for (const folder of folders) walk(join(root, folder));
  return out;
}

/**
 * The graph over the given files. Relative imports must resolve; imports of packages are left
 * out, except those named in `workspaces` (package name → its entry file from the root): the
 * repository's own packages, whose imports count like any other.
 */
export function buildImportGraph(root: string, files: string[], workspaces: Readonly<Record<string, string>> = {}): ImportGraph {
  const edges: ImportEdge[] = [];
  for (const file of files) {
    const text = readFileSync(join(root, file), "utf8");
    const { module, errors } = parseSync(file, text);
    if (errors.length > 0) throw new Error(`import graph: cannot parse ${file}: ${errors.map((e) => e.message).join("; ")}`);
    const add = (specifier: string, kind: EdgeKind): void => {
      if (!specifier.startsWith(".")) {
        const entry = workspaces[specifier];
        if (entry !== undefined) edges.push({ from: file, to: entry, kind });
        return;
      }
      edges.push({ from: file, to: resolveRelative(root, file, specifier), kind });
    };
    for (const imp of module.staticImports) {
      // `import "x"` has no entries and runs x; otherwise the edge is a type edge only when every name is one.
      const typeOnly = imp.entries.length > 0 && imp.entries.every((e) => e.isType);
      add(imp.moduleRequest.value, typeOnly ? "type" : "static");
    }
    for (const exp of module.staticExports) {
      const from = exp.entries.filter((e) => e.moduleRequest);
      const request = from[0]?.moduleRequest;
      if (request) add(request.value, from.every((e) => e.isType) ? "type" : "static");
    }
    for (const dyn of module.dynamicImports) {
      const literal = /^\s*["'`]([^"'`]+)["'`]\s*$/.exec(text.slice(dyn.moduleRequest.start, dyn.moduleRequest.end));
      if (literal?.[1]) add(literal[1], "dynamic");
    }
  }
  return { files, edges };
}

function resolveRelative(root: string, file: string, specifier: string): string {
  // A query names a form of the same file the build makes (the texts' "?sections", scripts/build/textSections.mjs).
  const base = resolve(root, dirname(file), specifier.replace(/\?.*$/, ""));
  // Node's own resolution (the partner kit) names a TypeScript file by the .js it compiles to.
  const compiled = base.endsWith(".js") ? [`${base.slice(0, -3)}.ts`] : [];
  for (const candidate of [base, ...compiled, ...TRY.map((ext) => base + ext)]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return toKey(root, candidate);
  }
  throw new Error(`import graph: ${file} imports "${specifier}", which is no file (tried ${TRY.join(", ")})`);
}

function toKey(root: string, path: string): string {
  return relative(root, path).split("\\").join("/");
}
