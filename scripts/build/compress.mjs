// Precompressed copies of the browser app's files (issue 14): brotli at quality 11 and gzip
// at level 9 next to each file, served by @fastify/static's preCompressed option by the
// request's Accept-Encoding. A copy is kept only when it is smaller than the file (JPEG, PNG
// and most model weights do not shrink). Quality 11 is slow, so the work is spread over the
// machine's cores in worker threads.
import { readdirSync, statSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { Worker } from "node:worker_threads";

const COMPRESSIBLE = /\.(js|mjs|css|html|json|wasm|svg|txt|bin|map)$/;

function listFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? listFiles(join(dir, e.name)) : COMPRESSIBLE.test(e.name) ? [join(dir, e.name)] : []));
}

const WORKER = `
const { parentPort } = require("node:worker_threads");
const { readFileSync, writeFileSync, rmSync } = require("node:fs");
const { brotliCompressSync, gzipSync, constants } = require("node:zlib");
parentPort.on("message", (file) => {
  const raw = readFileSync(file);
  const br = brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } });
  const gz = gzipSync(raw, { level: 9 });
  const keep = (ext, data) => { if (data.length < raw.length * 0.95) writeFileSync(file + ext, data); else rmSync(file + ext, { force: true }); };
  keep(".br", br);
  keep(".gz", gz);
  parentPort.postMessage({ file, raw: raw.length, br: Math.min(br.length, raw.length), gz: Math.min(gz.length, raw.length) });
});`;

/** Writes file.br and file.gz beside every compressible file under `dir`; returns each file's sizes. */
export async function precompress(dir) {
  // Largest first, so one big model does not start last and leave a core idle.
  const files = listFiles(dir).sort((a, b) => statSync(b).size - statSync(a).size);
  const results = [];
  const workers = Array.from({ length: Math.max(1, Math.min(availableParallelism(), files.length)) }, () => new Worker(WORKER, { eval: true }));
  let next = 0;
  await Promise.all(
    workers.map(
      (worker) =>
        new Promise((resolve, reject) => {
          const feed = () => (next < files.length ? worker.postMessage(files[next++]) : resolve());
          worker.on("message", (r) => {
            results.push(r);
            feed();
          });
          worker.on("error", reject);
          feed();
        }),
    ),
  );
  await Promise.all(workers.map((w) => w.terminate()));
  return new Map(results.map((r) => [r.file, r]));
}
