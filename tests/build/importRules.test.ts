import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repositoryImportGraph } from "../../scripts/imports/checkImports";
import { buildImportGraph, listSources, type EdgeKind, type ImportGraph } from "../../scripts/imports/importGraph";
import { describeViolation, findImportViolations } from "../../scripts/imports/importRules";

function graphOf(edges: [string, string, EdgeKind?][]): ImportGraph {
  const list = edges.map(([from, to, kind]) => ({ from, to, kind: kind ?? "static" }));
  return { files: [...new Set(list.flatMap((e) => [e.from, e.to]))], edges: list };
}

const lines = (graph: ImportGraph): string[] => findImportViolations(graph).map(describeViolation);

describe("import rules on the repository", () => {
  it("src/ and schemas/ keep the layering and have no import cycle", () => {
    const graph = repositoryImportGraph();
    // A parser that found nothing would pass every rule: the graph must hold a known edge of each kind.
    expect(graph.edges).toContainEqual({ from: "src/main.tsx", to: "src/ui/FlowRouter.tsx", kind: "static" });
    expect(graph.edges).toContainEqual({ from: "src/ui/screens/index.ts", to: "src/ui/screens/StartScreen.tsx", kind: "dynamic" });
    expect(graph.edges.some((e) => e.kind === "type" && e.from.startsWith("schemas/"))).toBe(true);
    expect(lines(graph)).toEqual([]);
  });
});

describe("import rules on a small graph", () => {
  it("a lower layer importing ui is a violation, ui importing a lower layer is not", () => {
    const graph = graphOf([
      ["src/engine/guard.ts", "src/ui/FlowProvider.tsx", "type"],
      ["src/server/app.ts", "src/ui/texts.ts"],
      ["src/ui/FlowProvider.tsx", "src/engine/entry.ts"],
      ["src/main.tsx", "src/ui/FlowRouter.tsx"],
      ["src/gallery/GalleryApp.tsx", "src/ui/Wrapper.tsx"],
    ]);
    expect(lines(graph)).toEqual([
      "only ui and the composition roots import src/ui/: src/engine/guard.ts -> src/ui/FlowProvider.tsx (type)",
      "only ui and the composition roots import src/ui/: src/server/app.ts -> src/ui/texts.ts",
    ]);
  });

  it("schemas importing src is a violation, type-only too; src importing schemas is not", () => {
    const graph = graphOf([
      ["schemas/faceWorker.ts", "src/face/types.ts", "type"],
      ["schemas/devices.ts", "src/device/versionRange.ts"],
      ["src/server/app.ts", "schemas/api.ts"],
      ["schemas/api.ts", "schemas/apiCodes.ts"],
    ]);
    expect(lines(graph)).toEqual([
      "schemas/ imports nothing from src/: schemas/faceWorker.ts -> src/face/types.ts (type)",
      "schemas/ imports nothing from src/: schemas/devices.ts -> src/device/versionRange.ts",
    ]);
  });

  it("finds a cycle through value and dynamic imports and names its path", () => {
    const graph = graphOf([
      ["src/ui/FlowProvider.tsx", "src/ui/useTexts.ts"],
      ["src/ui/useTexts.ts", "src/ui/texts.ts"],
      ["src/ui/texts.ts", "src/ui/FlowProvider.tsx", "dynamic"],
      ["src/ui/Wrapper.tsx", "src/ui/FlowProvider.tsx"],
      ["src/engine/a.ts", "src/engine/a.ts"],
    ]);
    expect(lines(graph)).toEqual([
      "import cycle: src/ui/FlowProvider.tsx -> src/ui/useTexts.ts -> src/ui/texts.ts -> src/ui/FlowProvider.tsx",
      "import cycle: src/engine/a.ts -> src/engine/a.ts",
    ]);
  });

  it("a cycle closed only by a type-only import is a cycle too: the two files cannot be understood apart", () => {
    const graph = graphOf([
      ["src/server/context.ts", "src/server/queue.ts", "type"],
      ["src/server/queue.ts", "src/server/context.ts"],
    ]);
    expect(lines(graph)).toEqual(["import cycle: src/server/context.ts -> src/server/queue.ts -> src/server/context.ts"]);
  });
});

describe("the import graph read from source", () => {
  let root = "";
  const FILES: Record<string, string> = {
    "src/a.ts": `import { b } from "./b"; import type { C } from "./c"; export { d } from "./d/index"; export type { E } from "./e"; import "./side.css"; export const a = (c: C) => b + c;`,
    "src/b.ts": `import { type F, g } from "./f"; export const b = g as F; export const lazy = () => import("./c");`,
    "src/c.ts": `export type C = number;`,
    "src/d/index.ts": `import * as pkg from "zod"; export const d = pkg;`,
    "src/e.tsx": `import { type F } from "./f"; export type E = F;`,
    "src/f.ts": `export type F = number; export const g = 1;`,
    "src/side.css": `a {}`,
  };
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), "import-graph-"));
    for (const [file, text] of Object.entries(FILES)) {
      mkdirSync(join(root, dirname(file)), { recursive: true });
      writeFileSync(join(root, file), text);
    }
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("has value, type-only and dynamic edges, resolves index files and extensions, and leaves packages out", () => {
    const graph = buildImportGraph(root, listSources(root, ["src"]));
    expect(graph.files).toEqual(["src/a.ts", "src/b.ts", "src/c.ts", "src/d/index.ts", "src/e.tsx", "src/f.ts"]);
    expect(graph.edges).toEqual([
      { from: "src/a.ts", to: "src/b.ts", kind: "static" },
      { from: "src/a.ts", to: "src/c.ts", kind: "type" },
      { from: "src/a.ts", to: "src/side.css", kind: "static" },
      { from: "src/a.ts", to: "src/d/index.ts", kind: "static" },
      { from: "src/a.ts", to: "src/e.tsx", kind: "type" },
      { from: "src/b.ts", to: "src/f.ts", kind: "static" },
      { from: "src/b.ts", to: "src/c.ts", kind: "dynamic" },
      { from: "src/e.tsx", to: "src/f.ts", kind: "type" },
    ]);
  });

  it("fails loudly on a relative import that names no file", () => {
    writeFileSync(join(root, "src/broken.ts"), `import { x } from "./missing";`);
    try {
      expect(() => buildImportGraph(root, ["src/broken.ts"])).toThrow(/src\/broken.ts imports "\.\/missing", which is no file/);
    } finally {
      rmSync(join(root, "src/broken.ts"));
    }
  });
});
