import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { rolldown } from "rolldown";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
// @ts-expect-error: a plain ES module of the build, without types
import { textSections } from "../../scripts/build/textSections.mjs";
import { createTextCatalogue, type LanguageLoader } from "../../src/runtime/textCatalogue";
import type { TextSection } from "../../schemas/texts";

// A root whose screen table names its screens' sections and a set the composition root loads
// itself, as src/ui/screens/screenTable.ts does; main.js registers the texts table. The
// table's type imports are dropped when the build imports it.
const TEXTS = { common: { ok: "COMMON-OK" }, demo: { title: "DEMO-TITLE" }, protocol: { body: "PROTOCOL-BODY" }, login: { title: "LOGIN-TITLE" } };
const TABLE = `import type { ScreenType } from "../../../schemas/screenProps";
export const COMMON_TEXTS = ["common"] as const;
export const SCREEN_TABLE = {
  rootRedirect: { module: "RootRedirectScreen" },
  demoEntry: { module: "DemoEntryScreen", texts: ["protocol", "demo"] },
  result: { module: "ResultScreen", texts: [], definition: { loader: "loadResults", file: "flows/results.json" } },
} as const satisfies Partial<Record<ScreenType, unknown>>;
export const ROOT_TEXTS = { launchLogin: ["login"] } as const;`;
/** A second language's page-shell texts: its table carries them (the default's are embedded apart). */
const EN_SHELL = { titles: { faceVerification: "EN-TITLE" }, loading: "EN-LOADING", pageNotFound: "EN-404 {path}", loadFailed: { message: "EN-FAILED", reload: "EN-RELOAD" } };
const FILES: Record<string, string> = {
  "flows/languages.json": JSON.stringify({ default: "zh-CN", languages: [{ tag: "zh-CN" }, { tag: "en" }] }),
  "flows/texts.zh-CN.json": JSON.stringify({ $schema: "./x.json", shell: { ...EN_SHELL, loading: "ZH-LOADING" }, ...TEXTS }),
  "flows/texts.en.json": JSON.stringify({ $schema: "./x.json", shell: EN_SHELL, ...TEXTS }),
  "src/ui/screens/screenTable.ts": TABLE,
  "src/ui/screens/RootRedirectScreen.tsx": "",
  "src/ui/screens/DemoEntryScreen.tsx": "",
  "src/ui/screens/ResultScreen.tsx": "",
  "flows/results.json": "{}",
  "main.js": `export const language = () => import("./flows/texts.zh-CN.json?sections");\nexport const english = () => import("./flows/texts.en.json?sections");`,
};

type Chunk = { fileName: string; code: string; facade: string | null };

/** Bundles a root made of `files` into `dir`/out, as the app's build does with its texts. */
async function bundle(dir: string, files: Record<string, string>): Promise<Chunk[]> {
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
  const build = await rolldown({ input: join(dir, "main.js"), plugins: [textSections], logLevel: "silent" });
  const { output } = await build.write({ dir: join(dir, "out"), format: "esm", entryFileNames: "[name].mjs", chunkFileNames: "[name]-[hash].mjs" });
  await build.close();
  return output.flatMap((o) => (o.type === "chunk" ? [{ fileName: o.fileName, code: o.code, facade: o.facadeModuleId }] : []));
}

let dir = "";
let chunks: Chunk[] = [];
const textsFile = () => join(dir, "flows/texts.zh-CN.json");

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "text-sections-"));
  chunks = await bundle(dir, FILES);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

/** The chunk made of the module `texts.zh-CN.json<query>`. */
const chunkOf = (query: string) => {
  const chunk = chunks.find((c) => c.facade === textsFile() + query);
  if (!chunk) throw new Error(`no chunk for ${query} (chunks: ${chunks.map((c) => c.facade).join(", ")})`);
  return chunk;
};

/** The built table, as the composition root's language loader gets it. */
async function builtLanguage() {
  const main = (await import(pathToFileURL(join(dir, "out/main.mjs")).href)) as { language: LanguageLoader };
  return main.language();
}

describe("the texts file in the browser bundle", () => {
  it("makes each set of sections a row of the screen table or the root names one chunk, apart from the root", async () => {
    const demoEntry = chunkOf("?group=common,demo,protocol").code;
    for (const marker of ["COMMON-OK", "DEMO-TITLE", "PROTOCOL-BODY"]) expect(demoEntry).toContain(marker);
    expect(demoEntry).not.toContain("LOGIN-TITLE");
    expect(chunkOf("?group=common").code).not.toContain("DEMO-TITLE");
    expect(chunkOf("?group=login").code).toContain("LOGIN-TITLE");
    const main = chunks.find((c) => c.fileName === "main.mjs");
    expect(main?.code).not.toContain("DEMO-TITLE");
    expect(chunks.map((c) => c.code).join("\n")).not.toContain("./x.json");
    const { groups } = await builtLanguage();
    // The screen without texts has no set; one whose row names none has the common ones.
    expect(Object.keys(groups ?? {}).sort()).toEqual(["common", "common,demo,protocol", "login"]);
  });

  it("loads a screen's sections from its group's one chunk, with the texts its sections have one by one", async () => {
    const language = await builtLanguage();
    const group = vi.spyOn(language.groups ?? {}, "common,demo,protocol");
    const sections = (Object.keys(TEXTS) as TextSection[]).map((name) => vi.spyOn(language.default, name));
    const names = ["demo", "protocol", "common"] as TextSection[];
    const byGroup = await createTextCatalogue({ "zh-CN": async () => language }, "zh-CN").load(names);
    expect(group).toHaveBeenCalledTimes(1);
    for (const section of sections) expect(section).not.toHaveBeenCalled();
    const bySections = await createTextCatalogue({ "zh-CN": async () => ({ default: language.default }) }, "zh-CN").load(names);
    expect(byGroup).toEqual({ demo: TEXTS.demo, protocol: TEXTS.protocol, common: TEXTS.common });
    expect(bySections).toEqual(byGroup);
    expect(sections.filter((s) => s.mock.calls.length > 0)).toHaveLength(3);
  });

  it("puts a language's shell texts in its table, except the default's (embedded with the first screen instead)", async () => {
    const main = (await import(pathToFileURL(join(dir, "out/main.mjs")).href)) as { language: LanguageLoader; english: LanguageLoader };
    expect((await main.english()).shell).toEqual(EN_SHELL);
    expect((await main.language()).shell).toBeUndefined();
    expect(chunks.map((c) => c.code).join("\n")).not.toContain("ZH-LOADING");
    expect(chunks.find((c) => c.fileName === "main.mjs")?.code).not.toContain("EN-LOADING");
  });

  it("keeps a chunk per section, reached through a second table, for a set no entry names", async () => {
    const table = chunkOf("?sections").code;
    expect(table).not.toContain(chunkOf("?section=demo").fileName);
    expect(chunkOf("?sectionLoaders").code).toContain(chunkOf("?section=demo").fileName);
    const language = await builtLanguage();
    const texts = await createTextCatalogue({ "zh-CN": async () => language }, "zh-CN").load(["protocol", "login"] as TextSection[]);
    expect(texts).toEqual({ protocol: TEXTS.protocol, login: TEXTS.login });
  });

  it("refuses sections and groups the file does not have, and groups not sorted, naming the known ones", async () => {
    await expect(textSections.load(`${textsFile()}?section=nope`)).rejects.toThrow(/no section "nope" \(known: common, demo, protocol, login\)/);
    await expect(textSections.load(`${textsFile()}?group=common,nope`)).rejects.toThrow(/no section "nope" \(known: common, demo, protocol, login\)/);
    await expect(textSections.load(`${textsFile()}?group=demo,common`)).rejects.toThrow(/not a sorted set \(expected "common,demo"\)/);
    const language = await builtLanguage();
    await expect(createTextCatalogue({ "zh-CN": async () => language }, "zh-CN").load(["nope" as TextSection])).rejects.toThrow(/Unknown text section "nope" in zh-CN \(known: common, demo, protocol, login\)/);
  });

  it("fails the build when a row names a section the file does not have", async () => {
    const other = mkdtempSync(join(tmpdir(), "text-sections-"));
    try {
      const table = TABLE.replace('texts: ["protocol", "demo"]', 'texts: ["protocol", "nope"]');
      await expect(bundle(other, { ...FILES, "src/ui/screens/screenTable.ts": table })).rejects.toThrow(/has no section "nope" \(named by the set common,nope,protocol\) \(known: common, demo, protocol, login\)/);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });

  it("fails the build when a row names a module or a definition file that does not exist, rather than leaving its route without its preload", async () => {
    for (const [from, to, message] of [
      ['module: "DemoEntryScreen"', 'module: "DemoEntry"', /screen type demoEntry names the module DemoEntry, but there is no src\/ui\/screens\/DemoEntry\.tsx/],
      ['file: "flows/results.json"', 'file: "flows/result.json"', /screen type result renders from flows\/result\.json, which does not exist/],
    ] as const) {
      const other = mkdtempSync(join(tmpdir(), "text-sections-"));
      try {
        await expect(bundle(other, { ...FILES, "src/ui/screens/screenTable.ts": TABLE.replace(from, to) })).rejects.toThrow(message);
      } finally {
        rmSync(other, { recursive: true, force: true });
      }
    }
  });
});
