/**
 * Upload-to-verdict figures on the built service (`node dist/server/main.mjs` as a child
 * process, its default pool of one verification thread per core), for scripts/verifyBench.ts:
 * - 2 uploads at once to warm up (the service loads its models when it starts);
 * - the latency of cheap requests with nothing verifying (the baseline);
 * - single number-mode uploads of a 5 s recording, one after another: from sending the upload
 *   to the judged state, read with the long poll the page uses;
 * - N uploads at once (N orders, N users), the same figure, while a probe sends a cheap request
 *   (`GET /` and `GET /api/v1/config` by turns) every ~20 ms, one at a time, until the last
 *   verdict (bounded in count and time).
 * Each user reads its own digits; its recording is the face clip with those digits spoken.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import type { AttemptState } from "../schemas/api";
import { logIn, LoopbackClient, uploadBody, type Body } from "./verifyClient";
import { CLIP_SECONDS, respeakClip, spread, type Spread } from "./verifyBenchMedia";

const PROBE_INTERVAL_MS = 20;
const PROBE_MAX_REQUESTS = 3000;
const BASELINE_MS = 5000;
const VERDICT_TIMEOUT_MS = 120_000;

interface Service {
  base: string;
  child: ChildProcess;
  stderr(): string;
}

async function startService(port: number, dir: string, nodeArgs: readonly string[]): Promise<Service> {
  const base = `http://127.0.0.1:${port}`;
  const child = spawn("node", [...nodeArgs, "dist/server/main.mjs"], {
    env: { ...process.env, HOST: "127.0.0.1", PORT: String(port), FACEFLOW_DB: join(dir, "db.sqlite"), FACEFLOW_MEDIA: join(dir, "media"), FACEFLOW_ENV: "test" },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (c: Buffer) => void (stderr = (stderr + c.toString()).slice(-4000)));
  for (let i = 0; i < 150; i++) {
    try {
      if ((await fetch(`${base}/`)).ok) return { base, child, stderr: () => stderr };
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error(`the service did not start: ${stderr}`);
}

interface User {
  client: LoopbackClient;
  body: Body;
}

/** A number-mode user on its own address, logged in, digits read, its recording ready to send. */
async function numberUser(base: string, address: string, clip: string, dir: string): Promise<User> {
  const client = new LoopbackClient(base, address);
  await logIn(client, "1");
  const { digits } = await client.json<{ digits: string }>("GET", "/api/v1/digits");
  const made = await respeakClip(clip, dir, digits, `user-${address}`);
  return { client, body: await uploadBody(readFileSync(made.file), CLIP_SECONDS * 1000, [{ what: "digits", atMs: 0 }]) };
}

interface Verdict {
  ms: number;
  /** The upload's own answer (stored, probed, queued). */
  acceptedMs: number;
  passed: boolean;
  code: string;
}

/** Sends the user's upload and follows the attempt with the long poll until it is judged. */
async function uploadToVerdict(user: User): Promise<Verdict & { acceptedAt: number }> {
  const start = performance.now();
  const sent = await user.client.request("POST", "/api/v1/upload", user.body);
  if (sent.status !== 200) throw new Error(`upload: HTTP ${sent.status} ${sent.text.slice(0, 300)}`);
  const acceptedAt = performance.now();
  const acceptedMs = acceptedAt - start;
  let state = JSON.parse(sent.text) as AttemptState;
  while (state.state !== "judged") {
    if (performance.now() - start > VERDICT_TIMEOUT_MS) throw new Error(`no verdict after ${VERDICT_TIMEOUT_MS} ms`);
    state = await user.client.json<AttemptState>("GET", `/api/v1/attempts/${state.attempt}?waitMs=25000`);
  }
  return { ms: performance.now() - start, acceptedAt, acceptedMs, passed: state.outcome.passed, code: state.outcome.code };
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

export interface ServiceFigures {
  workers: number;
  warmUp: Verdict[];
  baseline: Latency;
  single: { runs: Verdict[]; ms: Spread; acceptedMs: Spread };
  concurrent: {
    uploads: number;
    runs: Verdict[];
    ms: Spread;
    acceptedMs: Spread;
    /** Every probe request from the uploads' start to the last verdict, then split at the last upload's answer. */
    latency: Latency & { whileUploading: Latency; whileVerifying: Latency };
  };
}

/**
 * @example await measureService({ port: 8192, clip: "/tmp/x/face.webm", singleRuns: 3, concurrent: 8 })
 */
export async function measureService(options: {
  port: number;
  clip: string;
  singleRuns: number;
  concurrent: number;
  /** Extra node options for the service, e.g. ["--cpu-prof"] to see where its time goes. */
  nodeArgs?: readonly string[];
}): Promise<ServiceFigures> {
  const dir = mkdtempSync(join(tmpdir(), "faceflow-bench-verify-"));
  const service = await startService(options.port, dir, options.nodeArgs ?? []);
  const clients: LoopbackClient[] = [];
  const users = async (first: number, count: number) => {
    const made: User[] = [];
    for (let i = 0; i < count; i++) made.push(await numberUser(service.base, `127.0.0.${first + i}`, options.clip, dir));
    clients.push(...made.map((u) => u.client));
    return made;
  };
  try {
    const warm = await users(2, 2);
    const single = await users(10, options.singleRuns);
    const many = await users(20, options.concurrent);
    // The probe is one browser (one session) whose requests leave from 64 addresses.
    const login = new LoopbackClient(service.base, "127.0.0.99");
    await logIn(login, "3");
    const probes = Array.from({ length: 64 }, (_, i) => new LoopbackClient(service.base, `127.0.0.${100 + i}`, login.cookies));
    clients.push(login, ...probes);

    const warmUp: Verdict[] = (await Promise.all(warm.map(uploadToVerdict))).map(({ acceptedAt: _, ...verdict }) => verdict);
    const baseline = latencyOf(await probeLatency(probes, BASELINE_MS, () => false));
    const singleRuns: Verdict[] = [];
    for (const user of single) {
      const { acceptedAt: _, ...verdict } = await uploadToVerdict(user);
      singleRuns.push(verdict);
    }

    let pending = many.length;
    const verdicts = Promise.all(many.map((u) => uploadToVerdict(u).finally(() => pending--)));
    const samples = await probeLatency(probes, VERDICT_TIMEOUT_MS, () => pending === 0);
    const timed = await verdicts;
    const lastAccepted = Math.max(...timed.map((r) => r.acceptedAt));
    const runs: Verdict[] = timed.map(({ acceptedAt: _, ...verdict }) => verdict);
    const latency = {
      ...latencyOf(samples),
      whileUploading: latencyOf(samples.filter((s) => s.at < lastAccepted)),
      whileVerifying: latencyOf(samples.filter((s) => s.at >= lastAccepted)),
    };
    return {
      workers: Number(process.env.FACEFLOW_VERIFY_WORKERS) || availableParallelism(),
      warmUp,
      baseline,
      single: { runs: singleRuns, ms: spread(singleRuns.map((r) => r.ms)), acceptedMs: spread(singleRuns.map((r) => r.acceptedMs)) },
      concurrent: { uploads: runs.length, runs, ms: spread(runs.map((r) => r.ms)), acceptedMs: spread(runs.map((r) => r.acceptedMs)), latency },
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
