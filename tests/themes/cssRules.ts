/**
 * The app's stylesheets as rules, for the tests of contrast pairs, focus and motion: every .css
 * file under src/ (the page's stylesheet and the lazy screens' styles are built from exactly
 * these, scripts/build/styles.mjs), comments removed, nested @media and @supports flattened
 * into the rules they hold.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

export interface Declaration {
  prop: string;
  value: string;
  important: boolean;
}

export interface CssRule {
  file: string;
  /** The selector list, split on top-level commas. */
  selectors: string[];
  /** The enclosing at-rules' preludes, outermost first ("@media (prefers-reduced-motion: reduce)"). */
  at: string[];
  decls: Declaration[];
}

export interface Keyframes {
  file: string;
  name: string;
  /** Each stop's offsets (0..1) and declarations. */
  stops: { offsets: number[]; decls: Declaration[] }[];
}

export interface Stylesheets {
  rules: CssRule[];
  keyframes: Map<string, Keyframes>;
}

export const ROOT = join(import.meta.dirname, "../..");

function declarations(body: string): Declaration[] {
  return body
    .split(";")
    .map((d) => d.trim())
    .filter(Boolean)
    .map((d) => {
      const colon = d.indexOf(":");
      let value = d.slice(colon + 1).trim();
      const important = /!\s*important$/i.test(value);
      if (important) value = value.replace(/!\s*important$/i, "").trim();
      return { prop: d.slice(0, colon).trim().toLowerCase(), value, important };
    });
}

/** Splits on commas outside parentheses. */
export function splitTop(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "(") depth++;
    else if (c === ")") depth--;
    else if (c === "," && depth === 0) {
      parts.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(text.slice(start).trim());
  return parts.filter(Boolean);
}

/** The rules and keyframes of one stylesheet's text. */
export function parseCss(text: string, file = "(inline)"): Stylesheets {
  const css = text.replace(/\/\*[\s\S]*?\*\//g, "");
  const rules: CssRule[] = [];
  const keyframes = new Map<string, Keyframes>();
  let i = 0;
  // Reads blocks until the enclosing block's "}" (or the end), in the given at-rule context.
  const block = (at: string[]): void => {
    for (;;) {
      while (i < css.length && /\s/.test(css[i]!)) i++;
      if (i >= css.length) return;
      if (css[i] === "}") {
        i++;
        return;
      }
      const open = css.indexOf("{", i);
      const semi = css.indexOf(";", i);
      if (open === -1) return;
      if (semi !== -1 && semi < open) {
        i = semi + 1; // @import, @charset
        continue;
      }
      const prelude = css.slice(i, open).trim();
      i = open + 1;
      const kf = /^@(?:-webkit-)?keyframes\s+([\w-]+)/.exec(prelude);
      if (kf) {
        const stops: Keyframes["stops"] = [];
        for (;;) {
          const o = css.indexOf("{", i);
          const c = css.indexOf("}", i);
          if (c < o || o === -1) {
            i = c + 1;
            break;
          }
          const offsets = splitTop(css.slice(i, o)).map((k) => (k === "from" ? 0 : k === "to" ? 1 : parseFloat(k) / 100));
          const end = css.indexOf("}", o);
          stops.push({ offsets, decls: declarations(css.slice(o + 1, end)) });
          i = end + 1;
        }
        keyframes.set(kf[1]!, { file, name: kf[1]!, stops });
      } else if (prelude.startsWith("@")) {
        block([...at, prelude.replace(/\s+/g, " ")]);
      } else {
        const end = css.indexOf("}", i);
        rules.push({ file, selectors: splitTop(prelude).map((s) => s.replace(/\s+/g, " ")), at, decls: declarations(css.slice(i, end)) });
        i = end + 1;
      }
    }
  };
  block([]);
  return { rules, keyframes };
}

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return cssFiles(path);
    return e.name.endsWith(".css") ? [path] : [];
  });
}

/** Every stylesheet of the app and the gallery. */
export function readStylesheets(): Stylesheets {
  const all: Stylesheets = { rules: [], keyframes: new Map() };
  for (const path of cssFiles(join(ROOT, "src"))) {
    const sheet = parseCss(readFileSync(path, "utf8"), relative(ROOT, path));
    all.rules.push(...sheet.rules);
    for (const [name, k] of sheet.keyframes) all.keyframes.set(name, k);
  }
  return all;
}

export const REDUCED_MOTION = "@media (prefers-reduced-motion: reduce)";
