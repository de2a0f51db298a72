/**
 * A signed launch's first page as the service renders it (issue 33), seen from outside: what a
 * link preview, the user's browser and an attacker get for `GET /?…&sign=…`. A GET never uses a
 * launch up; a tampered or expired link gets its catalogue screen; a launch another browser used
 * is not rendered (the page cannot tell a cookie-less reload of the same browser from it); the
 * page's CSP allows exactly its own inline styles.
 */
import { createHash } from "node:crypto";
import { request as httpRequest } from "node:http";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_ERROR_CODES } from "../../schemas/api";
import textsZh from "../../flows/texts.zh-CN.json";
import textsEn from "../../flows/texts.en.json";
import { renderLaunchPage } from "../../src/ssr/renderLaunchPage";
import { writeAppPagesFixture } from "./appPagesFixture";
import { Browser, launchParams, orderRequest, startService, testClock, type Service } from "./harness";

// "$'" and "$&" mean something to String.prototype.replace: the sheet must be inlined as its file says.
const CSS = `.ff-main{display:block}.ff-price::before{content:"$'$&"}`;
const PAGE = `<!doctype html>
<html lang="zh-CN">
  <head>
    <title>人脸核身</title>
    <link rel="stylesheet" href="/assets/main-TESTCSS1.css">
  </head>
  <body>
    <div id="root"><div class="ff-loading" role="status">加载中…</div></div>
    <noscript>请开启浏览器的 JavaScript 后重试。</noscript>
  </body>
</html>
`;
const PREVIEW_BOT = "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)";

const clock = testClock(Date.now());
let service: Service;
let appDir: string;

beforeAll(async () => {
  appDir = mkdtempSync(join(tmpdir(), "ff-launch-page-"));
  mkdirSync(join(appDir, "assets"));
  writeFileSync(join(appDir, "assets/main-TESTCSS1.css"), CSS);
  writeFileSync(join(appDir, "style-hashes.json"), JSON.stringify({ lazySheets: [] }));
  writeAppPagesFixture(appDir, PAGE);
  // The renderer the built service loads from its bundle, here from its source.
  service = await startService({ appDir, clock, launchRenderer: renderLaunchPage });
});
afterAll(async () => {
  await service.close();
  rmSync(appDir, { recursive: true, force: true });
});

async function launch(extra: Parameters<typeof orderRequest>[1] = {}): Promise<string> {
  return (await service.partner.createOrder(orderRequest(service, { actions: undefined, ...extra }))).launchUrl;
}

async function get(url: string, headers: Record<string, string> = {}): Promise<{ status: number; html: string; csp: string; cache: string }> {
  const response = await fetch(url, { headers: { "accept-language": "zh-CN", ...headers } });
  return { status: response.status, html: await response.text(), csp: response.headers.get("content-security-policy") ?? "", cache: response.headers.get("cache-control") ?? "" };
}

const servedPage = (html: string) => /<div id="root" data-ssr-page="([^"]*)" data-ssr-lang="([^"]*)">/.exec(html)?.slice(1, 3);

describe("a signed launch's first page", () => {
  it("comes rendered with its heading, a grey start button and the stylesheet inline, and no number of GETs uses the launch up", async () => {
    const url = await launch({ liveType: "1" });
    for (const ua of [PREVIEW_BOT, "WhatsApp/2.23", "Mozilla/5.0 (Linux; Android 13) Chrome/120 Mobile"]) {
      const page = await get(url, { "user-agent": ua });
      expect(page.status).toBe(200);
      expect(servedPage(page.html)).toEqual(["/h5pre", "zh-CN"]);
      expect(page.html).toContain(`<h1 class="ff-start__title">${textsZh.start.title}</h1>`);
      expect(page.html).toMatch(new RegExp(`<button[^>]*disabled=""[^>]*>${textsZh.start.startButton}</button>`));
      expect(page.html).toContain(`<style>${CSS}</style>`);
      expect(page.html).not.toContain('rel="stylesheet"');
      expect(page.cache).toBe("no-store");
    }
    // The user's browser logs in after the three previews: the launch is still unused.
    const login = await new Browser(service.baseUrl).login(launchParams(url));
    expect(login.status).toBe(200);
  });

  it("is in the language the page will choose, with its title", async () => {
    const url = await launch({ liveType: "1" });
    const page = await get(url, { "accept-language": "en-US,en;q=0.9" });
    expect(servedPage(page.html)).toEqual(["/h5pre", "en"]);
    expect(page.html).toContain(`<h1 class="ff-start__title">${textsEn.start.title}</h1>`);
    expect(page.html).toContain(`<title>${textsEn.shell.titles.start}</title>`);
  });

  it("carries the launch's theme: its tokens in a style the CSP names by hash, and its body class", async () => {
    const url = await launch({ liveType: "3", theme: "03" });
    const page = await get(url);
    expect(page.html).toContain('<body class="theme-03">');
    const styles = [...page.html.matchAll(/<style>([^<]*)<\/style>/g)].map((m) => m[1] ?? "");
    expect(styles).toHaveLength(2);
    expect(styles[1]).toMatch(/^:root\{--ff-primary:[^;]+;/);
    const styleSrc = page.csp.split(";").find((d) => d.startsWith("style-src ")) ?? "";
    expect(styleSrc).not.toContain("'unsafe-inline'");
    for (const style of styles) expect(styleSrc).toContain(`'sha256-${createHash("sha256").update(style).digest("base64")}'`);
  });

  it("of a tampered link is the link-invalid screen, rendered, and the login refuses it as well", async () => {
    const url = await launch({ liveType: "1" });
    const tampered = url.replace("user_id=user-1", "user_id=user-2");
    expect(tampered).not.toBe(url);
    const page = await get(tampered);
    expect(servedPage(page.html)).toEqual(["/error?code=400101", "zh-CN"]);
    expect(page.html).toContain('data-status="400101"');
    expect((await new Browser(service.baseUrl).login(launchParams(tampered))).status).toBe(400);
  });

  it("of an expired link is the catalogue's screen for it", async () => {
    const url = await launch({ liveType: "1", expiresInSec: 60 });
    clock.advance(61_000);
    const page = await get(url);
    const [served] = servedPage(page.html) ?? [];
    expect(served).toMatch(/^\/error\?status=/);
    expect(page.html).toContain(`data-status="${new URLSearchParams(served?.split("?")[1]).get("status")}"`);
    const login = await new Browser(service.baseUrl).login(launchParams(url));
    expect((login.json as { code?: string }).code).toBe(API_ERROR_CODES.launchExpired);
  });

  it("of a launch another browser used is its used screen; the browser that used it gets its page back", async () => {
    const url = await launch({ liveType: "1" });
    const owner = new Browser(service.baseUrl);
    expect((await owner.request("POST", "/api/v1/login", { ...launchParams(url), cookieless: false })).status).toBe(200);
    const stranger = await get(url);
    const [served] = servedPage(stranger.html) ?? [];
    expect(served).toMatch(/^\/error\?status=/);
    expect((await new Browser(service.baseUrl).login(launchParams(url))).json).toMatchObject({ code: API_ERROR_CODES.launchUsed });
    const again = await owner.fetch(url, { headers: { "accept-language": "zh-CN" } });
    expect(servedPage(await again.text())).toEqual(["/h5pre", "zh-CN"]);
  });

  it("of a launch a cookie-less browser used is not rendered: that browser, reloading, carries no session to be known by", async () => {
    const url = await launch({ liveType: "1" });
    expect((await new Browser(service.baseUrl).request("POST", "/api/v1/login", { ...launchParams(url), cookieless: true })).status).toBe(200);
    const reload = await get(url);
    expect(servedPage(reload.html)).toBeUndefined();
    expect(reload.html).toContain('<div id="root"><div class="ff-loading"');
  });

  it("of a link carrying its own `cookieless` is the start page: the page replaces it with its own and logs in", async () => {
    for (const value of ["true", "false", ""]) {
      const url = `${await launch({ liveType: "1" })}&cookieless=${value}`;
      const page = await get(url);
      expect(servedPage(page.html)).toEqual(["/h5pre", "zh-CN"]);
      const { cookieless: _inUrl, ...params } = launchParams(url);
      expect((await new Browser(service.baseUrl).request("POST", "/api/v1/login", { ...params, cookieless: false })).status).toBe(200);
    }
  });

  it("under a Host no browser sends is the built page, not a server error, and the launch stays unused", async () => {
    const url = await launch({ liveType: "1" });
    const { pathname, search } = new URL(url);
    for (const host of ["a b", '"><script>alert(1)</script>', "", "%3Cx%3E", "example.com:99999", "x/y?z#w"]) {
      const answer = await new Promise<{ status: number; html: string }>((resolve, reject) => {
        const req = httpRequest(`${service.baseUrl}${pathname}${search}`, { setHost: false, headers: { host, "accept-language": "zh-CN" } }, (res) => {
          let html = "";
          res.setEncoding("utf8").on("data", (chunk: string) => (html += chunk)).on("end", () => resolve({ status: res.statusCode ?? 0, html }));
        });
        req.on("error", reject).end();
      });
      expect(answer.status).toBe(200);
      expect(servedPage(answer.html), host).toBeUndefined();
      expect(answer.html).not.toContain("<script>alert(1)");
    }
    expect((await new Browser(service.baseUrl).login(launchParams(url))).status).toBe(200);
  });

  it("takes no markup from the query: a launch parameter shows as text", async () => {
    const url = await launch({ liveType: "1", launch: { popup_context: '<img src=x onerror="alert(1)">' } });
    const page = await get(url);
    expect(page.html).not.toContain("<img src=x");
    expect(page.html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
  });

  it("leaves the root route without a sign, and every other page, to the built page", async () => {
    const page = await get(`${service.baseUrl}/?lang=en`);
    expect(servedPage(page.html)).toBeUndefined();
    expect(page.csp).toContain("'unsafe-inline'");
  });
});

describe("rendered launch pages past an address's budget", () => {
  it("are the built page, not a 429: the page works the same, and the render's cost stops", async () => {
    const tight = await startService({ appDir, launchRenderer: renderLaunchPage, rateLimits: { session: { max: 2, timeWindowMs: 60_000 } } });
    try {
      const url = (await tight.partner.createOrder(orderRequest(tight, { actions: undefined, liveType: "1" }))).launchUrl;
      const pages = [];
      for (let i = 0; i < 3; i++) pages.push(await get(url));
      expect(pages.map((p) => p.status)).toEqual([200, 200, 200]);
      expect(pages.map((p) => servedPage(p.html)?.[0])).toEqual(["/h5pre", "/h5pre", undefined]);
      expect(pages[2]?.html).toContain('<div id="root"><div class="ff-loading"');
    } finally {
      await tight.close();
    }
  });
});
