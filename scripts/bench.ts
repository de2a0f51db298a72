/**
 * `npm run bench`: size and speed figures, measured rather than asserted in timed tests.
 * - bytes: first-screen JS (gzip) and every chunk, from dist/size-report.json (build.mjs);
 * - time to first screen: launch URL opened in headless Debian Chromium against the real
 *   service until the first page view is set, median of N cold loads.
 * Writes bench-results.json and prints a table.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "@playwright/test";

const PORT = Number(process.env.BENCH_PORT ?? 8191);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const base = `http://127.0.0.1:${PORT}`;

async function startServer(): Promise<ChildProcess> {
  const dir = mkdtempSync(join(tmpdir(), "faceflow-bench-"));
  const child = spawn("node", ["dist/server/main.mjs"], {
    env: { ...process.env, HOST: "127.0.0.1", PORT: String(PORT), FACEFLOW_DB: join(dir, "db.sqlite"), FACEFLOW_MEDIA: join(dir, "media"), FACEFLOW_ENV: "test" },
    stdio: "ignore",
  });
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(base + "/")).ok) return child;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error("server did not start");
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

async function timeToFirstScreen(): Promise<number[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"],
  });
  const times: number[] = [];
  try {
    for (let i = 0; i < RUNS; i++) {
      const context = await browser.newContext(); // cold cache every run
      const page = await context.newPage();
      await page.goto(`${base}/?live_type=1&h5_face_id=BENCH${i}#/protocol`);
      await page.waitForFunction(() => document.documentElement.dataset.pageId !== undefined);
      times.push(await page.evaluate(() => performance.now()));
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return times;
}

const report = JSON.parse(readFileSync("dist/size-report.json", "utf8")) as { firstScreenGzip: number; totalGzip: number };
const server = await startServer();
let times: number[] = [];
try {
  times = await timeToFirstScreen();
} finally {
  server.kill();
}
const results = {
  firstScreenJsGzipBytes: report.firstScreenGzip,
  allChunksGzipBytes: report.totalGzip,
  timeToFirstScreenMs: { median: Math.round(median(times)), runs: times.map(Math.round) },
};
writeFileSync("bench-results.json", JSON.stringify(results, null, 2) + "\n");
console.log(`first screen JS        ${(results.firstScreenJsGzipBytes / 1024).toFixed(1)} KB gzip (budget 80 KB)`);
console.log(`all chunks             ${(results.allChunksGzipBytes / 1024).toFixed(1)} KB gzip`);
console.log(`time to first screen   ${results.timeToFirstScreenMs.median} ms median of ${RUNS} cold loads (localhost, headless Chromium)`);
