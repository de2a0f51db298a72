/**
 * Another language's texts must be the source language's, translated: every section and key,
 * nothing extra, no empty text, the same placeholders. `npm run validate` runs this over every
 * flows/texts.<lang>.json and flows/shell.<lang>.json.
 */
import { describe, expect, it } from "vitest";
import textsJson from "../../flows/texts.zh-CN.json";
import { textsCompletenessProblems } from "../../schemas/textsCompleteness";

type Tree = { [key: string]: string | Tree };

/** A pseudo-translation: every text marked, its placeholders kept. */
function pseudo(tree: Tree): Tree {
  return Object.fromEntries(Object.entries(tree).map(([k, v]) => [k, typeof v === "string" ? (k === "$schema" ? v : `⟦${v}⟧`) : pseudo(v)]));
}

describe("a language's texts against the source language", () => {
  const source = textsJson as unknown as Tree;

  it("a complete translation passes", () => {
    expect(textsCompletenessProblems("flows/texts.xx.json", source, pseudo(source))).toEqual([]);
  });

  it("a missing or extra key, an empty text and a changed placeholder each fail, naming the file and the key", () => {
    const start = source.start as Tree;
    const login = source.login as Tree;
    const broken = pseudo(source);
    const brokenStart = broken.start as Tree;
    const brokenLogin = broken.login as Tree;
    delete brokenStart.title;
    brokenStart.colour = "red";
    brokenStart.intro = " ";
    brokenLogin.failed = "Login failed";
    expect(typeof start.title).toBe("string");
    expect(login.failed).toContain("{code}");
    expect(textsCompletenessProblems("flows/texts.xx.json", source, broken)).toEqual([
      "flows/texts.xx.json: start.title is missing",
      "flows/texts.xx.json: start.intro is empty",
      "flows/texts.xx.json: start.colour is not in the source language",
      "flows/texts.xx.json: login.failed has placeholders (none), the source has {code}",
    ]);
  });

  it("a section that is a text, or a text that is a section, fails", () => {
    const broken = pseudo(source);
    broken.start = "Start";
    expect(textsCompletenessProblems("flows/texts.xx.json", source, broken)).toEqual(["flows/texts.xx.json: start should be a group of texts"]);
  });
});

describe("validate's language files", () => {
  const source = { "texts.zh-CN.json": { start: { title: "开始" } }, "shell.zh-CN.json": { loading: "加载中" } } as Record<string, unknown>;
  const read = (files: Record<string, unknown>) => (path: string) => files[path.replace("flows/", "")];

  it("a language needs both its texts and its shell file", async () => {
    const { languageProblems } = await import("../../scripts/validate");
    const files = { ...source, "texts.en.json": { start: { title: "Start" } } };
    expect(languageProblems(Object.keys(files), read(files))).toEqual([
      "flows/shell.en.json: missing; language en has flows/texts.en.json, and a language needs both",
    ]);
  });

  it("a tag with digits is checked too, and a name the build would not read as a language fails", async () => {
    const { languageProblems } = await import("../../scripts/validate");
    const files = { ...source, "texts.es-419.json": { start: {} }, "shell.es-419.json": { loading: "Cargando" }, "texts.fr.json.bak": {} };
    expect(languageProblems(Object.keys(files), read(files))).toEqual([
      "flows/texts.es-419.json: start.title is missing",
      "flows/texts.fr.json.bak: not a language file name (texts.<lang>.json or shell.<lang>.json)",
    ]);
  });
});
