// The build's size report (issue 14): what each file costs on the wire, as brotli (what a
// browser asking for br receives; gzip beside it), the first screen's total with its parts,
// and each route's own screen files. The ceiling is on the first screen's brotli bytes.
// Written to dist/size-report.txt (and as figures to dist/size-report.json, which the benches
// read); build.mjs prints it only when asked (--sizes) or when the first screen is over its
// ceiling, and otherwise one summary line, so `npm start` shows the service's address first.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const kb = (n) => (n / 1024).toFixed(1).padStart(7) + " KB";

function sizes(path, precompressed) {
  const known = precompressed.get(path);
  if (known) return { raw: known.raw, br: known.br, gz: known.gz };
  const raw = readFileSync(path);
  return { raw: raw.length, br: brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length, gz: gzipSync(raw, { level: 9 }).length };
}

/** A chunk's brotli bytes split into React, zod and faceflow by each part's share of its source. */
function parts(chunk, br) {
  const raw = { react: 0, zod: 0, faceflow: 0 };
  for (const [id, length] of Object.entries(chunk.modules)) {
    const part = /node_modules[\\/](react|react-dom|scheduler)[\\/]/.test(id) ? "react" : /node_modules[\\/]zod[\\/]/.test(id) ? "zod" : "faceflow";
    raw[part] += length;
  }
  const total = raw.react + raw.zod + raw.faceflow || 1;
  return Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, Math.round((br * v) / total)]));
}

/** Writes dist/size-report.txt and .json; returns the first screen's brotli bytes and the report's lines. */
export function sizeReport({ out, appOut, assetsDir, chunks, css, firstScreen, routes, precompressed, ceiling, face, faceLines }) {
  const rows = chunks
    .map((c) => ({ chunk: c, file: `assets/${c.file}`, ...sizes(join(assetsDir, c.file), precompressed), first: firstScreen.includes(c.file) }))
    .sort((a, b) => b.br - a.br);
  const html = sizes(join(appOut, "index.html"), precompressed);
  const cssSizes = css ? sizes(join(assetsDir, css), precompressed) : { raw: 0, br: 0, gz: 0 };
  const lines = ["chunk sizes (raw, brotli, gzip):"];
  for (const r of rows) lines.push(`  ${kb(r.raw)} ${kb(r.br)} ${kb(r.gz)}  ${r.file}${r.first ? "  [first screen]" : ""}`);
  lines.push(`  ${kb(cssSizes.raw)} ${kb(cssSizes.br)} ${kb(cssSizes.gz)}  assets/${css}  [first screen]`);
  lines.push(`  ${kb(html.raw)} ${kb(html.br)} ${kb(html.gz)}  index.html  [first screen]`);
  const firstRows = rows.filter((r) => r.first);
  const firstBr = firstRows.reduce((s, r) => s + r.br, 0) + cssSizes.br + html.br;
  const split = { react: 0, zod: 0, faceflow: 0 };
  for (const r of firstRows) for (const [k, v] of Object.entries(parts(r.chunk, r.br))) split[k] += v;
  split.faceflow += cssSizes.br + html.br;
  const byFile = new Map(rows.map((r) => [r.chunk.file, r]));
  const routeBytes = Object.fromEntries(Object.entries(routes).map(([path, files]) => [path, files.reduce((s, f) => s + (byFile.get(f)?.br ?? 0), 0)]));
  lines.push(
    `first screen: ${(firstBr / 1024).toFixed(1)} KB brotli in ${firstRows.length + 2} files (ceiling ${(ceiling / 1024).toFixed(1)} KB): ` +
      Object.entries(split).map(([k, v]) => `${k} ${(v / 1024).toFixed(1)}`).join(", "),
  );
  lines.push("each route's screen adds (brotli): " + Object.entries(routeBytes).map(([p, b]) => `${p} ${(b / 1024).toFixed(1)}`).join(", "));
  lines.push(...faceLines(face));
  writeFileSync(join(out, "size-report.txt"), lines.join("\n") + "\n");
  writeFileSync(
    join(out, "size-report.json"),
    JSON.stringify({ firstScreenBrotli: firstBr, firstScreenParts: split, routeScreenBrotli: routeBytes, chunks: rows.map(({ chunk: _c, ...r }) => r), css: cssSizes, html, face }, null, 2),
  );
  return { firstBr, lines };
}
