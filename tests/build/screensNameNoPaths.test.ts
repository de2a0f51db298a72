/**
 * Screens name outcomes, never route paths (issue 15): where a screen leads is each route's
 * `next` map in flows/routes.json (schemas/screenOutcomes.ts), and where a capture kind records
 * is its descriptor's routes (src/capture/kinds/). A path written in a screen would be a second
 * copy of the flow that the definitions could no longer rearrange.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadDefinitions } from "../engine/fixtures";

const ROOT = process.cwd();

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

/** The route paths a module's code names in a string literal ("/vertify", "#/protocol", `/error?status=…`); comments are skipped. */
export function routePathsNamed(source: string, paths: ReadonlySet<string>): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  const found: string[] = [];
  for (const m of code.matchAll(/["'`]#?(\/[A-Za-z0-9/_-]*)(?=["'`?$])/g)) {
    const path = m[1] as string;
    if (paths.has(path)) found.push(path);
  }
  return found;
}

describe("no screen names a route path", () => {
  const paths = new Set(loadDefinitions().routes.routes.map((r) => r.path));

  it("finds the paths a module names in its code, not in its comments", () => {
    const source = ['/** Leads to "/vertify". */', '// go("/fail")', 'go("/success");', "const href = `#/protocol`;", 'go(`/error?status=${s}`);', 'fetch("/api/v1/digits");'].join("\n");
    expect(routePathsNamed(source, paths)).toEqual(["/success", "/protocol", "/error"]);
  });

  it("src/ui/screens/ names none", () => {
    const named = sourceFiles("src/ui/screens").flatMap((file) => routePathsNamed(readFileSync(join(ROOT, file), "utf8"), paths).map((path) => `${file}: "${path}"`));
    expect(named).toEqual([]);
  });
});
