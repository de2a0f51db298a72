/**
 * The CSP sources for index.html's inline scripts. The page carries three small inline
 * scripts: the route preloader written by scripts/build/routePreload.mjs, so the route's
 * chunks are requested before any module has arrived; the early login
 * (scripts/build/earlyLogin.mjs), so a launch's login leaves as soon as the page is parsed;
 * and the one line that starts the entry chunk (scripts/build/bundleApp.mjs), which would
 * otherwise be a file and a request of its own. The CSP still forbids inline scripts in
 * general and allows exactly these, by their SHA-256, read from the HTML the service serves.
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** A script with its code inline: classic, or the module that starts the entry chunk. */
const INLINE_SCRIPT = /<script(?: type="module")?>([\s\S]*?)<\/script>/g;

function inlineScriptSources(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)].map((m) => `'sha256-${createHash("sha256").update(m[1] ?? "", "utf8").digest("base64")}'`);
}

/** The app's pages: index.html and one index.<tag>.html per other language (./appPages.ts). */
const APP_PAGE = /^index(\.[A-Za-z0-9-]+)?\.html$/;

/**
 * The hashes for the built app in `appDir` (every language's page: their route preloaders
 * differ), none when it is not built.
 */
export function appInlineScriptSources(appDir: string | undefined): string[] {
  if (appDir === undefined || !existsSync(join(appDir, "index.html"))) return [];
  const pages = readdirSync(appDir).filter((name) => APP_PAGE.test(name)).sort();
  return [...new Set(pages.flatMap((name) => inlineScriptSources(readFileSync(join(appDir, name), "utf8"))))];
}
