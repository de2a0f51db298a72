// Development aid: two builds side by side under the phone profile, with the React floor, in
// one run and alternating rounds, so a change is judged against the build before it on the
// same machine at the same moment (the floor's own time moves by 10% between runs).
// Usage: npx tsx scripts/wire/compare.mts DIR_A DIR_B, each a checkout with dist/ built and
// node_modules; PAGES=entry,launch,error and ROUNDS=7 by default. Run nothing else meanwhile.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { BROWSER_ARGS } from "../benchService";
import { firstButton, type FirstButtonRun } from "./firstButton";
import { startFloor } from "./floor";

const [dirA, dirB] = process.argv.slice(2);
if (!dirA || !dirB) throw new Error("usage: compare.mts DIR_A DIR_B");
const pages = (process.env.PAGES ?? "entry,launch,error").split(",");
const rounds = Number(process.env.ROUNDS ?? 7);

async function start(dir: string, port: number) {
  const data = mkdtempSync(join(tmpdir(), "faceflow-compare-"));
  const env = { ...process.env, HOST: "127.0.0.1", PORT: String(port), FACEFLOW_DB: join(data, "db.sqlite"), FACEFLOW_MEDIA: join(data, "media"), FACEFLOW_ENV: "test" };
  const child = spawn("node", ["dist/server/main.mjs"], { cwd: dir, env, stdio: "ignore" });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(base + "/")).ok) break;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { base, stop: () => (child.kill(), rmSync(data, { recursive: true, force: true })) };
}

async function pageUrl(base: string, page: string): Promise<string> {
  if (page === "entry") return `${base}/#/entry`;
  if (page === "error") return `${base}/#/error?status=exception`;
  const response = await fetch(`${base}/demo/v1/orders`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ liveType: "1" }) });
  return ((await response.json()) as { launchUrl: string }).launchUrl;
}

const a = await start(dirA, 8301);
const b = await start(dirB, 8302);
const floor = await startFloor(process.cwd());
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: BROWSER_ARGS });
const runs = new Map<string, { heading: number[]; ms: number[]; bytes: number[] }>();
const add = (key: string, run: FirstButtonRun) => {
  const r = runs.get(key) ?? { heading: [], ms: [], bytes: [] };
  r.heading.push(run.firstHeadingMs);
  r.ms.push(run.firstButtonMs);
  r.bytes.push(run.wireBytes);
  runs.set(key, r);
};
try {
  for (let round = 0; round < rounds; round++) {
    add("floor", await firstButton(browser, floor.url));
    for (const page of pages) {
      const order = round % 2 ? ([["B", b.base], ["A", a.base]] as const) : ([["A", a.base], ["B", b.base]] as const);
      for (const [name, base] of order) {
        add(`${page} ${name}`, await firstButton(browser, await pageUrl(base, page)));
      }
    }
  }
} finally {
  await browser.close();
  a.stop();
  b.stop();
  await floor.close();
}
const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)] ?? NaN;
const floorRuns = runs.get("floor")!;
for (const [key, r] of runs) {
  const heading = median(r.heading);
  const ms = median(r.ms);
  const bytes = median(r.bytes);
  // Both times as ratios to the floor's first button, as the wire bench's goals are.
  console.log(`${key.padEnd(10)} heading ${String(heading).padStart(6)} ms ${(heading / median(floorRuns.ms)).toFixed(2)}x  button ${String(ms).padStart(6)} ms ${(ms / median(floorRuns.ms)).toFixed(2)}x  ${(bytes / 1024).toFixed(1)} KB ${(bytes / median(floorRuns.bytes)).toFixed(2)}x  runs ${r.ms.join(" ")}`);
}
