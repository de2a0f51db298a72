/**
 * A signed launch's first page, rendered by the service (issue 33). For `GET /?…&sign=…` the
 * service works out what the login would answer (./launchAnswer.ts: reads only, so a link
 * preview never uses the launch up), renders the page that answer leads to with the app's own
 * screens (src/ssr/renderLaunchPage.tsx), and sends it inside the built page of its language,
 * with the stylesheet inline so the first paint needs this HTML alone. The page's scripts are
 * the built page's, unchanged: the early login still goes out as the page is parsed, and the app
 * hydrates this HTML when its own first page is the same (src/main.tsx).
 *
 * Its CSP allows exactly its inline styles, by hash (./../http/inlineStyles.ts), instead of the
 * 'unsafe-inline' the other pages keep for the real-time SDK and the debug console, which set
 * style attributes of their own: so a launch that will use either is not rendered here.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { FastifyRequest } from "fastify";
import type { LanguagesFile } from "../../../schemas/languages";
import type { ThemesFile } from "../../../schemas/themes";
import { launchRenderSchema, type LaunchPageInput, type RenderedLaunchPage } from "../../../schemas/launchPage";
import { SERVED_LANGUAGE_ATTRIBUTE, SERVED_PAGE_ATTRIBUTE } from "../../../schemas/servedPage";
import { isCookieLessMode, parseQuery } from "../../domain/launchQuery";
import { escapeHtml } from "../admin/staffPage";
import type { ServiceContext } from "../context";
import { acceptedTags } from "../http/acceptLanguage";
import { appPageFile, type LaunchPages } from "../http/appPages";
import { inlineStyleSources, pageStyles, type PageStyles } from "../http/inlineStyles";
import type { RateLimit } from "../http/security";
import { launchAnswer } from "./launchAnswer";
import { STALE_GUARD_SCRIPT, STALE_GUARD_SOURCE } from "./staleGuard";

/** A built page cut around its root element, whose loading box the rendered page replaces. */
interface PageTemplate {
  head: string;
  tail: string;
}

const ROOT_OPEN = '<div id="root">';

/** The built page `html` around its root: the root is the body's first element and ends before the noscript. */
function templateOf(file: string, html: string): PageTemplate {
  const open = html.indexOf(ROOT_OPEN);
  const close = html.indexOf("<noscript>", open);
  if (open < 0 || close < 0 || html.indexOf(ROOT_OPEN, open + 1) >= 0) throw new Error(`${file}: expected one ${ROOT_OPEN} before a <noscript>`);
  return { head: html.slice(0, open), tail: html.slice(close) };
}

/** A Host as browsers send it: a name or an IP literal, and a port. */
const HOST = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._~-]+)(?::[0-9]{1,5})?$/;

/**
 * The URL the browser asked for, as its page will read it; null for a Host or protocol no browser
 * sends (a client writing its own headers): that request gets the built page like any other.
 */
function requestUrl(request: FastifyRequest): string | null {
  if (!HOST.test(request.host) || (request.protocol !== "http" && request.protocol !== "https")) return null;
  try {
    return new URL(request.url, `${request.protocol}://${request.host}`).href;
  } catch {
    return null; // a port past 65535
  }
}

/** The page's CSP: style-src naming exactly its inline styles, script-src its stale guard too. */
export function launchPagePolicy(policy: string, styleSources: readonly string[]): string {
  return policy
    .split(";")
    .map((directive) => directive.trim())
    .map((directive) => {
      if (directive.startsWith("style-src ")) return `style-src 'self' ${styleSources.join(" ")}`;
      if (directive.startsWith("script-src ")) return `${directive} ${STALE_GUARD_SOURCE}`;
      return directive;
    })
    .join(";");
}

/**
 * The renderer: src/ssr/renderLaunchPage.tsx's `renderLaunchPage`, which the service loads from
 * its bundle (./launchRenderer.ts) and tests import; its answer is parsed here.
 */
export type LaunchRenderer = (input: LaunchPageInput) => Promise<unknown>;

/** Launch pages over the built app in `appDir`; null without a build (the API alone) or a renderer. */
export function createLaunchPages(
  ctx: ServiceContext,
  appDir: string | undefined,
  languages: LanguagesFile,
  themes: ThemesFile,
  render: LaunchRenderer | null,
  budget: RateLimit,
): LaunchPages | null {
  const styles = pageStyles(appDir, themes);
  if (appDir === undefined || styles === null || render === null) return null;
  const templates = new Map<string, PageTemplate>();
  for (const { tag } of languages.languages) {
    const file = appPageFile(languages, tag);
    if (existsSync(join(appDir, file))) templates.set(tag, templateOf(file, readFileSync(join(appDir, file), "utf8")));
  }
  const styleSources = inlineStyleSources(appDir, styles);

  return {
    async send(request, reply) {
      const query = request.url.indexOf("?");
      const search = parseQuery(query < 0 ? "" : request.url.slice(query));
      const url = requestUrl(request);
      if (!isCookieLessMode(search) || url === null) return false;
      // A render reads the store and takes a couple of milliseconds of the event loop: past its
      // budget an address gets the built page, which costs nothing and works the same, not a 429.
      const { count } = await ctx.store.rateCounters.hit(`launchPage|${request.ip}`, 1, budget.timeWindowMs, ctx.clock.now());
      if (count > budget.max) return false;
      const answer = await launchAnswer(ctx, request, search);
      if (answer === null) return false;
      const rendered = launchRenderSchema.parse(
        await render({
          url,
          userAgent: request.headers["user-agent"] ?? "",
          languages: acceptedTags(request.headers["accept-language"]),
          now: ctx.clock.now(),
          login: answer,
        }),
      );
      const template = rendered ? templates.get(rendered.language) : undefined;
      if (!rendered || !template || rendered.realtime || rendered.debugConsole) return false;
      const policy = reply.getHeader("content-security-policy");
      if (typeof policy === "string") reply.header("content-security-policy", launchPagePolicy(policy, styleSources));
      // Made for this launch, this browser and now: never stored by a cache.
      reply.header("cache-control", "no-store");
      reply.header("vary", "accept-language, cookie");
      reply.type("text/html; charset=utf-8");
      await reply.send(pageHtml(template, styles, rendered));
      return true;
    },
  };
}

function pageHtml(template: PageTemplate, styles: PageStyles, page: RenderedLaunchPage): string {
  const themeRule = styles.themeRules.get(page.theme);
  if (themeRule === undefined) throw new Error(`no theme rule for "${page.theme}"`);
  // Replaced by functions: a replacement string would read "$&", "$'" and the like in a sheet or a title as patterns.
  const head = template.head
    .replace(styles.link, () => `<style>${styles.sheet}</style>\n    <style>${themeRule}</style>`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.title)}</title>`)
    .replace("<body>", () => (page.bodyClass === null ? "<body>" : `<body class="${escapeHtml(page.bodyClass)}">`));
  const root = `<div id="root" ${SERVED_PAGE_ATTRIBUTE}="${escapeHtml(page.page)}" ${SERVED_LANGUAGE_ATTRIBUTE}="${escapeHtml(page.language)}">${page.markup}</div>\n    <script>${STALE_GUARD_SCRIPT}</script>\n    `;
  return head + root + template.tail;
}
