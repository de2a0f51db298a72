import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { rolldown } from "rolldown";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error: a plain ES module of the build, without types
import { textSections } from "../../scripts/build/textSections.mjs";

// A root that registers the texts file's section table, as src/main.tsx does.
const FILES: Record<string, string> = {
  "flows/texts.zh-CN.json": JSON.stringify({ $schema: "./x.json", demo: { title: "DEMO-TITLE" }, protocol: { body: "PROTOCOL-BODY" } }),
  "main.js": `export const language = () => import("./flows/texts.zh-CN.json?sections");`,
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

/** The chunk holding the text `marker`. */
const holding = (marker: string) => chunks.filter((c) => c.code.includes(marker));

describe("the texts file in the browser bundle", () => {
  it("makes each section a chunk of its own, apart from the root and the section table", () => {
    expect(holding("DEMO-TITLE")).toHaveLength(1);
    expect(holding("PROTOCOL-BODY")).toHaveLength(1);
    expect(holding("DEMO-TITLE")[0]).not.toBe(holding("PROTOCOL-BODY")[0]);
    const main = chunks.find((c) => c.name === "main");
    expect(main?.code).not.toContain("DEMO-TITLE");
    expect(chunks.map((c) => c.code).join("\n")).not.toContain("./x.json");
  });

  it("gives the root a table that loads each section by name, and only the sections the file has", () => {
    const table = chunks.find((c) => c.code.includes("demo") && c.code.includes("protocol") && !c.code.includes("DEMO-TITLE") && c.name !== "main");
    expect(table?.code).toMatch(/"?demo"?:\s*\(\)\s*=>\s*import\(/);
    expect(table?.code).toMatch(/"?protocol"?:\s*\(\)\s*=>\s*import\(/);
    expect(() => textSections.load(`${join(dir, "flows/texts.zh-CN.json")}?section=nope`)).toThrow(/no section "nope" \(known: demo, protocol\)/);
  });
});
