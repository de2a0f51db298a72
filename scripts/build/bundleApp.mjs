// The browser app's bundle, made with rolldown (issue 14). esbuild, used before, cuts one
// chunk for every distinct set of entry points a module is reachable from, so the first
// screen arrived as 16 small files on 6 HTTP/1.1 connections, in rounds. rolldown knows a
// lazy chunk always loads after the entry, keeps what the entry needs in the entry's chunks,
// and inlines small shared chunks into the lazy chunks that use them, so a screen is one
// file and the first screen a handful. CSS is bundled by esbuild (rolldown dropped CSS).
import { rolldown } from "rolldown";
import { readFileSync, rmSync } from "node:fs";
import { join, relative } from "node:path";
import { textSections } from "./textSections.mjs";
import { browserScreenTable } from "./screenTable.mjs";
import { languagesPlugin } from "./languages.mjs";
import { bundleCss, collectCss } from "./styles.mjs";

/** Shared chunks under this many source bytes are copied into each lazy chunk that uses them. */
const INLINE_COMMON_BELOW = 30_000;

// The "spec" field of each guard and entry step quotes the specification for product staff;
// the browser does not need it, so the embedded copies leave it out (the files were
// validated with it beforehand).
const stripSpecText = {
  name: "strip-spec-text",
  load(id) {
    if (!/flows[\\/](guard|entry)\.json$/.test(id)) return null;
    const data = JSON.parse(readFileSync(id, "utf8"));
    const strip = (rules) => rules.map(({ spec: _spec, ...rule }) => rule);
    if (data.steps) data.steps = strip(data.steps);
    if (data.rules) data.rules = strip(data.rules);
    if (data.effects) data.effects = strip(data.effects);
    delete data.$schema;
    return { code: JSON.stringify(data), moduleType: "json" };
  },
};

/**
 * Records each module's dynamic imports (paths from `root`) as the bundler resolved them, into
 * `into`: the route preload checks the screen table's definition files against the root's.
 */
function recordDynamicImports(root, into) {
  return {
    name: "record-dynamic-imports",
    buildEnd() {
      for (const id of this.getModuleIds()) {
        const lazy = this.getModuleInfo(id)?.dynamicallyImportedIds ?? [];
        if (lazy.length > 0) into.set(relative(root, id), lazy.map((d) => relative(root, d)));
      }
    },
  };
}

/**
 * With the entry's modules grouped into a chunk of their own, the entry file is a facade of
 * one line: import that chunk's start function and call it. That line goes inline into
 * index.html (`entryInline`, its imports made absolute by `href`) instead of costing a
 * request; the facade file is deleted and the chunk it imports becomes the entry.
 */
function inlineEntryFacade(chunks, codes, assetsDir, href) {
  const entry = chunks.find((c) => c.isEntry);
  if (!entry) throw new Error("bundle: no entry chunk");
  if (Object.keys(entry.modules).length > 0 || entry.dynamicImports.length > 0) return { chunks, entryInline: null };
  const main = entry.imports.filter((f) => !/rolldown-runtime/.test(f));
  if (main.length !== 1) throw new Error(`bundle: the entry facade imports ${entry.imports.join(", ")}; expected one chunk besides the runtime`);
  const code = codes.get(entry.file).replace(/(from|import)\s*"\.\/([^"]+)"/g, (_m, keyword, file) => `${keyword}"${href(file)}"`);
  if (/["']\.\.?\//.test(code)) throw new Error(`bundle: the entry facade has an import left relative: ${code}`);
  rmSync(join(assetsDir, entry.file));
  return { chunks: chunks.filter((c) => c !== entry).map((c) => (c.file === main[0] ? { ...c, isEntry: true } : c)), entryInline: code.trim() };
}

/**
 * Bundles src/main.tsx into `assetsDir`. Returns the chunks (file names relative to
 * assetsDir, their static imports, dynamic imports, modules and sizes), the CSS file, and the
 * entry's start-up line for an inline module script (`entryInline`; null when the entry chunk
 * is a file of its own), and each module's dynamic imports (`dynamicImports`, by path from
 * root). `href` turns a file relative to assetsDir into its URL.
 */
export async function bundleApp({ root, assetsDir, target, define, href }) {
  const cssFiles = [];
  const lazySheets = [];
  const dynamicImports = new Map();
  const bundle = await rolldown({
    input: { main: join(root, "src/main.tsx") },
    platform: "browser",
    preserveEntrySignatures: false,
    transform: { jsx: "react-jsx", target, define: { "process.env.NODE_ENV": '"production"', ...define } },
    plugins: [stripSpecText, browserScreenTable(root), textSections, languagesPlugin(root), collectCss(root, cssFiles, lazySheets), recordDynamicImports(root, dynamicImports)],
    // vconsole (the opt-in debug console) uses direct eval; it is never on a user's path.
    onLog(level, log, handler) {
      if (log.code === "EVAL" && /vconsole/.test(log.id ?? log.message)) return;
      handler(level, log);
    },
  });
  const { output } = await bundle.write({
    dir: assetsDir,
    format: "esm",
    minify: true,
    comments: { legal: false },
    entryFileNames: "[name]-[hash].js",
    chunkFileNames: "chunks/[name]-[hash].js",
    // Lower-case letters and digits, so a hashed name is told apart from a plain one (staticApp.ts).
    hashCharacters: "base36",
    codeSplitting: {
      experimentalInlineCommonChunks: { maxSize: INLINE_COMMON_BELOW },
      // Everything the entry imports statically is one file: left alone, rolldown puts zod
      // (shared with the lazy screens) in a chunk of its own, one more request on the first
      // screen and about 1 KB of cross-chunk bindings.
      groups: [{ name: "main", tags: ["$initial"] }],
    },
  });
  await bundle.close();
  const chunks = output
    .filter((o) => o.type === "chunk")
    .map((c) => ({
      file: c.fileName,
      isEntry: c.isEntry,
      isDynamicEntry: c.isDynamicEntry,
      facade: c.facadeModuleId,
      imports: c.imports,
      dynamicImports: c.dynamicImports,
      modules: Object.fromEntries(Object.entries(c.modules).map(([id, m]) => [relative(root, id), m.renderedLength])),
      bytes: Buffer.byteLength(c.code),
    }));
  const css = await bundleCss(root, cssFiles, assetsDir);
  const codes = new Map(output.filter((o) => o.type === "chunk").map((c) => [c.fileName, c.code]));
  return { ...inlineEntryFacade(chunks, codes, assetsDir, href), css: css ? relative(assetsDir, css) : null, lazySheets: [...new Set(lazySheets)].sort(), dynamicImports };
}
