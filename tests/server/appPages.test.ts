/**
 * The app's page in the language the page will choose (issue 30): the service picks the built
 * index.<tag>.html by the URL's lang and Accept-Language, by the same rules as the page
 * (src/runtime/language.ts), so the page's loading text, title and preloaded texts are its
 * language's from the first byte, and a language added changes no other language's page.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Fastify from "fastify";
import fastifyStatic from "@fastify/static";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import languagesJson from "../../flows/languages.json";
import type { LanguagesFile } from "../../schemas/languages";
import { chooseLanguage } from "../../src/runtime/language";
import { appPageFile, appPageFor, registerAppPages } from "../../src/server/http/appPages";

const file = languagesJson as LanguagesFile;

describe("the page's language, as the service picks it", () => {
  const cases: [string, string | undefined][] = [
    ["?lang=en&order_no=1", "zh-CN"],
    ["?lang=zh-TW", "en-US"],
    ["", "en-GB, zh-CN;q=0.9"],
    ["", "fr-FR, zh-HK;q=0.5"],
    ["", "zh-Hant-TW"],
    ["", "fr, de"],
    ["", undefined],
    ["?lang=fr", "en-US"],
    ["", "enx"],
    ["", "zh-CN;q=0.2, en;q=0.9"],
    ["", "en;q=0, zh-TW"],
  ];
  it.each(cases)("for %j and Accept-Language %j it is the page's own choice", (search, header) => {
    const query = Object.fromEntries(new URLSearchParams(search));
    const browser = (header ?? "")
      .split(",")
      .map((part) => part.trim().split(";"))
      .filter(([tag, q]) => tag && q !== "q=0")
      .sort((a, b) => Number((b[1] ?? "q=1").slice(2)) - Number((a[1] ?? "q=1").slice(2)))
      .map(([tag]) => tag as string);
    const expected = chooseLanguage(file, { launchLang: query.lang, browser }).language.tag;
    expect(appPageFor(file, query, header)).toBe(appPageFile(file, expected));
  });

  it("the default's page is index.html, so a static host serves a working page", () => {
    expect(appPageFile(file, file.default)).toBe("index.html");
    for (const { tag } of file.languages.filter((l) => l.tag !== file.default)) expect(appPageFile(file, tag)).toBe(`index.${tag}.html`);
  });
});

describe("serving the pages", () => {
  let appDir: string;
  const app = Fastify();
  beforeAll(async () => {
    appDir = mkdtempSync(join(tmpdir(), "ff-pages-"));
    for (const { tag } of file.languages) writeFileSync(join(appDir, appPageFile(file, tag)), `<!doctype html><html lang="${tag}"></html>`);
    await app.register(fastifyStatic, { root: appDir, prefix: "/" });
    registerAppPages(app, appDir, file);
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(appDir, { recursive: true, force: true });
  });

  it("sends / and /index.html in the asked language, varying by Accept-Language", async () => {
    for (const url of ["/", "/index.html"]) {
      const en = await app.inject({ url, headers: { "accept-language": "en-US,en;q=0.9" } });
      expect(en.statusCode).toBe(200);
      expect(en.body).toContain('lang="en"');
      expect(String(en.headers.vary)).toMatch(/accept-language/i);
      const launch = await app.inject({ url: `${url}?lang=zh-TW&sign=x`, headers: { "accept-language": "en" } });
      expect(launch.body).toContain('lang="zh-TW"');
      const none = await app.inject({ url });
      expect(none.body).toContain(`lang="${file.default}"`);
    }
  });

  it("sends index.html to a listed language without a built page (an app built before it was listed)", async () => {
    const more: LanguagesFile = { ...file, languages: [...file.languages, { tag: "fr", name: "Français", dir: "ltr", matches: ["fr"], speech: "fr-FR" }] };
    const other = Fastify();
    await other.register(fastifyStatic, { root: appDir, prefix: "/" });
    registerAppPages(other, appDir, more);
    const fr = await other.inject({ url: "/?lang=fr" });
    expect(fr.statusCode).toBe(200);
    expect(fr.body).toContain(`lang="${file.default}"`);
    expect((await other.inject({ url: "/?lang=en" })).body).toContain('lang="en"');
    await other.close();
  });
});
