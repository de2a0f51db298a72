// The app's styles in the bundle (issue 14): the entry's stylesheet, and the lazy screens' styles.
import { build as esbuild } from "esbuild";
import { join, relative } from "node:path";

/**
 * CSS imported by the entry (src/main.tsx) is collected here, in import order, and bundled
 * apart by esbuild into the page's one stylesheet. CSS imported by any other module belongs to
 * a lazily loaded screen: it becomes a module that adds it to the page as a <style> when that
 * screen's chunk runs (src/ui/injectStyle.ts), so the first screen does not wait for the
 * recording pages' styles, and a screen's styles are in place before it renders.
 */
export function collectCss(root, files, lazySheets = []) {
  const LAZY = "\0lazy-css:";
  return {
    name: "collect-css",
    resolveId(source, importer) {
      if (!source.endsWith(".css") || !importer) return null;
      const file = join(importer, "..", source);
      if (relative(root, importer) !== join("src", "main.tsx")) return { id: LAZY + file };
      files.push(file);
      return { id: `\0css:${files.length}` };
    },
    async load(id) {
      if (id.startsWith("\0css:")) return { code: "", moduleType: "js" };
      if (!id.startsWith(LAZY)) return null;
      const result = await esbuild({ entryPoints: [id.slice(LAZY.length)], bundle: true, minify: true, write: false, logLevel: "error" });
      const css = result.outputFiles[0]?.text.trim() ?? "";
      // Each sheet's text, for the CSP's style hashes (the service allows exactly these <style>s).
      lazySheets.push(css);
      const inject = JSON.stringify(join(root, "src/ui/injectStyle.ts"));
      return { code: `import { injectStyle } from ${inject};\ninjectStyle(${JSON.stringify(css)});`, moduleType: "js" };
    },
  };
}

/** The entry's stylesheet: the collected files in import order, one minified file named by its hash. */
export async function bundleCss(root, files, outDir) {
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
