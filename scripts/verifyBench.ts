/**
 * Verification figures of `npm run bench` (and alone: `node build.mjs && BENCH_ONLY=verify
 * npx tsx scripts/bench.ts`):
 * 1. cost on one thread (scripts/verifyCost.ts): a 5 s recording verified in-process in each
 *    mode; goal at most 1.5 s (median wall time) on one core;
 * 2. upload to verdict on the built service (scripts/verifyService.ts), one upload and
 *    BENCH_VERIFY_CONCURRENT (8) at once, with the default pool;
 * 3. latency of cheap requests while those verify, and with nothing verifying; goal p95 under
 *    100 ms.
 * The machine's load average is recorded with each part: on 2 cores, anything else running
 * (tests, builds) slows every figure here.
 *
 * Env: BENCH_VERIFY_RUNS (5 a mode), BENCH_VERIFY_SINGLE (3), BENCH_VERIFY_CONCURRENT (8),
 * BENCH_VERIFY_PORT (BENCH_PORT + 1, else 8192).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { makeFaceClip } from "./verifyBenchMedia";
import { measureVerifyCost, type CostFigures } from "./verifyCost";
import { measureService, type ServiceFigures } from "./verifyService";
import { saveBenchPart } from "./benchResults";

const COST_GOAL_MS = 1500;
const LATENCY_GOAL_P95_MS = 100;

interface VerificationFigures {
  cost: CostFigures & { goalMs: number; met: boolean; loadAverage: { before: number[]; after: number[] } };
  service: ServiceFigures & { latencyGoalP95Ms: number; met: boolean; loadAverage: { before: number[]; after: number[] } };
}

const load = () => loadavg().map((x) => Math.round(x * 100) / 100);

/** Runs the verification figures (a few minutes on 2 cores). */
export async function measureVerification(): Promise<VerificationFigures> {
  const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
  const dir = mkdtempSync(join(tmpdir(), "faceflow-bench-clip-"));
  try {
    const clip = await makeFaceClip(dir, "1234", "face");
    const costBefore = load();
    const cost = await measureVerifyCost({ clip: clip.file, runs: env("BENCH_VERIFY_RUNS", 5) });
    const costAfter = load();
    const port = env("BENCH_VERIFY_PORT", process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) + 1 : 8192);
    const service = await measureService({ port, clip: clip.file, singleRuns: env("BENCH_VERIFY_SINGLE", 3), concurrent: env("BENCH_VERIFY_CONCURRENT", 8) });
    const serviceAfter = load();
    return {
      cost: { ...cost, goalMs: COST_GOAL_MS, met: cost.modes.every((m) => m.totalMs.median <= COST_GOAL_MS), loadAverage: { before: costBefore, after: costAfter } },
      service: {
        ...service,
        latencyGoalP95Ms: LATENCY_GOAL_P95_MS,
        met: service.concurrent.latency.all.p95 < LATENCY_GOAL_P95_MS && service.concurrent.latency.notOk === 0,
        loadAverage: { before: costAfter, after: serviceAfter },
      },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The table lines of the figures. */
export function verificationLines(v: VerificationFigures): string[] {
  const { cost, service } = v;
  const lines = [
    `verification cost      one thread, in-process verifyMedia, ${cost.recordingSeconds.toFixed(1)} s 640x480 VP8 WebM of the face photo; median of ${cost.runsPerMode} after a warm-up; load ${cost.loadAverage.before[0]} → ${cost.loadAverage.after[0]}`,
    `  mode      frames  total ms (min-max)   ms/rec s  decode  analyse  listen  decide  rest  Human/frame plain|describe (CPU)   CPU ms (ffmpeg)  verdict`,
  ];
  for (const m of cost.modes) {
    const frame = `${m.frameMs.plain}|${m.frameMs.describe ?? "-"} (${m.frameCpuMs.plain}|${m.frameCpuMs.describe ?? "-"})`;
    lines.push(
      `  ${m.mode.padEnd(9)} ${String(m.frames).padStart(6)}  ${`${m.totalMs.median} (${m.totalMs.min}-${m.totalMs.max})`.padEnd(19)}  ${String(m.msPerRecordingSecond).padStart(8)}  ` +
        `${String(m.stepsMs.decode).padStart(6)}  ${String(m.stepsMs.analyse).padStart(7)}  ${String(m.stepsMs.listen).padStart(6)}  ${String(m.stepsMs.decide).padStart(6)}  ${String(m.stepsMs.rest).padStart(4)}  ` +
        `${frame.padEnd(33)}  ${`${m.cpuMs.process + m.cpuMs.ffmpeg} (${m.cpuMs.ffmpeg})`.padEnd(15)}  ${m.code}${m.iris ? " (iris)" : ""}`,
    );
  }
  lines.push(`  one-off per thread: Human models ${cost.loadMs.human} ms, voice detector ${cost.loadMs.voice} ms (loaded when the service starts)`);
  lines.push(`  goal ${cost.met ? "met" : "NOT met"}: a ${cost.recordingSeconds.toFixed(0)} s recording verified in at most ${cost.goalMs} ms on one core (median, every mode)`);
  const ms = (s: { min: number; median: number; max: number }) => `${s.min} / ${s.median} / ${s.max} ms`;
  const lat = (l: { all: { median: number; p95: number; max: number }; requests: number; notOk: number }) =>
    `p50 ${l.all.median}, p95 ${l.all.p95}, max ${l.all.max} ms over ${l.requests} requests${l.notOk ? ` (${l.notOk} not 200)` : ""}`;
  const c = service.concurrent;
  const codes = (runs: { passed: boolean; code: string }[]) => `${runs.filter((r) => r.passed).length}/${runs.length} passed`;
  lines.push(
    `upload to verdict      built service, ${service.workers} verification threads, number mode 5 s recording, sent → judged (long poll); load ${service.loadAverage.before[0]} → ${service.loadAverage.after[0]}`,
    `  1 upload             ${ms(service.single.ms)} (min / median / max of ${service.single.runs.length}, one at a time; upload answered in ${ms(service.single.acceptedMs)}; ${codes(service.single.runs)})`,
    `  ${c.uploads} at once            ${ms(c.ms)} (upload answered in ${ms(c.acceptedMs)}; ${codes(c.runs)})`,
    `other requests         GET / and GET /api/v1/config by turns every ~20 ms, one at a time`,
    `  nothing verifying    ${lat(service.baseline)}`,
    `  ${c.uploads} verifying         ${lat(c.latency)}`,
    `    while uploading    ${lat(c.latency.whileUploading)}`,
    `    while verifying    ${lat(c.latency.whileVerifying)}`,
    `  goal ${service.met ? "met" : "NOT met"}: p95 under ${service.latencyGoalP95Ms} ms while ${c.uploads} recordings verify`,
  );
  return lines;
}

/** BENCH_ONLY=verify: measure, print, and put the figures into bench-results.json beside the others. */
export async function runVerificationOnly(): Promise<void> {
  const figures = await measureVerification();
  saveBenchPart("verification", figures);
  console.log(verificationLines(figures).join("\n"));
}
