/**
 * The page's styles inline, and the CSP sources that allow exactly them (issue 33). A launch page
 * the service renders (../ssr/launchPage.ts) carries the app's stylesheet in a <style>, so its
 * first paint needs the HTML alone, and its theme's tokens in a second one; the lazy screens add
 * their sheets as <style>s too (src/ui/injectStyle.ts; the build lists their hashes in
 * style-hashes.json). The CSP's style-src names each by its SHA-256 instead of allowing every
 * inline style ('unsafe-inline'): an injected <style> or style attribute is refused.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import * as z from "zod/mini";
import type { ThemesFile } from "../../../schemas/themes";

/** The stylesheet link the build writes into every page (scripts/build/appHtml.mjs). */
const STYLESHEET_LINK = /<link rel="stylesheet" href="\/(assets\/[A-Za-z0-9_-]+\.css)">/;

const styleHashesSchema = z.object({ lazySheets: z.array(z.string().check(z.regex(/^'sha256-[A-Za-z0-9+/]+={0,2}'$/))) });

const source = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

export interface PageStyles {
  /** The page's link to its stylesheet, as the built pages carry it. */
  link: string;
  /** The stylesheet's text, for a <style> in its place. */
  sheet: string;
  /** Each theme's tokens as a :root rule, for a <style> of its own. */
  themeRules: ReadonlyMap<string, string>;
}

/** `:root{--ff-primary:#1b66df;…}`: the custom properties src/ui/theme.ts sets, as a rule. */
function themeRule(tokens: Readonly<Record<string, string>>): string {
  return `:root{${Object.entries(tokens).map(([token, value]) => `--ff-${token}:${value}`).join(";")}}`;
}

/** The built app's styles, or null when it is not built or its page links no stylesheet. */
export function pageStyles(appDir: string | undefined, themes: ThemesFile): PageStyles | null {
  if (appDir === undefined || !existsSync(join(appDir, "index.html"))) return null;
  const match = STYLESHEET_LINK.exec(readFileSync(join(appDir, "index.html"), "utf8"));
  if (!match?.[1]) return null;
  const sheet = readFileSync(join(appDir, match[1]), "utf8").trim();
  // Nothing in a stylesheet can end a <style> element; a file that could is not ours.
  if (/<\/style/i.test(sheet)) throw new Error(`${match[1]} contains "</style": it cannot be inlined`);
  const themeRules = new Map(Object.entries(themes.themes).map(([id, theme]) => [id, themeRule(theme.tokens)]));
  for (const [id, rule] of themeRules) if (/[<>]/.test(rule)) throw new Error(`theme "${id}": a token holds < or >, which a <style> cannot carry`);
  return { link: match[0], sheet, themeRules };
}

/**
 * style-src's sources for the built app in `appDir` whose styles are `styles` (read once, by
 * pageStyles): its inline sheet, every theme's rule and the lazy screens' sheets.
 */
export function inlineStyleSources(appDir: string, styles: PageStyles): string[] {
  const file = join(appDir, "style-hashes.json");
  // An app built before the lazy sheets were listed: its recording pages would lose their styles.
  if (!existsSync(file)) throw new Error(`${file} is missing: rebuild the app (npm run build) so the CSP can name its style sheets`);
  const lazy = styleHashesSchema.parse(JSON.parse(readFileSync(file, "utf8"))).lazySheets;
  return [...new Set([source(styles.sheet), ...[...styles.themeRules.values()].map(source), ...lazy])];
}
