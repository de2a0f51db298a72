// Build: validate the flow definitions, bundle the browser app (code splitting, hashed
// names, index.html) and the service, then print every chunk's size and the first screen's
// JS in gzip bytes. The first-screen budget fails the build, like wouter's size-limit.
// The face worker, its models and wasm (scripts/buildFace.mjs) are built first and only
// reached from the capture routes' lazy chunk; their bytes are reported apart.
import { build } from "esbuild";
import { gzipSync } from "node:zlib";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { buildFaceWorker, copyFaceAssets, faceSizes, printFaceSizes } from "./scripts/buildFace.mjs";

const root = dirname(fileURLToPath(import.meta.url));
const out = join(root, "dist");
const appOut = join(out, "app");
// The goal for the first screen is 80 KB gzip; React 19 alone is 69 KB and zod/mini, which
// parses the launch parameters on that screen, about 9 KB more, so the goal is not reachable
// with the chosen stack and the figure is printed with its parts. The build fails past the
// ceiling, which catches regressions (a heavy import slipping into the first screen).
const FIRST_SCREEN_GOAL = 80 * 1024;
// Headroom above today's figure for the analytics client's allowance (issue 6: at most 6 KB).
const FIRST_SCREEN_CEILING = 104 * 1024;

const BROWSER_TARGET = ["es2020", "chrome80", "safari15", "ios15"];
const environment = process.env.FACEFLOW_ENV ?? "release";
const grayVersion = process.env.FACEFLOW_GRAY_VERSION ?? "0";

async function validate() {
  // The validate script is TypeScript; esbuild turns it into a module we can import.
  const tmp = join(root, ".tmp");
  mkdirSync(tmp, { recursive: true });
  const file = join(tmp, "validate.mjs");
  await build({ entryPoints: [join(root, "scripts/validate.ts")], bundle: true, platform: "node", format: "esm", outfile: file, packages: "external", logLevel: "error" });
  const mod = await import(pathToFileURL(file).href + `?t=${Date.now()}`);
  const problems = mod.validateAll();
  if (problems.length) {
    console.error(`flow definitions: ${problems.length} problem(s)\n- ${problems.join("\n- ")}`);
    process.exit(1);
  }
  mod.writeJsonSchemas();
}

/** Shown by the HTML itself until React mounts, so the page is never blank while JS loads. */
const loadingText = JSON.parse(readFileSync(join(root, "flows/shell.zh-CN.json"), "utf8")).loading.replace(/[<>&"]/g, "");

function indexHtml(entry, css, preloads) {
  const links = [
    ...css.map((href) => `<link rel="stylesheet" href="${href}">`),
    ...preloads.map((href) => `<link rel="modulepreload" href="${href}">`),
  ].join("\n    ");
  return `<!doctype html>
<html lang="zh-CN">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
    <meta name="format-detection" content="telephone=no">
    <title>人脸核身</title>
    ${links}
  </head>
  <body>
    <div id="root"><div class="ff-loading" role="status"><span class="ff-spinner" aria-hidden="true"></span><span>${loadingText}</span></div></div>
    <noscript>请开启浏览器的 JavaScript 后重试。</noscript>
    <script type="module" src="${entry}"></script>
  </body>
</html>
`;
}

// The "spec" field of each guard and entry step quotes the specification for product staff;
// the browser does not need it, so the embedded copies leave it out (the files were
// validated with it beforehand).
const stripSpecText = {
  name: "strip-spec-text",
  setup(b) {
    b.onLoad({ filter: /flows[\\/](guard|entry)\.json$/ }, (args) => {
      const data = JSON.parse(readFileSync(args.path, "utf8"));
      const strip = (rules) => rules.map(({ spec: _spec, ...rule }) => rule);
      if (data.steps) data.steps = strip(data.steps);
      if (data.rules) data.rules = strip(data.rules);
      if (data.effects) data.effects = strip(data.effects);
      delete data.$schema;
      return { contents: JSON.stringify(data), loader: "json" };
    });
  },
};

/** `face`: the face worker's and assets' paths from the site root, built in as constants (src/face/browser/faceAssets.ts). */
async function buildApp(face) {
  const result = await build({
    plugins: [stripSpecText],
    entryPoints: { main: join(root, "src/main.tsx") },
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "browser",
    target: BROWSER_TARGET,
    outdir: join(appOut, "assets"),
    entryNames: "[name]-[hash]",
    chunkNames: "chunks/[name]-[hash]",
    assetNames: "media/[name]-[hash]",
    minify: true,
    sourcemap: false,
    metafile: true,
    jsx: "automatic",
    legalComments: "none",
    define: {
      "process.env.NODE_ENV": '"production"',
      __FACEFLOW_ENV__: JSON.stringify(environment),
      __FACEFLOW_GRAY_VERSION__: JSON.stringify(grayVersion),
      __FACEFLOW_FACE_WORKER__: JSON.stringify(face.workerHref),
      __FACEFLOW_FACE_ASSETS__: JSON.stringify(face.assetsHref),
    },
    loader: { ".svg": "file", ".png": "file", ".jpg": "file" },
    logLevel: "error",
  });
  return result.metafile;
}

/** The entry chunk plus everything it imports statically: what the first screen downloads. */
function firstScreenFiles(metafile) {
  const outputs = metafile.outputs;
  // Lazily imported modules are entry points in the metafile too; the page's is src/main.tsx.
  const entry = Object.keys(outputs).find((k) => outputs[k].entryPoint === "src/main.tsx" && k.endsWith(".js"));
  if (!entry) throw new Error("build: no output for src/main.tsx in the metafile");
  const seen = new Set();
  const walk = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const imp of outputs[file]?.imports ?? []) if (imp.kind === "import-statement") walk(imp.path);
  };
  walk(entry);
  return { entry, files: [...seen], css: outputs[entry].cssBundle };
}

/**
 * The first screen's gzip bytes split into React, zod and faceflow's own code, in proportion
 * to each part's minified bytes (gzip of a whole chunk cannot be split exactly).
 */
function firstScreenParts(metafile, files, firstGz) {
  const raw = { react: 0, zod: 0, faceflow: 0 };
  for (const f of files) {
    for (const [input, v] of Object.entries(metafile.outputs[f].inputs)) {
      const part = /node_modules\/(react|react-dom|scheduler)\//.test(input) ? "react" : /node_modules\/zod\//.test(input) ? "zod" : "faceflow";
      raw[part] += v.bytesInOutput;
    }
  }
  const total = raw.react + raw.zod + raw.faceflow || 1;
  return { react: Math.round((firstGz * raw.react) / total), zod: Math.round((firstGz * raw.zod) / total), faceflow: Math.round((firstGz * raw.faceflow) / total) };
}

function sizeReport(metafile, first, face) {
  const rows = Object.keys(metafile.outputs)
    .filter((f) => /\.(js|css|wasm)$/.test(f))
    .map((f) => {
      const bytes = readFileSync(join(root, f));
      return { file: relative(appOut, join(root, f)), raw: bytes.length, gz: gzipSync(bytes, { level: 9 }).length, first: first.files.includes(f) };
    })
    .sort((a, b) => b.gz - a.gz);
  const kb = (n) => (n / 1024).toFixed(1).padStart(7) + " KB";
  console.log("chunk sizes (raw, gzip):");
  for (const r of rows) console.log(`  ${kb(r.raw)} ${kb(r.gz)}  ${r.file}${r.first ? "  [first screen]" : ""}`);
  const firstGz = rows.filter((r) => r.first && r.file.endsWith(".js")).reduce((s, r) => s + r.gz, 0);
  const totalGz = rows.reduce((s, r) => s + r.gz, 0);
  const parts = firstScreenParts(metafile, first.files, firstGz);
  console.log(
    `first screen JS: ${(firstGz / 1024).toFixed(1)} KB gzip (goal ${FIRST_SCREEN_GOAL / 1024} KB, ceiling ${FIRST_SCREEN_CEILING / 1024} KB): ` +
      Object.entries(parts).map(([k, v]) => `${k} ${(v / 1024).toFixed(1)}`).join(", ") +
      `; all chunks: ${(totalGz / 1024).toFixed(1)} KB gzip`,
  );
  printFaceSizes(face);
  writeFileSync(join(out, "size-report.json"), JSON.stringify({ firstScreenGzip: firstGz, firstScreenParts: parts, totalGzip: totalGz, chunks: rows, face }, null, 2));
  return firstGz;
}

async function buildServer() {
  // The service and its verification worker thread (started by src/server/verify/workerPool.ts
  // from the file next to main.mjs).
  await build({
    entryPoints: { main: join(root, "src/server/main.ts"), verifyWorker: join(root, "src/server/verify/worker.ts") },
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    outdir: join(out, "server"),
    outExtension: { ".js": ".mjs" },
    packages: "external",
    sourcemap: true,
    logLevel: "error",
  });
}

// ---- catalogue gallery (issue 4): a separate page for product staff, never linked from the
// flow. Its own entry, output folder and HTML; it is not part of the size report or budget.
async function buildGallery() {
  const result = await build({
    entryPoints: { gallery: join(root, "src/gallery/main.tsx") },
    bundle: true,
    format: "esm",
    platform: "browser",
    target: BROWSER_TARGET,
    outdir: join(appOut, "gallery"),
    entryNames: "[name]-[hash]",
    minify: true,
    metafile: true,
    jsx: "automatic",
    legalComments: "none",
    define: { "process.env.NODE_ENV": '"production"' },
    logLevel: "error",
  });
  const outputs = Object.keys(result.metafile.outputs);
  const href = (ext) => "/" + relative(appOut, join(root, outputs.find((f) => f.endsWith(ext)))).split("\\").join("/");
  writeFileSync(
    join(appOut, "gallery.html"),
    `<!doctype html>
<html lang="zh-CN">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="robots" content="noindex">
    <title>faceflow 目录</title>
    <link rel="stylesheet" href="${href(".css")}">
  </head>
  <body>
    <div id="root"><div class="ff-loading" role="status"><span class="ff-spinner" aria-hidden="true"></span><span>${loadingText}</span></div></div>
    <script type="module" src="${href(".js")}"></script>
  </body>
</html>
`,
  );
}

const started = Date.now();
await validate();
rmSync(out, { recursive: true, force: true });
// The face worker and its assets first: the app bundle is told their hashed paths.
const faceWorkerFile = await buildFaceWorker({ root, appOut, target: BROWSER_TARGET });
const faceAssets = copyFaceAssets({ root, appOut });
const toHref = (f) => "/" + relative(appOut, join(root, f)).split("\\").join("/");
const metafile = await buildApp({ workerHref: toHref(relative(root, faceWorkerFile)), assetsHref: `/${faceAssets.folder}/` });
const first = firstScreenFiles(metafile);
const preloads = first.files.filter((f) => f !== first.entry).map(toHref);
writeFileSync(join(appOut, "index.html"), indexHtml(toHref(first.entry), first.css ? [toHref(first.css)] : [], preloads));
await buildGallery();
await buildServer();
const firstGz = sizeReport(metafile, first, faceSizes({ appOut, workerFile: faceWorkerFile, assets: faceAssets }));
console.log(`built dist/ in ${Date.now() - started} ms (environment ${environment}, gray version ${grayVersion})`);
if (firstGz > FIRST_SCREEN_CEILING) {
  console.error(`first screen JS is over its ceiling by ${((firstGz - FIRST_SCREEN_CEILING) / 1024).toFixed(1)} KB gzip: something heavy is no longer lazily loaded`);
  process.exit(1);
}
