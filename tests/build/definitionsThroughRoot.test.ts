/**
 * Validated definitions travel through the runtime (issue 15): only the composition roots
 * import a definition file (flows/*.json, themes/*.json); every other module receives what it
 * reads through its deps (the FlowRuntime, a handler's CaptureDeps, ServiceContext), so a test
 * changes a limit by passing a definition instead of mocking a module.
 *
 * The screens' texts are the exception: the build cuts flows/texts.zh-CN.json into per-section
 * modules for size (scripts/build/textSections.mjs), and they and flows/shell.zh-CN.json get a
 * language-aware loader with the languages issue.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = process.cwd();

/** The composition roots: the browser's, the gallery's, and the service's (with its worker start-up). */
const COMPOSITION_ROOTS = [/^src\/main\.tsx$/, /^src\/gallery\//, /^src\/server\/app\.ts$/, /^src\/server\/main\.ts$/, /^src\/server\/verify\/worker\.ts$/];

/** Definition files any module may still import (see the header). */
const TEXT_FILES = new Set(["flows/texts.zh-CN.json", "flows/shell.zh-CN.json"]);

/** Every definition file a module's source imports, statically or with import(), as a path from the repository root. */
export function definitionImports(file: string, source: string): string[] {
  const found: string[] = [];
  const specifiers = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["']([^"']+\.json)["']/g;
  for (const m of source.matchAll(specifiers)) {
    const spec = m[1] as string;
    if (!spec.startsWith(".")) continue;
    const target = relative(ROOT, join(ROOT, file, "..", spec)).split("\\").join("/");
    if (/^(flows|themes)\/[^/]+\.json$/.test(target)) found.push(target);
  }
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|mts|mjs)$/.test(entry.name) ? [path] : [];
  });
}

/** "file imports definition" for every import the rule forbids. */
function violations(): string[] {
  const out: string[] = [];
  for (const file of sourceFiles("src")) {
    if (COMPOSITION_ROOTS.some((root) => root.test(file))) continue;
    for (const target of definitionImports(file, readFileSync(join(ROOT, file), "utf8"))) {
      if (TEXT_FILES.has(target)) continue;
      out.push(`${file} imports ${target}`);
    }
  }
  return out;
}

describe("definitions reach modules through the composition roots", () => {
  it("no module but a composition root imports flows/*.json or themes/*.json", () => {
    expect(violations(), "pass the definition through the runtime or the factory's deps instead").toEqual([]);
  });

  it("finds static, type-only and dynamic imports of a definition, and only of one", () => {
    const source = [
      'import captureJson from "../../flows/capture.json";',
      'import type textsFile from "../../flows/texts.zh-CN.json";',
      'const load = () => import("../../themes/themes.json");',
      'import { x } from "../../schemas/capture";',
      'import data from "../../tests/fixture.json";',
      "// flows/errors.json in a comment is no import",
    ].join("\n");
    expect(definitionImports("src/capture/example.ts", source)).toEqual(["flows/capture.json", "flows/texts.zh-CN.json", "themes/themes.json"]);
  });
});
