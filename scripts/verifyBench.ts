/**
 * Verification figures of `npm run bench` (and alone: `node build.mjs && BENCH_ONLY=verify
 * npx tsx scripts/bench.ts`), on SYNTHETIC bona fide takes (scripts/verifyBenchTakes.ts): the
 * rendered subject recorded 5 s long in each mode, answering its attempt's own challenge, so
 * that every check of the mode runs to a pass:
 * 1. cost on one thread (scripts/verifyCost.ts): each take verified in-process, with a
 *    reference photo of the subject (the reference check runs too); goal at most 2.0 s (median
 *    wall time after a warm-up run) in every mode, with the split that shows where it goes. A
 *    still photo (silent mode, under the light) is verified beside them and must fail;
 * 2. upload to verdict on the built service (scripts/verifyService.ts): one upload of each mode,
 *    then BENCH_VERIFY_CONCURRENT (8) at once, modes by turns, with the default pool;
 * 3. latency of cheap requests while those arrive and verify, and with nothing verifying, goal
 *    p99 under 100 ms, and the service's main-thread event-loop delay meanwhile.
 * The machine's load average is recorded with each part: on 2 cores, anything else running
 * (tests, builds) slows every figure here.
 *
 * Env: BENCH_VERIFY_RUNS (5 a mode), BENCH_VERIFY_SINGLE (1 of each mode), BENCH_VERIFY_CONCURRENT
 * (8), BENCH_VERIFY_PORT (BENCH_PORT + 1, else 8192), BENCH_VERIFY_PART ("cost" or "service"
 * for one part only).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { captureFileSchema } from "../schemas/capture";
import { subjectPortrait } from "../tests/fixtures/synthTake";
import { lightShownFor } from "./attacks/submission";
import { saveBenchPart } from "./benchResults";
import { readFlowJson } from "./flowFiles";
import { CLIP_SECONDS, makeFaceClip } from "./verifyBenchMedia";
import { COST_MODES, drawChallenge, makeBenchTake, TAKE_SECONDS } from "./verifyBenchTakes";
import { measureVerifyCost, type CostFigures, type CostRow } from "./verifyCost";
import { measureService, type ServiceFigures } from "./verifyService";

const COST_GOAL_MS = 2000;
const LATENCY_GOAL_P99_MS = 100;
/** Seeds of the cost takes: the same takes every run, so runs and branches compare. */
const COST_SEED = 101;

type Load = { before: number[]; after: number[] };

interface VerificationFigures {
  media: string;
  cost: (CostFigures & { goalMs: number; met: boolean; loadAverage: Load }) | null;
  service: (ServiceFigures & { latencyGoalP99Ms: number; met: boolean; loadAverage: Load }) | null;
}

const load = () => loadavg().map((x) => Math.round(x * 100) / 100);
const MEDIA = `SYNTHETIC bona fide subject (tests/fixtures/synth), ${TAKE_SECONDS} s 640x480 15 fps VP8/Opus WebM per mode`;

/** The cost rows: a take of each mode with a reference photo of the subject, and the still photo that must fail. */
async function costRows(dir: string): Promise<CostRow[]> {
  const limits = captureFileSchema.parse(readFlowJson("flows/capture.json"));
  const reference = join(dir, "reference.jpg");
  writeFileSync(reference, await subjectPortrait({ dir, seed: COST_SEED + 50 }));
  const rows: CostRow[] = [];
  for (const mode of COST_MODES) {
    const take = await makeBenchTake({ dir, mode, challenge: drawChallenge(mode, limits, COST_SEED), seed: COST_SEED });
    rows.push({ label: mode, file: take.file, ask: take.ask, referencePhoto: reference, expect: "pass" });
  }
  // The control: a still photo in silent mode under its attempt's light, answering nothing.
  const still = await makeFaceClip(dir, "1234", "still-photo");
  const { light } = drawChallenge("silent", limits, COST_SEED + 1);
  rows.push({
    label: "still photo",
    file: still.file,
    ask: { liveType: "3", actions: [], digits: null, will: null, prompts: [], requireSpeech: false, light, lightShown: lightShownFor(light, 200, CLIP_SECONDS), lightAlternative: false },
    referencePhoto: null,
    expect: "fail",
  });
  return rows;
}

/** Runs the verification figures (several minutes on 2 cores). */
export async function measureVerification(): Promise<VerificationFigures> {
  const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
  const part = process.env.BENCH_VERIFY_PART;
  if (part !== undefined && part !== "cost" && part !== "service") throw new Error(`BENCH_VERIFY_PART is "${part}"; "cost" or "service", or unset for both`);
  const log = (line: string) => console.error(line);
  const dir = mkdtempSync(join(tmpdir(), "faceflow-bench-clip-"));
  try {
    let cost: VerificationFigures["cost"] = null;
    if (part !== "service") {
      log("verification cost: rendering the SYNTHETIC takes…");
      const rows = await costRows(dir);
      const before = load();
      const figures = await measureVerifyCost({ rows, runs: env("BENCH_VERIFY_RUNS", 5) });
      const bona = figures.rows.filter((r) => r.label !== "still photo");
      cost = {
        ...figures,
        goalMs: COST_GOAL_MS,
        met: bona.every((r) => r.totalMs.median <= COST_GOAL_MS && r.asExpected) && figures.rows.every((r) => r.asExpected),
        loadAverage: { before, after: load() },
      };
    }
    let service: VerificationFigures["service"] = null;
    if (part !== "cost") {
      log("upload to verdict: starting the built service and rendering a SYNTHETIC take per user…");
      const port = env("BENCH_VERIFY_PORT", process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) + 1 : 8192);
      const before = load();
      const figures = await measureService({ port, singleRuns: env("BENCH_VERIFY_SINGLE", 1), concurrent: env("BENCH_VERIFY_CONCURRENT", 8), log });
      const latency = figures.concurrent.latency;
      service = {
        ...figures,
        latencyGoalP99Ms: LATENCY_GOAL_P99_MS,
        met: latency.all.p99 < LATENCY_GOAL_P99_MS && latency.notOk === 0,
        loadAverage: { before, after: load() },
      };
    }
    return { media: MEDIA, cost, service };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const pad = (s: string | number, n: number) => String(s).padStart(n);
const or = (x: number | null) => (x === null ? "-" : String(x));

function costLines(cost: NonNullable<VerificationFigures["cost"]>): string[] {
  const lines = [
    `verification cost      one thread, in-process verifyMedia with the reference photo, median of ${cost.runsPerRow} after a warm-up; load ${cost.loadAverage.before.join(" ")} → ${cost.loadAverage.after.join(" ")}`,
    `  mode         frames Human calls              total ms (min-max)   ms/rec s  decode analyse signals listen decide rest  Human ms/call detect|track|scored|describe   CPU ms (ffmpeg)  verdict`,
  ];
  for (const r of cost.rows) {
    const calls = r.frames.byKind;
    const human = `${r.frames.analysed} (${calls.detect}|${calls.track}|${calls.scored}|${calls.describe}) D${r.detectorCalls} I${r.irisCalls}`;
    const perCall = `${or(r.frameMs.detect)}|${or(r.frameMs.track)}|${or(r.frameMs.scored)}|${or(r.frameMs.describe)}`;
    const verdict = `${r.passed ? "passed" : `failed ${r.code}`}${r.asExpected ? "" : " (NOT AS EXPECTED)"}; ${r.judged.length}/${r.judged.length + r.notJudged.length} checks judged${r.notJudged.length ? ` (not: ${r.notJudged.join(", ")})` : ""}`;
    lines.push(
      `  ${r.label.padEnd(12)} ${pad(r.frames.decoded ?? "-", 6)} ${human.padEnd(26)} ${`${r.totalMs.median} (${r.totalMs.min}-${r.totalMs.max})`.padEnd(19)} ${pad(r.msPerRecordingSecond, 8)}  ` +
        `${pad(r.stepsMs.decode, 6)} ${pad(r.stepsMs.analyse, 7)} ${pad(r.stepsMs.signals, 7)} ${pad(r.stepsMs.listen, 6)} ${pad(r.stepsMs.decide, 6)} ${pad(r.stepsMs.rest, 4)}  ` +
        `${perCall.padEnd(43)} ${`${r.cpuMs.process + r.cpuMs.ffmpeg} (${r.cpuMs.ffmpeg})`.padEnd(15)}  ${verdict}`,
    );
    if (!r.asExpected) for (const f of r.failed) lines.push(`      ${f}`);
  }
  lines.push(
    `  frames: decoded at 15 a second; Human: its calls (detector and mesh | mesh following the faces found | with the anti-spoofing and liveness scores | with the identity descriptor, cut frames and the reference photo), D of them with the detector (scored and described ones included), I with the iris model`,
    `  one-off per thread: Human models ${cost.loadMs.human} ms, voice detector ${cost.loadMs.voice} ms (loaded when the service starts)`,
    `  goal ${cost.met ? "met" : "NOT met"}: a ${TAKE_SECONDS} s recording with every check of its mode in at most ${cost.goalMs} ms on one core (median, every mode; the still photo failing)`,
  );
  return lines;
}

function serviceLines(service: NonNullable<VerificationFigures["service"]>): string[] {
  const ms = (s: { min: number; median: number; max: number }) => `${s.min} / ${s.median} / ${s.max} ms`;
  const lat = (l: { all: { median: number; p95: number; p99: number; max: number }; requests: number; notOk: number }) =>
    `p50 ${l.all.median}, p95 ${l.all.p95}, p99 ${l.all.p99}, max ${l.all.max} ms over ${l.requests} requests${l.notOk ? ` (${l.notOk} not 200)` : ""}`;
  const eld = (e: { p50: number; p99: number; max: number; samples: number }) => `p50 ${e.p50}, p99 ${e.p99}, max ${e.max} ms`;
  const verdicts = (runs: { passed: boolean; code: string; mode: string }[]) =>
    `${runs.filter((r) => r.passed).length}/${runs.length} passed${runs.some((r) => !r.passed) ? ` (failed: ${runs.filter((r) => !r.passed).map((r) => `${r.mode} ${r.code}`).join(", ")})` : ""}`;
  const c = service.concurrent;
  return [
    `upload to verdict      built service, ${service.workers} verification threads, SYNTHETIC ${TAKE_SECONDS} s takes, sent → judged (long poll); load ${service.loadAverage.before.join(" ")} → ${service.loadAverage.after.join(" ")}`,
    ...service.single.runs.map((r) => `  1 upload, ${r.mode.padEnd(7)}  ${Math.round(r.ms)} ms (upload answered in ${Math.round(r.acceptedMs)} ms; ${r.passed ? "passed" : `failed ${r.code}`})`),
    `  ${c.uploads} at once          ${ms(c.ms)} (min / median / max; upload answered in ${ms(c.acceptedMs)}; ${verdicts(c.runs)})`,
    `other requests         GET / and GET /api/v1/config by turns every ~20 ms, one at a time; the service's main-thread event-loop delay (monitorEventLoopDelay)`,
    `  nothing verifying    ${lat(service.baseline)}; event loop ${eld(service.baseline.eventLoop)}`,
    `  ${c.uploads} at once          ${lat(c.latency)}`,
    `    while uploading    ${lat(c.latency.whileUploading)}; event loop ${eld(c.eventLoop.whileUploading)} (stored, probed by ffmpeg from the probe process, queued)`,
    `    while verifying    ${lat(c.latency.whileVerifying)}; event loop ${eld(c.eventLoop.whileVerifying)}`,
    `  goal ${service.met ? "met" : "NOT met"}: p99 under ${service.latencyGoalP99Ms} ms while ${c.uploads} uploads arrive and verify`,
  ];
}

/** The table lines of the figures. */
export function verificationLines(v: VerificationFigures): string[] {
  return [`media                  ${v.media}`, ...(v.cost ? costLines(v.cost) : []), ...(v.service ? serviceLines(v.service) : [])];
}

/** BENCH_ONLY=verify: measure, print, and put the figures into bench-results.json beside the others. */
export async function runVerificationOnly(): Promise<void> {
  const figures = await measureVerification();
  saveBenchPart("verification", figures);
  console.log(verificationLines(figures).join("\n"));
}
