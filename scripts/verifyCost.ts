/**
 * Verification cost on one thread (`npm run bench`, scripts/verifyBench.ts): verifyMedia run
 * in this process with the real decoder (ffmpeg), face analysis (Human on tfjs wasm) and voice
 * detector (Silero VAD), built as the worker thread builds them (mediaVerifierDeps.ts), on one
 * recording per row (scripts/verifyBenchTakes.ts: a SYNTHETIC bona fide take per mode), after
 * one unmeasured run of it.
 *
 * The split of each run's wall time:
 * - decode: the ffmpeg run, frames and audio read back (and the reference photo's still);
 * - analyse: Human, frame by frame (and on the reference photo);
 * - signals: the rest of the frame analysis, every decoded frame's pixel signals and the cut
 *   search (analyseFrames.ts, from the end of the decode to its last progress, Human's time taken out);
 * - listen: voice detection and any recogniser;
 * - decide: from the "deciding" step to the verdict (every check, and the replay fingerprint);
 * - rest: the remainder (copies of the media, waiting).
 * CPU is counted too: this process's, and the ffmpeg children's (from /proc/self/stat), so "on
 * one core" can be read as CPU time, not only wall time.
 */
import { execFileSync } from "node:child_process";
import { readFileSync, statSync } from "node:fs";
import { basename, dirname } from "node:path";
import { captureFileSchema } from "../schemas/capture";
import { checksFileSchema } from "../schemas/checks";
import type { VerifyAsk, VerifyJobInput, VerifyResult } from "../schemas/verifyJob";
import { resolveFfmpeg } from "../src/server/media/decode/ffmpegBinary";
import { probeMedia } from "../src/server/media/decode/probeMedia";
import { createLocalMediaStore } from "../src/server/media/store/localMediaStore";
import type { AnalysisOptions } from "../src/server/verify/frameAnalyzer";
import { createCheckPlan, type CheckPlan } from "../src/server/verify/checks/checkPlan";
import { createServerCheckRegistry } from "../src/server/verify/checks/registry";
import { createMediaVerifierDeps } from "../src/server/verify/mediaVerifierDeps";
import { verifyMedia, type MediaVerifierDeps } from "../src/server/verify/verifyMedia";
import { readFlowJson } from "./flowFiles";
import { median, spread, type Spread } from "./verifyBenchMedia";

/** One recording to verify, and the verdict it must get. */
export interface CostRow {
  /** The table's row, e.g. "silent" or "still photo". */
  label: string;
  /** All media files in one folder (the bench's own). */
  file: string;
  ask: VerifyAsk;
  /** A reference photo beside the recording (the reference check runs), or none. */
  referencePhoto: string | null;
  expect: "pass" | "fail";
}

type FrameKind = "detect" | "track" | "scored" | "describe";

interface Run {
  totalMs: number;
  decodeMs: number;
  analyseMs: number;
  signalsMs: number;
  listenMs: number;
  decideMs: number;
  frameMs: { ms: number; cpuMs: number; kind: FrameKind; iris: boolean; detector: boolean }[];
  cpuMs: number;
  ffmpegCpuMs: number;
  result: VerifyResult;
}

interface RowCost {
  label: string;
  seconds: number;
  /** Frames decoded; Human's calls per run, in all and by kind (a frame looked at again counts twice). */
  frames: { decoded: number | null; analysed: number; byKind: Record<FrameKind, number> };
  /** Human's calls (first run) that ran the detector (whatever else they ran: a scored or described call may detect or track), and those with the iris model. */
  detectorCalls: number;
  irisCalls: number;
  reference: boolean;
  /** The verdict's code, and whether it is the one the row expects. */
  code: string;
  passed: boolean;
  asExpected: boolean;
  /** Checks of the mode's list (flows/checks.json) that the verdict judged, and those it did not (nothing to judge, or a failure before them). */
  judged: string[];
  notJudged: string[];
  failed: string[];
  totalMs: Spread;
  msPerRecordingSecond: number;
  /** Medians over the runs of each step's share. */
  stepsMs: { decode: number; analyse: number; signals: number; listen: number; decide: number; rest: number };
  /** Human per call, wall and CPU median: detector and mesh, mesh following the faces found (no detector), with the anti-spoofing and liveness scores, with the identity descriptor. */
  frameMs: Record<FrameKind, number | null>;
  frameCpuMs: Record<FrameKind, number | null>;
  /** Median CPU of this process and of ffmpeg per recording. */
  cpuMs: { process: number; ffmpeg: number; perRecordingSecond: number };
}

export interface CostFigures {
  runsPerRow: number;
  /** One-off loads per thread (done by the service when it starts). */
  loadMs: { human: number; voice: number };
  rows: RowCost[];
}

const TICK_MS = 1000 / Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim() || 100);

/** CPU ms of this process's waited-for children (cutime + cstime, fields 16 and 17 of /proc/self/stat). */
function childCpuMs(): number {
  const stat = readFileSync("/proc/self/stat", "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[13]) + Number(fields[14])) * TICK_MS;
}

function processCpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

const kindOf = (options: AnalysisOptions): FrameKind => (options.describe ? "describe" : options.scores ? "scored" : options.track ? "track" : "detect");

/** The deps with each part timed into `run`, and the decoder's end and its frame count noted in `marks`. */
function timedDeps(deps: MediaVerifierDeps, run: Run, marks: { decodedAt: number; frames: number | null }): MediaVerifierDeps {
  const time = async <T>(add: (ms: number) => void, work: () => Promise<T>): Promise<T> => {
    const start = performance.now();
    try {
      return await work();
    } finally {
      add(performance.now() - start);
    }
  };
  const recognizer = deps.recognizer;
  return {
    ...deps,
    decoder: {
      decode: async (file, probe, options) => {
        const media = await time((ms) => (run.decodeMs += ms), () => deps.decoder.decode(file, probe, options));
        marks.decodedAt = performance.now();
        marks.frames = media.frames.length;
        return media;
      },
      decodeStill: (file, maxWidth) => time((ms) => (run.decodeMs += ms), () => deps.decoder.decodeStill(file, maxWidth)),
    },
    analyzer: async () => {
      const analyzer = await deps.analyzer();
      return {
        analyze: (frame, options: AnalysisOptions) => {
          const cpu = processCpuMs();
          const add = (ms: number) => {
            run.analyseMs += ms;
            run.frameMs.push({ ms, cpuMs: processCpuMs() - cpu, kind: kindOf(options), iris: options.iris, detector: options.track !== true });
          };
          return time(add, () => analyzer.analyze(frame, options));
        },
      };
    },
    detectVoice: (samples) => time((ms) => (run.listenMs += ms), () => deps.detectVoice(samples)),
    recognizer: recognizer && { name: recognizer.name, recognize: (audio, rate) => time((ms) => (run.listenMs += ms), () => recognizer.recognize(audio, rate)) },
  };
}

async function runOnce(deps: MediaVerifierDeps, input: VerifyJobInput): Promise<Run & { decodedFrames: number | null }> {
  const run: Run = { totalMs: 0, decodeMs: 0, analyseMs: 0, signalsMs: 0, listenMs: 0, decideMs: 0, frameMs: [], cpuMs: 0, ffmpegCpuMs: 0, result: undefined as unknown as VerifyResult };
  const marks = { decodedAt: NaN, frames: null as number | null };
  let decidingAt = NaN;
  let analysedAt = NaN;
  let humanAtAnalysed = 0;
  const cpu = processCpuMs();
  const children = childCpuMs();
  const start = performance.now();
  run.result = await verifyMedia(input, timedDeps(deps, run, marks), (step) => {
    if (step === "deciding") decidingAt = performance.now();
    // The last "analysing" report is analyseFrames' end (its share 1): the frame analysis is over.
    if (step === "analysing") {
      analysedAt = performance.now();
      humanAtAnalysed = run.analyseMs;
    }
  });
  const end = performance.now();
  run.totalMs = end - start;
  run.decideMs = end - decidingAt;
  run.signalsMs = analysedAt - marks.decodedAt - humanAtAnalysed;
  run.cpuMs = processCpuMs() - cpu;
  run.ffmpegCpuMs = childCpuMs() - children;
  return { ...run, decodedFrames: marks.frames };
}

const round1 = (x: number) => Math.round(x * 10) / 10;
const FRAME_KINDS: readonly FrameKind[] = ["detect", "track", "scored", "describe"];

function countKinds(frames: Run["frameMs"]): Record<FrameKind, number> {
  return Object.fromEntries(FRAME_KINDS.map((k) => [k, frames.filter((f) => f.kind === k).length])) as Record<FrameKind, number>;
}

function summarise(row: CostRow, plan: CheckPlan, runs: (Run & { decodedFrames: number | null })[], seconds: number): RowCost {
  const pick = (f: (r: Run) => number) => median(runs.map(f));
  const frames = runs.flatMap((r) => r.frameMs);
  const framePart = (kind: FrameKind, f: (x: Run["frameMs"][number]) => number) => {
    const xs = frames.filter((x) => x.kind === kind).map(f);
    return xs.length ? round1(median(xs)) : null;
  };
  const steps = { decode: pick((r) => r.decodeMs), analyse: pick((r) => r.analyseMs), signals: pick((r) => r.signalsMs), listen: pick((r) => r.listenMs), decide: pick((r) => r.decideMs) };
  const total = spread(runs.map((r) => r.totalMs));
  const cpu = pick((r) => r.cpuMs + r.ffmpegCpuMs);
  const first = runs[0] as Run & { decodedFrames: number | null };
  const listed = plan.checksFor(row.ask).map((c) => c.name);
  const inVerdict = new Set(first.result.checks.map((c) => c.name));
  const codes = new Set(runs.map((r) => `${r.result.passed}/${r.result.code}`));
  const consistent = codes.size === 1;
  const passed = runs.every((r) => r.result.passed);
  return {
    label: row.label,
    seconds,
    frames: { decoded: first.decodedFrames, analysed: first.frameMs.length, byKind: countKinds(first.frameMs) },
    detectorCalls: first.frameMs.filter((f) => f.detector).length,
    irisCalls: first.frameMs.filter((f) => f.iris).length,
    reference: row.referencePhoto !== null,
    code: consistent ? first.result.code : [...codes].join(" | "),
    passed,
    asExpected: consistent && passed === (row.expect === "pass"),
    judged: listed.filter((n) => inVerdict.has(n)),
    notJudged: listed.filter((n) => !inVerdict.has(n)),
    failed: first.result.checks.filter((c) => !c.passed).map((c) => `${c.name}: ${c.detail}`),
    totalMs: total,
    msPerRecordingSecond: Math.round(total.median / seconds),
    stepsMs: {
      decode: Math.round(steps.decode),
      analyse: Math.round(steps.analyse),
      signals: Math.round(steps.signals),
      listen: Math.round(steps.listen),
      decide: Math.round(steps.decide),
      rest: Math.round(pick((r) => r.totalMs - r.decodeMs - r.analyseMs - r.signalsMs - r.listenMs - r.decideMs)),
    },
    frameMs: Object.fromEntries(FRAME_KINDS.map((k) => [k, framePart(k, (x) => x.ms)])) as Record<FrameKind, number | null>,
    frameCpuMs: Object.fromEntries(FRAME_KINDS.map((k) => [k, framePart(k, (x) => x.cpuMs)])) as Record<FrameKind, number | null>,
    cpuMs: { process: Math.round(pick((r) => r.cpuMs)), ffmpeg: Math.round(pick((r) => r.ffmpegCpuMs)), perRecordingSecond: Math.round(cpu / seconds) },
  };
}

/**
 * Verifies each row's recording `runs` times (after one unmeasured run), all in this thread.
 * @example await measureVerifyCost({ rows: [{ label: "silent", file, ask, referencePhoto: null, expect: "pass" }], runs: 5 })
 */
export async function measureVerifyCost(options: { rows: readonly CostRow[]; runs: number }): Promise<CostFigures> {
  const [firstRow] = options.rows;
  if (firstRow === undefined) throw new Error("measureVerifyCost: no rows");
  const dir = dirname(firstRow.file);
  const limits = captureFileSchema.parse(readFlowJson("flows/capture.json"));
  const ffmpegPath = resolveFfmpeg(process.env, { release: false, log: (m) => console.warn(m) }).path;
  const plan = createCheckPlan(checksFileSchema.parse(readFlowJson("flows/checks.json")), createServerCheckRegistry());
  const { deps } = createMediaVerifierDeps({ media: createLocalMediaStore(dir), ffmpegPath, limits, checks: plan, env: process.env });
  let start = performance.now();
  await deps.analyzer();
  const human = performance.now() - start;
  start = performance.now();
  await deps.detectVoice(new Float32Array(512));
  const voice = performance.now() - start;

  const rows: RowCost[] = [];
  for (const row of options.rows) {
    for (const f of [row.file, row.referencePhoto]) if (f !== null && dirname(f) !== dir) throw new Error(`measureVerifyCost: ${f} is not in ${dir}`);
    const probe = await probeMedia(ffmpegPath, row.file, { timeoutMs: 10_000 });
    const input: VerifyJobInput = {
      attemptId: 1,
      orderNo: "BENCH",
      source: { kind: "recording", path: basename(row.file), bytes: statSync(row.file).size, probe },
      ask: row.ask,
      referencePhoto: row.referencePhoto === null ? null : basename(row.referencePhoto),
      platform: "other",
    };
    await runOnce(deps, input); // warm-up: first use of this mode's models and paths
    const runs: (Run & { decodedFrames: number | null })[] = [];
    for (let i = 0; i < options.runs; i++) runs.push(await runOnce(deps, input));
    rows.push(summarise(row, plan, runs, probe.durationMs / 1000));
  }
  return { runsPerRow: options.runs, loadMs: { human: Math.round(human), voice: Math.round(voice) }, rows };
}
