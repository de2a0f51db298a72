/**
 * Verifications per minute on this machine (`BENCH_ONLY=scale npm run bench`, or part of the
 * whole bench): the embedded default (one process, SQLite, its worker threads) and the local
 * cluster on PostgreSQL (two API instances behind the balancer) with one worker instance and
 * with two, each worker with one verification thread. Every run is the same load: real
 * verifications of a 3 s face recording (silent mode, decoded and judged by the models),
 * BENCH_SCALE_COUNT of them (default 60), BENCH_SCALE_CONCURRENCY users at once (default 8),
 * each user from an address of its own. Reported: verifications per minute (first order
 * created to last verdict), and upload-to-verdict p50 and p95.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createFaceflowPartner } from "@faceflow/partner";
import { BUILT_IN_DEMO_SECRET, DEMO_APP_ID } from "../src/server/apps";
import { faceFrameRgba } from "../tests/fixtures/faceImage";
import { makeClip, makeTempDir, removeTempDir } from "../tests/fixtures/mediaMaker";
import { percentile, runLoad, verifyOnce } from "../tests/cluster/clusterLoad";
import { startLocalCluster } from "./cluster/localCluster";
import { saveBenchPart } from "./benchResults";

const COUNT = Number(process.env.BENCH_SCALE_COUNT ?? 60);
const CONCURRENCY = Number(process.env.BENCH_SCALE_CONCURRENCY ?? 8);
const ENTRY = resolve("dist/server/main.mjs");

interface ScaleFigure {
  setup: string;
  verifications: number;
  perMinute: number;
  p50Ms: number;
  p95Ms: number;
}

async function measure(setup: string, baseUrl: string, recording: Buffer): Promise<ScaleFigure> {
  const partner = createFaceflowPartner({ baseUrl, appId: DEMO_APP_ID, secret: BUILT_IN_DEMO_SECRET });
  // One warm-up verification: the workers load their models on their first job.
  await verifyOnce(baseUrl, partner, recording, "10.250.0.1");
  const started = Date.now();
  const runs = await runLoad(COUNT, CONCURRENCY, (i) => verifyOnce(baseUrl, partner, recording, `10.200.${Math.floor(i / 250)}.${(i % 250) + 1}`));
  const minutes = (Date.now() - started) / 60_000;
  const failed = runs.filter((r) => !r.passed).length;
  if (failed > 0) throw new Error(`${setup}: ${failed} of ${COUNT} verifications failed`);
  const times = runs.map((r) => r.uploadToVerdictMs);
  return { setup, verifications: COUNT, perMinute: Math.round((COUNT / minutes) * 10) / 10, p50Ms: percentile(times, 50), p95Ms: percentile(times, 95) };
}

/** The embedded default: the built service with its defaults, a SQLite file and a media directory. */
async function embedded(recording: Buffer): Promise<ScaleFigure> {
  const dir = mkdtempSync(join(tmpdir(), "faceflow-scale-"));
  const port = 8300 + Math.floor(Math.random() * 500);
  const child = spawn(process.execPath, [ENTRY], {
    env: {
      ...process.env,
      PORT: String(port),
      FACEFLOW_DB: join(dir, "faceflow.sqlite"),
      FACEFLOW_MEDIA: join(dir, "media"),
      // As behind a proxy, so each simulated user is its own address for the rate limits.
      FACEFLOW_TRUST_PROXY: "loopback",
    },
    stdio: "ignore",
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; i < 300; i++) {
      const ready = await fetch(`${url}/readyz`).then((r) => r.status === 200).catch(() => false);
      if (ready) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    return await measure("embedded (SQLite, one process, a thread per core)", url, recording);
  } finally {
    child.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  }
}

async function cluster(workers: number, recording: Buffer): Promise<ScaleFigure> {
  const c = await startLocalCluster({ apis: 2, workers, threadsPerWorker: 1 });
  try {
    return await measure(`cluster (PostgreSQL, 2 API instances, ${workers} worker${workers > 1 ? "s" : ""} × 1 thread)`, c.url, recording);
  } finally {
    await c.stop();
  }
}

export async function measureScale(): Promise<ScaleFigure[]> {
  if (!existsSync(ENTRY)) throw new Error("run npm run build first");
  const dir = await makeTempDir();
  try {
    const face = { imageRgba: faceFrameRgba({ width: 640, height: 480 }) };
    const recording = await readFile(await makeClip({ dir, video: face, audio: "sine", seconds: 3, container: "webm-vp8", fps: 20 }));
    const figures: ScaleFigure[] = [];
    figures.push(await embedded(recording));
    figures.push(await cluster(1, recording));
    figures.push(await cluster(2, recording));
    return figures;
  } finally {
    await removeTempDir(dir);
  }
}

export function scaleLines(figures: readonly ScaleFigure[]): string[] {
  const lines = [`verifications per minute (${COUNT} real verifications, ${CONCURRENCY} users at once):`];
  for (const f of figures) lines.push(`  ${f.setup}: ${f.perMinute}/min, upload to verdict p50 ${f.p50Ms} ms, p95 ${f.p95Ms} ms`);
  const one = figures.find((f) => f.setup.includes("1 worker "));
  const two = figures.find((f) => f.setup.includes("2 workers"));
  if (one && two) lines.push(`  one worker to two: ×${(two.perMinute / one.perMinute).toFixed(2)}`);
  return lines;
}

/** BENCH_ONLY=scale: measure, print, and put the figures into bench-results.json beside the others. */
export async function runScaleOnly(): Promise<void> {
  const figures = await measureScale();
  saveBenchPart("scale", figures);
  console.log(scaleLines(figures).join("\n"));
}
