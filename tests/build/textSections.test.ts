import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { rolldown } from "rolldown";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error: a plain ES module of the build, without types
import { textSections } from "../../scripts/build/textSections.mjs";

// Two lazily loaded screens, each showing one section of the texts file, as the app's are.
const FILES: Record<string, string> = {
  "flows/texts.zh-CN.json": JSON.stringify({ $schema: "./x.json", demo: { title: "DEMO-TITLE" }, protocol: { body: "PROTOCOL-BODY" } }),
  "demo.js": `import { demo } from "./flows/texts.zh-CN.json"; export const shown = demo.title;`,
  "protocol.js": `import { protocol } from "./flows/texts.zh-CN.json"; export const shown = protocol.body;`,
  "all.js": `import texts from "./flows/texts.zh-CN.json"; export const shown = Object.keys(texts).join();`,
  "main.js": `export const screens = [() => import("./demo.js"), () => import("./protocol.js"), () => import("./all.js")];`,
};

let dir = "";
let chunks: { name: string; fileName: string; code: string; imports: string[] }[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "text-sections-"));
  mkdirSync(join(dir, "flows"));
  for (const [file, text] of Object.entries(FILES)) writeFileSync(join(dir, file), text);
  const bundle = await rolldown({ input: join(dir, "main.js"), plugins: [textSections], logLevel: "silent" });
  const { output } = await bundle.generate({ format: "esm" });
  await bundle.close();
  chunks = output.flatMap((o) => (o.type === "chunk" ? [{ name: o.name, fileName: o.fileName, code: o.code, imports: o.imports }] : []));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What loading a screen's chunk downloads: the chunk and the chunks it imports, transitively. */
const chunkOf = (name: string): string => {
  const chunk = chunks.find((c) => c.name === name);
  if (!chunk) throw new Error(`no chunk ${name} among ${chunks.map((c) => c.name).join(", ")}`);
  const seen = new Set<string>();
  const visit = (fileName: string): string => {
    if (seen.has(fileName)) return "";
    seen.add(fileName);
    const c = chunks.find((x) => x.fileName === fileName);
    return c ? [c.code, ...c.imports.map(visit)].join("\n") : "";
  };
  return visit(chunk.fileName);
};

describe("the texts file in the browser bundle", () => {
  it("makes a screen that imports one section download that section alone", () => {
    expect(chunkOf("demo")).toContain("DEMO-TITLE");
    expect(chunkOf("demo")).not.toContain("PROTOCOL-BODY");
    expect(chunkOf("protocol")).toContain("PROTOCOL-BODY");
    expect(chunkOf("protocol")).not.toContain("DEMO-TITLE");
  });

  it("still gives a default import every section, without the $schema key", async () => {
    const code = chunks.map((c) => c.code).join("\n");
    expect(code).toContain("DEMO-TITLE");
    expect(code).toContain("PROTOCOL-BODY");
    expect(code).not.toContain("./x.json");
  });
});
