import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repositoryImportGraph } from "../../scripts/imports/checkImports";
import { buildImportGraph, listSources, type EdgeKind, type ImportGraph } from "../../scripts/imports/importGraph";
import { describeViolation, findImportViolations } from "../../scripts/imports/importRules";
import { parseLayering, SHIPPED_LAYERING } from "../../scripts/imports/layerRules";

function graphOf(edges: [string, string, EdgeKind?][]): ImportGraph {
  const list = edges.map(([from, to, kind]) => ({ from, to, kind: kind ?? "static" }));
  return { files: [...new Set(list.flatMap((e) => [e.from, e.to]))], edges: list };
}

const lines = (graph: ImportGraph): string[] => findImportViolations(graph).map(describeViolation);

describe("import rules on the repository", () => {
  it("src/ and schemas/ keep the layer order of scripts/imports/layers.json and have no import cycle", () => {
    const graph = repositoryImportGraph();
    // A parser that found nothing would pass every rule: the graph must hold a known edge of each kind.
    expect(graph.edges).toContainEqual({ from: "src/main.tsx", to: "src/ui/FlowRouter.tsx", kind: "static" });
    expect(graph.edges).toContainEqual({ from: "src/ui/screens/index.ts", to: "src/ui/screens/StartScreen.tsx", kind: "dynamic" });
    expect(graph.edges.some((e) => e.kind === "type" && e.from.startsWith("schemas/"))).toBe(true);
    // The service reaches the shared rules through the domain layer.
    expect(graph.edges).toContainEqual({ from: "src/server/upload/decodeRecording.ts", to: "src/domain/scramble.ts", kind: "static" });
    // The service's imports of the partner kit by its package name are edges to the kit's files.
    expect(graph.edges).toContainEqual({ from: "src/server/auth/partnerAuth.ts", to: "packages/partner-node/src/index.ts", kind: "static" });
    expect(lines(graph)).toEqual([]);
  });
});

describe("import rules on a small graph", () => {
  it("an import running back up the layers is a violation, type-only too; one running down is not", () => {
    const graph = graphOf([
      ["src/analytics/startAnalytics.ts", "src/runtime/runtime.ts", "type"],
      ["src/engine/guard.ts", "src/ui/FlowProvider.tsx", "type"],
      ["src/domain/modes.ts", "src/engine/context.ts"],
      ["schemas/faceWorker.ts", "src/domain/face/types.ts", "type"],
      ["src/runtime/runtime.ts", "src/capture/kinds/registry.ts", "type"],
      ["src/runtime/runtime.ts", "src/analytics/statsRecorder.ts"],
      ["src/ui/FlowProvider.tsx", "src/engine/entry.ts"],
      ["src/main.tsx", "src/ui/FlowRouter.tsx"],
      ["src/gallery/GalleryApp.tsx", "src/ui/Wrapper.tsx"],
      ["src/domain/face/quality.ts", "schemas/guidanceHints.ts"],
    ]);
    expect(lines(graph)).toEqual([
      "import runs back up the layers (reporting is below runtime): src/analytics/startAnalytics.ts -> src/runtime/runtime.ts (type)",
      "import runs back up the layers (foundations is below ui): src/engine/guard.ts -> src/ui/FlowProvider.tsx (type)",
      "shared code imports no browser code: src/domain/modes.ts -> src/engine/context.ts",
      "import runs back up the layers (contract is below domain): schemas/faceWorker.ts -> src/domain/face/types.ts (type)",
    ]);
  });

  it("the service imports no browser code, and the browser no service code; both import the shared layers", () => {
    const graph = graphOf([
      ["src/server/media/captureLimits.ts", "src/capture/validateRecording.ts"],
      ["src/server/verify/checks/faceChecks.ts", "src/face/tracker.ts", "type"],
      ["src/ui/screens/VerifyScreen.tsx", "src/server/verify/verdict.ts", "type"],
      ["src/server/media/captureLimits.ts", "src/domain/validateRecording.ts"],
      ["src/server/verify/checks/faceChecks.ts", "src/domain/face/quality.ts"],
      ["src/server/app.ts", "schemas/api.ts"],
      ["src/server/app.ts", "flows/capture.json"],
      ["src/server/verify/frameAnalyzer.ts", "src/server/face/humanRuntime.ts"],
    ]);
    expect(lines(graph)).toEqual([
      "service code imports no browser code: src/server/media/captureLimits.ts -> src/capture/validateRecording.ts",
      "service code imports no browser code: src/server/verify/checks/faceChecks.ts -> src/face/tracker.ts (type)",
      "browser code imports no service code: src/ui/screens/VerifyScreen.tsx -> src/server/verify/verdict.ts (type)",
    ]);
  });

  it("the partner kit imports nothing of the repository, and everyone may import it", () => {
    const graph = graphOf([
      ["packages/partner-node/src/client.ts", "schemas/api.ts", "type"],
      ["packages/partner-node/src/returnSigning.ts", "src/server/orders/resultPayload.ts"],
      ["packages/partner-node/src/client.ts", "packages/partner-node/src/contract/orders.ts"],
      ["src/server/auth/partnerAuth.ts", "packages/partner-node/src/index.ts"],
    ]);
    expect(lines(graph)).toEqual([
      "import runs back up the layers (partner kit is below contract): packages/partner-node/src/client.ts -> schemas/api.ts (type)",
      "shared code imports no service code: packages/partner-node/src/returnSigning.ts -> src/server/orders/resultPayload.ts",
    ]);
  });

  it("folders of one layer do not import each other", () => {
    const graph = graphOf([
      ["src/engine/predicates.ts", "src/device/messagingApp.ts"],
      ["src/boot/earlyLogin.ts", "src/finish/finisher.ts", "dynamic"],
      ["src/engine/predicates.ts", "src/engine/context.ts"],
    ]);
    expect(lines(graph)).toEqual([
      "folders of one layer do not import each other (foundations): src/engine/predicates.ts -> src/device/messagingApp.ts",
      "folders of one layer do not import each other (edges): src/boot/earlyLogin.ts -> src/finish/finisher.ts (dynamic)",
    ]);
  });

  it("a file of a folder no layer lists is reported once, whether it imports or is imported", () => {
    const graph = graphOf([
      ["src/widgets/a.ts", "src/domain/modes.ts"],
      ["src/ui/Wrapper.tsx", "src/widgets/a.ts"],
      ["src/ui/Wrapper.tsx", "tools/b.ts"],
    ]);
    expect(lines(graph)).toEqual([
      "file in no layer (scripts/imports/layers.json): src/widgets/a.ts",
      "file in no layer (scripts/imports/layers.json): tools/b.ts",
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

describe("the layer order as data", () => {
  const layer = (name: string, folders: string[], program: "shared" | "browser" | "service" = "browser") => ({ name, program, folders, why: "test" });

  it("orders the shipped layers as the architecture says, lowest first", () => {
    expect(SHIPPED_LAYERING.layers.map((l) => l.name)).toEqual([
      "partner kit", "definitions", "contract", "domain", "foundations", "reporting", "service client", "edges", "capture", "runtime", "flow", "ui", "roots", "service",
    ]);
  });

  it("checks a graph against any layering it is given", () => {
    const layering = parseLayering({ layers: [layer("low", ["lib"]), layer("high", ["app"])] });
    const graph = graphOf([
      ["app/main.ts", "lib/util.ts"],
      ["lib/util.ts", "app/config.ts", "type"],
    ]);
    expect(findImportViolations(graph, layering).map(describeViolation)).toEqual([
      "import runs back up the layers (low is below high): lib/util.ts -> app/config.ts (type)",
    ]);
  });

  it("refuses a layer given twice, a folder in two places, and a layer without its reason", () => {
    expect(() => parseLayering({ layers: [layer("a", ["lib"]), layer("a", ["app"])] })).toThrow(/layer "a" is given twice/);
    expect(() => parseLayering({ layers: [layer("a", ["src"]), layer("b", ["src/ui"])] })).toThrow(/folders "src" and "src\/ui" overlap/);
    expect(() => parseLayering({ layers: [{ name: "a", program: "browser", folders: ["lib"] }] })).toThrow(/why/);
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
