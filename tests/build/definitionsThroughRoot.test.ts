/**
 * Validated definitions travel through the runtime (issue 15): only the composition roots
 * import a definition file (flows/*.json, themes/*.json); every other module receives what it
 * reads through its deps (the FlowRuntime, a handler's CaptureDeps, ServiceContext), so a test
 * changes a limit by passing a definition instead of mocking a module.
 * The texts too: the root registers each language's section loaders (src/main.tsx), and
 * screens read the sections their registry entry loads (src/ui/useTexts.ts).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = process.cwd();

/**
 * The composition roots: the browser's, the gallery's, the renderer of a launch's first page
 * (the browser's tree on the service), and the service's (with its worker start-up).
 */
const COMPOSITION_ROOTS = [/^src\/main\.tsx$/, /^src\/ssr\/renderLaunchPage\.tsx$/, /^src\/gallery\//, /^src\/server\/app\.ts$/, /^src\/server\/main\.ts$/, /^src\/server\/verify\/worker\.ts$/];

/** Every definition file a module's source imports, statically or with import(), as a path from the repository root. */
export function definitionImports(file: string, source: string): string[] {
  const found: string[] = [];
  // A query (the texts' "?sections") names the same file.
  const specifiers = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["']([^"'?]+\.json)(?:\?[^"']*)?["']/g;
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
      out.push(`${file} imports ${target}`);
    }
  }
  return out;
}

/** Every file under `dir` that imports a file of flows/, in any form. */
function flowImportsUnder(dir: string): string[] {
  return sourceFiles(dir).flatMap((file) => {
    const source = readFileSync(join(ROOT, file), "utf8");
    return [...source.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["']([^"']+)["']/g)]
      .map((m) => relative(ROOT, join(ROOT, file, "..", m[1] as string)).split("\\").join("/"))
      .filter((target) => target.startsWith("flows/"))
      .map((target) => `${file} imports ${target}`);
  });
}

describe("definitions reach modules through the composition roots", () => {
  it("no screen imports flows/: texts, definitions and props come through the runtime and the registry", () => {
    expect(flowImportsUnder("src/ui/screens"), "name the sections in the screen's row of src/ui/screens/screenTable.ts and read them with useTexts").toEqual([]);
  });


  it("no module but a composition root imports flows/*.json or themes/*.json", () => {
    expect(violations(), "pass the definition through the runtime or the factory's deps instead").toEqual([]);
  });

  it("finds static, type-only and dynamic imports of a definition, and only of one", () => {
    const source = [
      'import captureJson from "../../flows/capture.json";',
      'import type textsFile from "../../flows/texts.zh-CN.json";',
      'const load = () => import("../../themes/themes.json");',
      'const texts = () => import("../../flows/texts.zh-CN.json?sections");',
      'import { x } from "../../schemas/capture";',
      'import data from "../../tests/fixture.json";',
      "// flows/errors.json in a comment is no import",
    ].join("\n");
    expect(definitionImports("src/capture/example.ts", source)).toEqual(["flows/capture.json", "flows/texts.zh-CN.json", "themes/themes.json", "flows/texts.zh-CN.json"]);
  });
});
