/**
 * Upload-to-verdict figures on the built service (`node dist/server/main.mjs` as a child
 * process, its default pool of one verification thread per core), for scripts/verifyBench.ts.
 * Every user is an order of its own (partner API), logged in from its own loopback address,
 * whose attempt draws its challenge as the page does (digits, light), and whose recording is a
 * SYNTHETIC bona fide take rendered for that challenge (scripts/verifyBenchTakes.ts), 5 s long.
 * All takes are rendered before anything is measured. Then:
 * - 2 uploads at once to warm up (the service loads its models when it starts);
 * - the latency of cheap requests with nothing verifying (the baseline);
 * - one upload of each mode, one after another: from sending the upload to the judged state,
 *   read with the long poll the page uses;
 * - N uploads at once (modes by turns), the same figure, while a probe sends a cheap request
 *   (`GET /` and `GET /api/v1/config` by turns) every ~20 ms, one at a time, until the last
 *   verdict (bounded in count and time).
 * The service's main thread's event-loop delay is read in each of those stretches
 * (scripts/eventLoopDelay.mjs, preloaded into it): while the N uploads arrive (each probed by
 * ffmpeg started by the probe process, src/server/media/probe/) and while they are verified.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { createFaceflowPartner } from "@faceflow/partner";
import type { AttemptState } from "../schemas/api";
import { BUILT_IN_DEMO_SECRET, DEMO_APP_ID } from "../src/server/apps";
import { openAttempt, uploadBody, type OpenAttempt } from "./attacks/attemptClient";
import { mimeTypeOf } from "./attacks/mediaTools";
import { LoopbackClient, type Body } from "./verifyClient";
import { spread, type Spread } from "./verifyBenchMedia";
import { BENCH_ACTIONS, COST_MODES, makeBenchTake, type CostMode } from "./verifyBenchTakes";

const PROBE_INTERVAL_MS = 20;
const PROBE_MAX_REQUESTS = 5000;
const BASELINE_MS = 5000;
const VERDICT_TIMEOUT_MS = 180_000;

interface EventLoopStats {
  min: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  mean: number;
  samples: number;
}

interface Service {
  base: string;
  child: ChildProcess;
  stderr(): string;
  /** Opens (start) or closes and reads (read) a named event-loop delay window in the service. */
  eventLoop(op: "start", name: string): Promise<void>;
  eventLoop(op: "read", name: string): Promise<EventLoopStats>;
}

async function startService(port: number, dir: string, nodeArgs: readonly string[]): Promise<Service> {
  const base = `http://127.0.0.1:${port}`;
  const child = spawn("node", ["--import", new URL("./eventLoopDelay.mjs", import.meta.url).href, ...nodeArgs, "dist/server/main.mjs"], {
    env: { ...process.env, HOST: "127.0.0.1", PORT: String(port), FACEFLOW_DB: join(dir, "db.sqlite"), FACEFLOW_MEDIA: join(dir, "media"), FACEFLOW_ENV: "test" },
    stdio: ["ignore", "ignore", "pipe", "ipc"],
  });
  let stderr = "";
  child.stderr?.on("data", (c: Buffer) => void (stderr = (stderr + c.toString()).slice(-4000)));
  let nextId = 1;
  const answers = new Map<number, (answer: { stats?: EventLoopStats; error?: string }) => void>();
  child.on("message", (m: { type?: string; id?: number; stats?: EventLoopStats; error?: string }) => {
    if (m?.type === "eld" && typeof m.id === "number") answers.get(m.id)?.(m);
  });
  const eventLoop = ((op: "start" | "read", name: string) =>
    new Promise<EventLoopStats | undefined>((resolve, reject) => {
      const id = nextId++;
      answers.set(id, (answer) => {
        answers.delete(id);
        if (answer.error) reject(new Error(`event-loop delay: ${answer.error}`));
        else resolve(answer.stats);
      });
      child.send({ type: "eld", id, op, name });
    })) as Service["eventLoop"];
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${base}/`)).ok) return { base, child, stderr: () => stderr, eventLoop };
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error(`the service did not start: ${stderr}`);
}

interface User {
  mode: CostMode;
  attempt: OpenAttempt;
  body: Body;
}

/** A user of `mode`: an order, its attempt's challenge drawn, and its take rendered for that challenge, ready to send. */
async function makeUser(base: string, partner: ReturnType<typeof createFaceflowPartner>, address: string, mode: CostMode, dir: string, seed: number): Promise<User> {
  const attempt = await openAttempt(base, partner, address, { mode, ...(mode === "action" ? { actions: [...BENCH_ACTIONS] } : {}) });
  const take = await makeBenchTake({ dir, mode, challenge: { light: attempt.light, digits: attempt.digits }, seed, name: `user-${address}` });
  const body = await uploadBody(readFileSync(take.file), {
    durationMs: Math.round(take.seconds * 1000),
    mimeType: mimeTypeOf("webm-vp8"),
    prompts: take.ask.prompts,
    light: take.ask.lightShown,
  });
  return { mode, attempt, body };
}

interface Verdict {
  mode: CostMode;
  ms: number;
  /** The upload's own answer (stored, probed, queued). */
  acceptedMs: number;
  passed: boolean;
  code: string;
  failed: string[];
}

/** Sends the user's upload and follows the attempt with the long poll until it is judged. */
async function uploadToVerdict(user: User, onAccepted: () => void = () => {}): Promise<Verdict & { acceptedAt: number }> {
  const { client } = user.attempt;
  const start = performance.now();
  const sent = await client.request("POST", "/api/v1/upload", user.body);
  if (sent.status !== 200) throw new Error(`upload (${user.mode}): HTTP ${sent.status} ${sent.text.slice(0, 300)}`);
  const acceptedAt = performance.now();
  onAccepted();
  let state = JSON.parse(sent.text) as AttemptState;
  while (state.state !== "judged") {
    if (performance.now() - start > VERDICT_TIMEOUT_MS) throw new Error(`no verdict after ${VERDICT_TIMEOUT_MS} ms`);
    state = await client.json<AttemptState>("GET", `/api/v1/attempts/${state.attempt}?waitMs=25000`);
  }
  const { outcome } = state;
  return {
    mode: user.mode,
    ms: performance.now() - start,
    acceptedAt,
    acceptedMs: acceptedAt - start,
    passed: outcome.passed,
    code: outcome.code,
    failed: outcome.checks.filter((c) => !c.passed).map((c) => `${c.name}: ${c.detail}`),
  };
}

interface Sample {
  /** performance.now() when the request was sent. */
  at: number;
  ms: number;
  path: "/" | "/api/v1/config";
  ok: boolean;
}

interface Latency {
  requests: number;
  /** Answers other than 200 (a 429 would mean the probe measured the rate limiter). */
  notOk: number;
  all: Spread;
  root: Spread;
  config: Spread;
}

function latencyOf(samples: readonly Sample[]): Latency {
  return {
    requests: samples.length,
    notOk: samples.filter((s) => !s.ok).length,
    all: spread(samples.map((s) => s.ms)),
    root: spread(samples.filter((s) => s.path === "/").map((s) => s.ms)),
    config: spread(samples.filter((s) => s.path !== "/").map((s) => s.ms)),
  };
}

/** One cheap request every PROBE_INTERVAL_MS (never two at once) until `done()` or `maxMs`. */
async function probeLatency(clients: LoopbackClient[], maxMs: number, done: () => boolean): Promise<Sample[]> {
  const samples: Sample[] = [];
  const start = performance.now();
  for (let i = 0; i < PROBE_MAX_REQUESTS && performance.now() - start < maxMs && !done(); i++) {
    const at = performance.now();
    const path = i % 2 === 0 ? "/" : "/api/v1/config";
    const answer = await clients[i % clients.length]!.request("GET", path);
    samples.push({ at, ms: answer.ms, path, ok: answer.status === 200 });
    const wait = at + PROBE_INTERVAL_MS - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
  return samples;
}

const strip = ({ acceptedAt: _, ...verdict }: Verdict & { acceptedAt: number }): Verdict => verdict;

export interface ServiceFigures {
  workers: number;
  warmUp: Verdict[];
  baseline: Latency & { eventLoop: EventLoopStats };
  /** One upload at a time, one of each mode. */
  single: { runs: Verdict[] };
  concurrent: {
    uploads: number;
    runs: Verdict[];
    ms: Spread;
    acceptedMs: Spread;
    /** Every probe request from the uploads' start to the last verdict, then split at the last upload's answer. */
    latency: Latency & { whileUploading: Latency; whileVerifying: Latency };
    /** The service's main thread: while the uploads arrive (stored, probed, queued), and from then to the last verdict. */
    eventLoop: { whileUploading: EventLoopStats; whileVerifying: EventLoopStats };
  };
}

/**
 * @example await measureService({ port: 8192, singleRuns: 1, concurrent: 8 })
 */
export async function measureService(options: {
  port: number;
  /** Single uploads of each mode. */
  singleRuns: number;
  concurrent: number;
  /** Extra node options for the service, e.g. ["--cpu-prof"] to see where its time goes. */
  nodeArgs?: readonly string[];
  /** Progress lines (rendering takes a minute or two). */
  log?: (line: string) => void;
}): Promise<ServiceFigures> {
  const log = options.log ?? (() => {});
  const dir = mkdtempSync(join(tmpdir(), "faceflow-bench-verify-"));
  const service = await startService(options.port, join(dir, "service"), options.nodeArgs ?? []);
  const partner = createFaceflowPartner({ baseUrl: service.base, appId: DEMO_APP_ID, secret: BUILT_IN_DEMO_SECRET });
  const clients: LoopbackClient[] = [];
  let addresses = 0;
  const users = async (modes: readonly CostMode[]) => {
    const made: User[] = [];
    for (const mode of modes) {
      const n = ++addresses;
      made.push(await makeUser(service.base, partner, `127.2.${Math.floor(n / 250)}.${(n % 250) + 1}`, mode, dir, 1000 + n));
      clients.push(made.at(-1)!.attempt.client);
    }
    log(`  rendered ${made.length} SYNTHETIC takes (${made.map((u) => u.mode).join(", ")})`);
    return made;
  };
  try {
    const warm = await users(["number", "action"]);
    const single = await users(Array.from({ length: options.singleRuns }, () => COST_MODES).flat());
    const many = await users(Array.from({ length: options.concurrent }, (_, i) => COST_MODES[i % COST_MODES.length] as CostMode));
    // The probe is one browser (one session) whose requests leave from 64 addresses.
    const login = new LoopbackClient(service.base, "127.0.0.99");
    await login.json("POST", "/api/v1/login", Object.fromEntries(new URL((await partner.createOrder({ userId: "bench-probe", returnUrl: `${service.base}/#/entry`, liveType: "3" })).launchUrl).searchParams));
    const probes = Array.from({ length: 64 }, (_, i) => new LoopbackClient(service.base, `127.0.0.${100 + i}`, login.cookies));
    clients.push(login, ...probes);

    const warmUp = (await Promise.all(warm.map((u) => uploadToVerdict(u)))).map(strip);
    await service.eventLoop("start", "baseline");
    const baselineSamples = await probeLatency(probes, BASELINE_MS, () => false);
    const baseline = { ...latencyOf(baselineSamples), eventLoop: await service.eventLoop("read", "baseline") };
    const singleRuns: Verdict[] = [];
    for (const user of single) singleRuns.push(strip(await uploadToVerdict(user)));

    // The "uploading" window closes, and "verifying" opens, when the last upload is answered.
    await service.eventLoop("start", "uploading");
    let pending = many.length;
    let answered = 0;
    let switched: Promise<EventLoopStats> | null = null;
    const switchWindows = async () => {
      const stats = await service.eventLoop("read", "uploading");
      await service.eventLoop("start", "verifying");
      return stats;
    };
    const verdicts = Promise.all(
      many.map((u) =>
        uploadToVerdict(u, () => {
          if (++answered === many.length) switched = switchWindows();
        }).finally(() => pending--),
      ),
    );
    const samples = await probeLatency(probes, VERDICT_TIMEOUT_MS, () => pending === 0);
    const timed = await verdicts;
    if (switched === null) throw new Error("the uploads were never all answered");
    const whileUploading = await (switched as Promise<EventLoopStats>);
    const lastAccepted = Math.max(...timed.map((r) => r.acceptedAt));
    const runs = timed.map(strip);
    const latency = {
      ...latencyOf(samples),
      whileUploading: latencyOf(samples.filter((s) => s.at < lastAccepted)),
      whileVerifying: latencyOf(samples.filter((s) => s.at >= lastAccepted)),
    };
    return {
      workers: Number(process.env.FACEFLOW_VERIFY_WORKERS) || availableParallelism(),
      warmUp,
      baseline,
      single: { runs: singleRuns },
      concurrent: {
        uploads: runs.length,
        runs,
        ms: spread(runs.map((r) => r.ms)),
        acceptedMs: spread(runs.map((r) => r.acceptedMs)),
        latency,
        eventLoop: { whileUploading, whileVerifying: await service.eventLoop("read", "verifying") },
      },
    };
  } catch (error) {
    console.error(`service stderr:\n${service.stderr()}`);
    throw error;
  } finally {
    for (const c of clients) c.close();
    service.child.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}
