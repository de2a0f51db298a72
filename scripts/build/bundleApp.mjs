// The browser app's bundle, made with rolldown (issue 14). esbuild, used before, cuts one
// chunk for every distinct set of entry points a module is reachable from, so the first
// screen arrived as 16 small files on 6 HTTP/1.1 connections, in rounds. rolldown knows a
// lazy chunk always loads after the entry, keeps what the entry needs in the entry's chunks,
// and inlines small shared chunks into the lazy chunks that use them, so a screen is one
// file and the first screen a handful. CSS is bundled by esbuild (rolldown dropped CSS).
import { rolldown } from "rolldown";
import { build as esbuild } from "esbuild";
import { readFileSync } from "node:fs";
import { join, relative } from "node:path";

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

/** CSS imports are collected here (in import order) and bundled apart by esbuild. */
function collectCss(files) {
  return {
    name: "collect-css",
    resolveId(source, importer) {
      if (!source.endsWith(".css") || !importer) return null;
      files.push(join(importer, "..", source));
      return { id: `\0css:${files.length}` };
    },
    load(id) {
      return id.startsWith("\0css:") ? { code: "", moduleType: "js" } : null;
    },
  };
}

async function bundleCss(root, files, outDir) {
  if (!files.length) return null;
  const result = await esbuild({
    stdin: { contents: files.map((f) => `@import ${JSON.stringify("./" + relative(root, f).split("\\").join("/"))};`).join("\n"), resolveDir: root, loader: "css" },
    bundle: true,
    minify: true,
    outdir: outDir,
    entryNames: "main-[hash]",
    write: true,
    metafile: true,
    logLevel: "error",
  });
  return Object.keys(result.metafile.outputs).find((f) => f.endsWith(".css")) ?? null;
}

/**
 * Bundles src/main.tsx into `assetsDir`. Returns the chunks (file names relative to
 * assetsDir, their static imports, dynamic imports, modules and sizes) and the CSS file.
 */
export async function bundleApp({ root, assetsDir, target, define }) {
  const cssFiles = [];
  const bundle = await rolldown({
    input: { main: join(root, "src/main.tsx") },
    platform: "browser",
    preserveEntrySignatures: false,
    transform: { jsx: "react-jsx", target, define: { "process.env.NODE_ENV": '"production"', ...define } },
    plugins: [stripSpecText, collectCss(cssFiles)],
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
    codeSplitting: { experimentalInlineCommonChunks: { maxSize: INLINE_COMMON_BELOW } },
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
  return { chunks, css: css ? relative(assetsDir, css) : null };
}
