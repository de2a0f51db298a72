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
  const list = (tags: string[]) => ({ default: "zh-CN", languages: tags.map((tag) => ({ tag, name: tag, dir: "ltr", matches: [tag.toLowerCase()], speech: tag })) });
  const source = { "texts.zh-CN.json": { shell: { titles: {}, loading: "加载中", pageNotFound: "页面不存在：{path}", loadFailed: { message: "m", reload: "r" } }, start: { title: "开始" } } } as Record<string, unknown>;
  const english = { shell: { titles: {}, loading: "Loading", pageNotFound: "Page not found: {path}", loadFailed: { message: "m", reload: "r" } }, start: { title: "Start" } };
  const read = (files: Record<string, unknown>) => (path: string) => files[path.replace("flows/", "")];

  it("a listed language needs its texts file, and a texts file must be listed", async () => {
    const { languageProblems } = await import("../../scripts/languageChecks");
    const files = { ...source, "languages.json": list(["zh-CN", "en", "fr"]), "texts.en.json": english };
    expect(languageProblems(["texts.zh-CN.json", "texts.en.json"], read(files))).toEqual(["flows/texts.fr.json: missing; flows/languages.json lists fr"]);
    const unlisted = { ...files, "languages.json": list(["zh-CN"]) };
    expect(languageProblems(["texts.zh-CN.json", "texts.en.json"], read(unlisted))).toEqual([
      "flows/texts.en.json: language en is not listed in flows/languages.json, so no page would show it",
    ]);
  });

  it("a tag with digits is checked too, and a name the build would not read as a language fails", async () => {
    const { languageProblems } = await import("../../scripts/languageChecks");
    const files = { ...source, "languages.json": list(["zh-CN", "es-419"]), "texts.es-419.json": { ...english, start: {} }, "texts.fr.json.bak": {} };
    expect(languageProblems(Object.keys(files).filter((f) => f !== "languages.json"), read(files))).toEqual([
      "flows/texts.fr.json.bak: not a language file name (texts.<tag>.json)",
      "flows/texts.es-419.json: start.title is missing",
    ]);
  });

  it("the default must be listed (the schema says so, for every reader), and so must the source language, and no tag twice", async () => {
    const { languageProblems } = await import("../../scripts/languageChecks");
    const files = { ...source, "languages.json": { ...list(["en"]), default: "fr" }, "texts.en.json": english };
    expect(languageProblems(["texts.zh-CN.json", "texts.en.json"], read(files))).toEqual(['flows/languages.json: default: the default "fr" is not listed (listed: en)']);
    const noSource = { ...files, "languages.json": { ...list(["en"]), default: "en" } };
    expect(languageProblems(["texts.zh-CN.json", "texts.en.json"], read(noSource))).toEqual([
      "flows/languages.json: the source language zh-CN must be listed: its texts define every key",
      "flows/texts.zh-CN.json: language zh-CN is not listed in flows/languages.json, so no page would show it",
    ]);
    const twice = { ...files, "languages.json": list(["zh-CN", "en", "en"]) };
    expect(languageProblems(["texts.zh-CN.json", "texts.en.json"], read(twice))).toEqual(["flows/languages.json: languages: a tag is listed twice (zh-CN, en, en)"]);
  });
});

describe("the catalogues' text keys", () => {
  it("a key the source language does not have fails, naming the file and field", async () => {
    const { catalogueKeyProblems } = await import("../../scripts/languageChecks");
    const files: Record<string, unknown> = {
      "texts.zh-CN.json": { errors: { "x.title": "标题" }, results: {} },
      "errors.json": { labels: { quit: "errors.x.title" }, tipSets: {}, statuses: { exception: { title: "errors.x.title", text: "errors.x.text", code: "3101" } } },
      "results.json": { outcomes: { success: { plain: { titles: { live: "results.nope" }, primary: { action: "finish", label: "errors.x.title" } } } } },
    };
    expect(catalogueKeyProblems((path) => files[path.replace("flows/", "")])).toEqual([
      'flows/errors.json: statuses.exception.text names the text "errors.x.text", which flows/texts.zh-CN.json does not have',
      'flows/results.json: outcomes.success.plain.titles.live names the text "results.nope", which flows/texts.zh-CN.json does not have',
    ]);
  });
});
