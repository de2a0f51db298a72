/**
 * `BENCH_ONLY=attacks npm run bench`: the presentation-attack table. Starts the built service
 * (dist/server/main.mjs, fresh store, test environment), then runs every case of
 * attackCases.ts as a modified client would, ATTACK_CONCURRENCY (2) at a time, each order's
 * page on its own loopback address (the per-address rate limits count each apart), prints the
 * table (attackTable.ts) and writes it to bench-results.json under "attacks".
 *
 * Env: ATTACK_VARIANTS (10: variants per attack row and bona fide attempts per cell; 2 for a
 * smoke run of a few minutes), ATTACK_CONCURRENCY (2), ATTACK_FAMILIES (comma-separated family
 * keys of attackCases.ts FAMILIES, e.g. "stillPhoto,bonaFide"; all by default),
 * BENCH_ATTACK_PORT (8197), ATTACK_SERVICE_DIR (where dist/server/main.mjs is; the current
 * directory by default: another checkout's build, to measure a branch).
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { createFaceflowPartner } from "@faceflow/partner";
import { BUILT_IN_DEMO_SECRET, DEMO_APP_ID } from "../../src/server/apps";
import { saveBenchPart } from "../benchResults";
import { benchCases, FAMILIES, type BenchCase, type CaseContext, type Family } from "./attackCases";
import { openAttempt, type OpenAttempt } from "./attemptClient";
import { attackLines, outcomeOf, summarise, type Outcome } from "./attackTable";
import { createPhotoLibrary } from "./photoFrames";

interface Service {
  base: string;
  stop(): void;
  stderr(): string;
}

async function startService(port: number, dir: string): Promise<Service> {
  const base = `http://127.0.0.1:${port}`;
  const child = spawn("node", ["dist/server/main.mjs"], {
    cwd: process.env.ATTACK_SERVICE_DIR ?? process.cwd(),
    env: { ...process.env, HOST: "127.0.0.1", PORT: String(port), FACEFLOW_DB: join(dir, "db.sqlite"), FACEFLOW_MEDIA: join(dir, "media"), FACEFLOW_ENV: "test" },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (c: Buffer) => void (stderr = (stderr + c.toString()).slice(-4000)));
  const service = { base, stop: () => void child.kill(), stderr: () => stderr };
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${base}/`)).ok) return service;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  service.stop();
  throw new Error(`the service did not start: ${stderr}`);
}

const load = () => Math.round((loadavg()[0] ?? 0) * 100) / 100;

function familiesFromEnv(): Family[] | null {
  const raw = process.env.ATTACK_FAMILIES;
  if (!raw) return null;
  const names = raw.split(",").map((s) => s.trim());
  for (const n of names) if (!(n in FAMILIES)) throw new Error(`ATTACK_FAMILIES: unknown family "${n}"; there are: ${Object.keys(FAMILIES).join(", ")}`);
  return names as Family[];
}

/** Runs `cases` `concurrency` at a time; a case that throws is recorded as not run. */
async function runCases(cases: readonly BenchCase[], ctx: CaseContext, concurrency: number): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < cases.length; i = next++) {
      const c = cases[i] as BenchCase;
      const start = performance.now();
      let result: Outcome["result"];
      try {
        result = await c.run(ctx, `case${i}`);
      } catch (error) {
        result = { error: error instanceof Error ? error.message : String(error) };
      }
      const outcome = outcomeOf(c, result, performance.now() - start);
      outcomes.push(outcome);
      const said = "error" in result ? `NOT RUN ${result.error.slice(0, 160)}` : `${result.passed ? "PASSED" : "refused"} ${result.code} ${result.failed.join(",")}`;
      console.error(`[${outcomes.length}/${cases.length}] ${c.family} ${c.mode} ${c.channel} ${c.kind}: ${said} (${Math.round(outcome.totalMs)} ms)`);
      // A bona fide refusal says why: the table counts it, the lab (scripts/presence/) needs the figures.
      if (!("error" in result) && c.family === "bonaFide" && !result.passed && result.why) console.error(`    why: ${result.why}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return outcomes;
}

export async function runAttacksOnly(): Promise<void> {
  const variants = Number(process.env.ATTACK_VARIANTS ?? 10);
  const concurrency = Number(process.env.ATTACK_CONCURRENCY ?? 2);
  const port = Number(process.env.BENCH_ATTACK_PORT ?? 8197);
  const dir = mkdtempSync(join(tmpdir(), "faceflow-bench-attacks-"));
  const service = await startService(port, join(dir, "service"));
  const partner = createFaceflowPartner({ baseUrl: service.base, appId: DEMO_APP_ID, secret: BUILT_IN_DEMO_SECRET });
  const photos = createPhotoLibrary();
  const clients: OpenAttempt["client"][] = [];
  let addresses = 0;
  const ctx: CaseContext = {
    dir,
    base: service.base,
    photos,
    async open(spec) {
      // 127.1.x.y, a fresh one per order: the service's rate limits count per address, as for real users.
      const n = addresses++;
      const attempt = await openAttempt(service.base, partner, `127.1.${Math.floor(n / 250)}.${(n % 250) + 1}`, spec);
      clients.push(attempt.client);
      return attempt;
    },
  };
  const loadBefore = load();
  const started = performance.now();
  try {
    const cases = benchCases(variants, photos.ids, familiesFromEnv());
    console.error(`attack bench: ${cases.length} cases, ${concurrency} at a time, service ${service.base}`);
    const outcomes = await runCases(cases, ctx, concurrency);
    const wallMs = performance.now() - started;
    const rows = summarise(outcomes);
    const meta = { variants, loadBefore, loadAfter: load(), wallMs };
    saveBenchPart("attacks", {
      ...meta,
      rows,
      cases: outcomes.map((o) => ({ family: o.family, mode: o.mode, channel: o.channel, kind: o.kind, lighting: o.lighting, totalMs: Math.round(o.totalMs), ...("error" in o.result ? { error: o.result.error } : { passed: o.result.passed, code: o.result.code, failed: o.result.failed, ...(o.result.why ? { why: o.result.why } : {}), ...(o.result.note ? { note: o.result.note } : {}) }) })),
    });
    console.log(attackLines(rows, meta).join("\n"));
  } catch (error) {
    console.error(`service stderr:\n${service.stderr()}`);
    throw error;
  } finally {
    for (const c of clients) c.close();
    service.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
