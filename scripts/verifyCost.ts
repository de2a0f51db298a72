/**
 * Verification cost on one thread (`npm run bench`, scripts/verifyBench.ts): verifyMedia run
 * in this process with the real decoder (ffmpeg), face analysis (Human on tfjs wasm) and voice
 * detector (Silero VAD), built as the worker thread builds them (mediaVerifierDeps.ts), on a
 * 5 s recording in each mode, after one unmeasured run per mode.
 *
 * Each dependency is wrapped to time its share: decode (the ffmpeg run, frames and audio read
 * back), analyse (Human, frame by frame), listen (voice detection and any recogniser), decide
 * (from the "deciding" step to the verdict). CPU is counted too: this process's, and the
 * ffmpeg children's (from /proc/self/stat), so "per core" means CPU time, not only wall time.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { basename, dirname } from "node:path";
import { captureFileSchema } from "../schemas/capture";
import { checksFileSchema } from "../schemas/checks";
import type { VerifyAsk, VerifyJobInput } from "../schemas/verifyJob";
import { resolveFfmpeg } from "../src/server/media/decode/ffmpegBinary";
import { probeMedia } from "../src/server/media/decode/probeMedia";
import { createLocalMediaStore } from "../src/server/media/store/localMediaStore";
import type { AnalysisOptions } from "../src/server/verify/frameAnalyzer";
import { createCheckPlan } from "../src/server/verify/checks/checkPlan";
import { createServerCheckRegistry } from "../src/server/verify/checks/registry";
import { createMediaVerifierDeps } from "../src/server/verify/mediaVerifierDeps";
import { verifyMedia, type MediaVerifierDeps } from "../src/server/verify/verifyMedia";
import { readFlowJson } from "./flowFiles";
import { median, spread, type Spread } from "./verifyBenchMedia";

const ASKS = {
  silent: { liveType: "3", actions: [], digits: null, will: null, prompts: [], requireSpeech: false, light: null, lightShown: [] },
  number: { liveType: "1", actions: [], digits: "1234", will: null, prompts: [{ what: "digits", atMs: 0 }], requireSpeech: false, light: null, lightShown: [] },
  "action 1": { liveType: "2", actions: ["1"], digits: null, will: null, prompts: [{ what: "action", action: "1", atMs: 500 }], requireSpeech: false, light: null, lightShown: [] },
  "action 2": { liveType: "2", actions: ["2"], digits: null, will: null, prompts: [{ what: "action", action: "2", atMs: 500 }], requireSpeech: false, light: null, lightShown: [] },
} as const satisfies Record<string, VerifyAsk>;
type CostMode = keyof typeof ASKS;

interface Run {
  totalMs: number;
  decodeMs: number;
  analyseMs: number;
  listenMs: number;
  decideMs: number;
  frameMs: { ms: number; cpuMs: number; describe: boolean }[];
  cpuMs: number;
  ffmpegCpuMs: number;
  code: string;
}

interface ModeCost {
  mode: CostMode;
  frames: number;
  iris: boolean;
  /** The verdict's code on this still photo (it judges the photo, it is not the figure asked for). */
  code: string;
  totalMs: Spread;
  msPerRecordingSecond: number;
  /** Medians over the runs of each step's share. */
  stepsMs: { decode: number; analyse: number; listen: number; decide: number; rest: number };
  /** Human per frame, wall and CPU: plain frames, and the few that also compute the identity descriptor. */
  frameMs: { plain: number; describe: number | null };
  frameCpuMs: { plain: number; describe: number | null };
  /** Median CPU of this process and of ffmpeg per recording. */
  cpuMs: { process: number; ffmpeg: number; perRecordingSecond: number };
}

export interface CostFigures {
  recordingSeconds: number;
  runsPerMode: number;
  /** One-off loads per thread (done by the service when it starts). */
  loadMs: { human: number; voice: number };
  modes: ModeCost[];
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

/** The deps with each part timed into `run`. */
function timedDeps(deps: MediaVerifierDeps, run: Run): MediaVerifierDeps {
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
      decode: (file, probe, options) => time((ms) => (run.decodeMs += ms), () => deps.decoder.decode(file, probe, options)),
      decodeStill: (file, maxWidth) => deps.decoder.decodeStill(file, maxWidth),
    },
    analyzer: async () => {
      const analyzer = await deps.analyzer();
      return {
        analyze: (frame, options: AnalysisOptions) => {
          const cpu = processCpuMs();
          const add = (ms: number) => {
            run.analyseMs += ms;
            run.frameMs.push({ ms, cpuMs: processCpuMs() - cpu, describe: options.describe });
          };
          return time(add, () => analyzer.analyze(frame, options));
        },
      };
    },
    detectVoice: (samples) => time((ms) => (run.listenMs += ms), () => deps.detectVoice(samples)),
    recognizer: recognizer && { name: recognizer.name, recognize: (audio, rate) => time((ms) => (run.listenMs += ms), () => recognizer.recognize(audio, rate)) },
  };
}

async function runOnce(deps: MediaVerifierDeps, input: VerifyJobInput): Promise<Run> {
  const run: Run = { totalMs: 0, decodeMs: 0, analyseMs: 0, listenMs: 0, decideMs: 0, frameMs: [], cpuMs: 0, ffmpegCpuMs: 0, code: "" };
  let decidingAt = NaN;
  const cpu = processCpuMs();
  const children = childCpuMs();
  const start = performance.now();
  const result = await verifyMedia(input, timedDeps(deps, run), (step) => {
    if (step === "deciding") decidingAt = performance.now();
  });
  const end = performance.now();
  run.totalMs = end - start;
  run.decideMs = end - decidingAt;
  run.cpuMs = processCpuMs() - cpu;
  run.ffmpegCpuMs = childCpuMs() - children;
  run.code = result.code;
  return run;
}

function summarise(mode: CostMode, runs: Run[], seconds: number, iris: boolean): ModeCost {
  const pick = (f: (r: Run) => number) => median(runs.map(f));
  const frames = runs.flatMap((r) => r.frameMs);
  const framePart = (describe: boolean, f: (x: Run["frameMs"][number]) => number) => {
    const xs = frames.filter((x) => x.describe === describe).map(f);
    return xs.length ? Math.round(median(xs) * 10) / 10 : null;
  };
  const steps = { decode: pick((r) => r.decodeMs), analyse: pick((r) => r.analyseMs), listen: pick((r) => r.listenMs), decide: pick((r) => r.decideMs) };
  const total = spread(runs.map((r) => r.totalMs));
  const cpu = pick((r) => r.cpuMs + r.ffmpegCpuMs);
  return {
    mode,
    frames: runs[0]?.frameMs.length ?? 0,
    iris,
    code: runs[0]?.code ?? "",
    totalMs: total,
    msPerRecordingSecond: Math.round(total.median / seconds),
    stepsMs: {
      decode: Math.round(steps.decode),
      analyse: Math.round(steps.analyse),
      listen: Math.round(steps.listen),
      decide: Math.round(steps.decide),
      rest: Math.round(pick((r) => r.totalMs - r.decodeMs - r.analyseMs - r.listenMs - r.decideMs)),
    },
    frameMs: { plain: framePart(false, (x) => x.ms) ?? NaN, describe: framePart(true, (x) => x.ms) },
    frameCpuMs: { plain: framePart(false, (x) => x.cpuMs) ?? NaN, describe: framePart(true, (x) => x.cpuMs) },
    cpuMs: { process: Math.round(pick((r) => r.cpuMs)), ffmpeg: Math.round(pick((r) => r.ffmpegCpuMs)), perRecordingSecond: Math.round(cpu / seconds) },
  };
}

/**
 * Verifies `clip` (a 5 s recording with the digits 1234 spoken) `runs` times in each mode.
 * @example await measureVerifyCost({ clip: "/tmp/x/face.webm", runs: 5 })
 */
export async function measureVerifyCost(options: { clip: string; runs: number; modes?: readonly CostMode[] }): Promise<CostFigures> {
  const limits = captureFileSchema.parse(readFlowJson("flows/capture.json"));
  const ffmpegPath = resolveFfmpeg(process.env, { release: false, log: (m) => console.warn(m) }).path;
  const checks = createCheckPlan(checksFileSchema.parse(readFlowJson("flows/checks.json")), createServerCheckRegistry());
  const { deps } = createMediaVerifierDeps({ media: createLocalMediaStore(dirname(options.clip)), ffmpegPath, limits, checks, env: process.env });
  let start = performance.now();
  await deps.analyzer();
  const human = performance.now() - start;
  start = performance.now();
  await deps.detectVoice(new Float32Array(512));
  const voice = performance.now() - start;

  const probe = await probeMedia(ffmpegPath, options.clip, { timeoutMs: 10_000 });
  const seconds = probe.durationMs / 1000;
  const bytes = readFileSync(options.clip).length;
  const modes: ModeCost[] = [];
  for (const mode of options.modes ?? (Object.keys(ASKS) as CostMode[])) {
    const ask = ASKS[mode];
    const input: VerifyJobInput = {
      attemptId: 1,
      orderNo: "BENCH",
      source: { kind: "recording", path: basename(options.clip), bytes, probe },
      ask: { ...ask, actions: [...ask.actions], prompts: [...ask.prompts] },
      referencePhoto: null,
      platform: "other",
    };
    await runOnce(deps, input); // warm-up: first use of this mode's models and paths
    const runs: Run[] = [];
    for (let i = 0; i < options.runs; i++) runs.push(await runOnce(deps, input));
    modes.push(summarise(mode, runs, seconds, input.ask.actions.includes("2")));
  }
  return { recordingSeconds: seconds, runsPerMode: options.runs, loadMs: { human: Math.round(human), voice: Math.round(voice) }, modes };
}
