import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { rolldown } from "rolldown";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error: a plain ES module of the build, without types
import { collectCss } from "../../scripts/build/styles.mjs";

// The entry imports the page's stylesheet; a lazily loaded screen imports its own styles.
const FILES: Record<string, string> = {
  "src/ui/injectStyle.ts": `export function injectStyle(css) { globalThis.injected.push(css); }`,
  "src/page.css": `.page { color: red }`,
  "src/screen.css": `.screen  {  margin : 0 ;  }`,
  "src/screen.js": `import "./screen.css"; export const screen = "SCREEN";`,
  "src/main.tsx": `import "./page.css"; export const load = () => import("./screen.js");`,
};

let dir = "";
const collected: string[] = [];
let chunks: { name: string; code: string }[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "styles-"));
  mkdirSync(join(dir, "src/ui"), { recursive: true });
  for (const [file, text] of Object.entries(FILES)) writeFileSync(join(dir, file), text);
  const bundle = await rolldown({ input: join(dir, "src/main.tsx"), plugins: [collectCss(dir, collected)], logLevel: "silent" });
  const { output } = await bundle.generate({ format: "esm" });
  await bundle.close();
  chunks = output.flatMap((o) => (o.type === "chunk" ? [{ name: o.name, code: o.code }] : []));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("styles in the browser bundle", () => {
  it("collects the entry's CSS for the page's stylesheet and leaves nothing of it in the script", () => {
    expect(collected).toEqual([join(dir, "src/page.css")]);
    expect(chunks.map((c) => c.code).join("\n")).not.toContain("color");
  });

  it("puts a lazy screen's CSS, minified, into that screen's chunk, added to the page when it runs", () => {
    const screen = chunks.find((c) => c.code.includes("SCREEN"));
    expect(screen?.code).toContain('injectStyle(".screen{margin:0}")');
    const main = chunks.find((c) => c.name === "main");
    expect(main?.code).not.toContain(".screen");
  });
});
