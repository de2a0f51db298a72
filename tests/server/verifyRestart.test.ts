/**
 * A service that stops while recordings are being verified loses none and judges none twice:
 * jobs live in the store, a job left 'running' is queued again when the next service starts on
 * the same store, and a job that keeps failing is judged "the check could not run" (1026)
 * after verification.jobs.maxTries tries, counting those of the service that stopped.
 *
 * First in one process (a service whose jobs never end is closed, a new one with the real
 * worker pool started on its directory), then for real: the service's own entry point in a
 * child process, killed with SIGKILL mid-verification and started again. The recordings that
 * must pass are the SYNTHETIC live subject answering each attempt's light ("live"); the photo
 * and pattern clips serve where the verdict is a failure.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFaceflowPartner } from "@faceflow/partner";
import { attemptStateSchema, type AttemptState, type CreateOrderRequest } from "../../schemas/api";
import { loadCaptureLimits } from "./shippedLimits";
import { resolveFfmpeg } from "../../src/server/media/decode/ffmpegBinary";
import { createWorkerPool, defaultWorkerScript, type JobRunner } from "../../src/server/verify/workerPool";
import { shippedChecks } from "./verify/shippedChecks";
import { faceFrameRgba } from "../fixtures/faceImage";
import { makeClip, makeTempDir, removeTempDir } from "../fixtures/mediaMaker";
import { synthTake, takeUpload } from "../fixtures/synthTake";
import {
  awaitVerdict,
  Browser,
  DEMO_APP,
  DEMO_SECRET,
  inspectStore,
  launchParams,
  manualRunner,
  orderRequest,
  startService,
  uploadForm,
  type Service,
} from "./harness";

const SILENT: Partial<CreateOrderRequest> = { liveType: "3", actions: undefined };
const { maxTries } = loadCaptureLimits().verification.jobs;

let media: string;
let face: Buffer;
let pattern: Buffer;
beforeAll(async () => {
  media = await makeTempDir();
  [face, pattern] = await Promise.all([
    makeClip({ dir: media, video: { imageRgba: faceFrameRgba({ width: 640, height: 480 }) }, audio: "sine", seconds: 3, container: "webm-vp8", fps: 20 }).then((f) => readFile(f)),
    makeClip({ dir: media, video: "testsrc", audio: "sine", seconds: 3, container: "webm-vp8", fps: 20 }).then((f) => readFile(f)),
  ]);
}, 60_000);
afterAll(() => removeTempDir(media));

interface Submitted {
  name: string;
  orderNo: string;
  browser: Browser;
  state: AttemptState;
}

interface Prepared {
  name: string;
  orderNo: string;
  browser: Browser;
  form: FormData;
}

/**
 * Create an order, log in, fetch its light and make the recording (`"live"`: a fresh SYNTHETIC
 * take answering that light, which takes seconds): everything but the upload, so that uploads
 * made in a row stay close together.
 */
let seed = 10_001;
async function prepare(service: Pick<Service, "baseUrl" | "partner">, name: string, order: Partial<CreateOrderRequest>, recording: Buffer | "live"): Promise<Prepared> {
  const created = await service.partner.createOrder(orderRequest(service as Service, order));
  const browser = new Browser(service.baseUrl);
  expect((await browser.login(launchParams(created.launchUrl))).status).toBe(200);
  // Silent and action mode show light: the page fetches it before recording.
  const challenge = orderRequest(service as Service, order).liveType !== "1" ? await browser.light() : null;
  const take = recording === "live" ? await synthTake({ dir: media, mode: "silent", challenge, seed: seed++ }) : null;
  const form = take ? await uploadForm(take.bytes, takeUpload(take)) : await uploadForm(recording as Buffer);
  return { name, orderNo: created.orderNo, browser, form };
}

/** Upload a prepared recording: the browser and the upload's answer. */
async function upload({ name, orderNo, browser, form }: Prepared): Promise<Submitted> {
  const res = await browser.upload(form);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return { name, orderNo, browser, state: attemptStateSchema.parse(res.json) };
}

/** Prepare `list` first, then upload each in turn. */
async function submitAll(service: Pick<Service, "baseUrl" | "partner">, list: [string, Partial<CreateOrderRequest>, Buffer | "live"][]): Promise<Submitted[]> {
  const prepared: Prepared[] = [];
  for (const [name, order, recording] of list) prepared.push(await prepare(service, name, order, recording));
  const out: Submitted[] = [];
  for (const p of prepared) out.push(await upload(p));
  return out;
}

/** Per job: its state and tries; per attempt: status and code; per order: state and the attempt its result is for. */
async function storeFacts(dbPath: string, orders: readonly Submitted[]) {
  return inspectStore({ dbPath }, async (store) => {
    const facts = [];
    for (const o of orders) {
      const attempts = await store.attempts.list(o.orderNo);
      const job = attempts[0] ? await store.verifyJobs.get(attempts[0].id) : null;
      const result = await store.results.get(o.orderNo);
      facts.push([
        o.name,
        {
          attempts: attempts.map((a) => [a.status, a.code]),
          job: job && { state: job.state, tries: job.tries },
          order: (await store.orders.get(o.orderNo))?.state,
          resultFor: result ? (attempts.find((a) => a.id === result.attemptId)?.seq ?? "another attempt") : null,
        },
      ] as const);
    }
    return Object.fromEntries(facts);
  });
}

describe("restart in one process", () => {
  let dir: string;
  const services: Service[] = [];
  beforeAll(async () => {
    dir = await makeTempDir("faceflow-restart-");
  });
  afterAll(async () => {
    for (const s of services) await s.close();
    await removeTempDir(dir);
  });

  it("every attempt left queued or running is judged exactly once by the next service; a job that keeps failing is judged 1026 after maxTries in all", async () => {
    // The first service: two threads whose jobs end only when the test says, so two are running and two queued when it stops.
    const stuck = manualRunner(2);
    const first = await startService({ verificationRunner: stuck }, { dir });
    services.push(first);
    // One attempt the first service judged before it stopped: the next one must leave it alone.
    const [judgedBefore] = await submitAll(first, [["judgedBefore", SILENT, pattern]]);
    if (!judgedBefore) throw new Error("nothing submitted");
    (await stuck.nth(0)).resolve({ passed: false, code: "1017", liveRate: 12, willCode: null, faceCode: "1017", similarity: null, checks: [{ name: "liveness", passed: false, detail: "low" }] });
    expect((await awaitVerdict(judgedBefore.browser, judgedBefore.state)).outcome).toMatchObject({ code: "1017", finished: false });
    const orders = [
      judgedBefore,
      ...(await submitAll(first, [
        ["faceRunning", SILENT, "live"],
        ["failing", { ...SILENT, maxAttempts: 1 }, face],
        ["patternQueued", { ...SILENT, maxAttempts: 1 }, pattern],
        ["faceQueued", SILENT, "live"],
      ])),
    ];
    await stuck.nth(2);
    await first.close();
    expect(await storeFacts(first.dbPath, orders)).toEqual({
      judgedBefore: { attempts: [["failed", "1017"]], job: { state: "done", tries: 1 }, order: "in_progress", resultFor: null },
      faceRunning: { attempts: [["pending", null]], job: { state: "running", tries: 1 }, order: "in_progress", resultFor: null },
      failing: { attempts: [["pending", null]], job: { state: "running", tries: 1 }, order: "in_progress", resultFor: null },
      patternQueued: { attempts: [["pending", null]], job: { state: "queued", tries: 0 }, order: "in_progress", resultFor: null },
      faceQueued: { attempts: [["pending", null]], job: { state: "queued", tries: 0 }, order: "in_progress", resultFor: null },
    });

    // The next service, on the same store and media, with the real worker pool; the "failing" job's thread fails every time.
    const failingAttempt = await inspectStore(first, async (store) => (await store.attempts.list(orders[2]?.orderNo ?? ""))[0]?.id);
    const pool = createWorkerPool({
      size: 1,
      script: defaultWorkerScript({ media: { kind: "local", dir: join(dir, "media") }, checks: shippedChecks, ffmpegPath: resolveFfmpeg(process.env, { release: false, log: () => undefined }).path }),
      timeoutMs: 60_000,
    });
    const runs: number[] = [];
    const runner: JobRunner = {
      get size() {
        return pool.size;
      },
      idle: () => pool.idle(),
      warm: () => pool.warm(),
      close: () => pool.close(),
      run(jobId, input, onProgress) {
        runs.push(input.attemptId);
        if (input.attemptId === failingAttempt) return Promise.reject(new Error("the verification worker exited with code 1"));
        return pool.run(jobId, input, onProgress);
      },
    };
    const second = await startService({ verificationRunner: runner }, { dir });
    services.push(second);

    // The pages (their cookies kept) follow their attempts on the restarted service.
    const verdicts = Object.fromEntries(
      await Promise.all(orders.map(async (o) => [o.name, (await awaitVerdict(o.browser.at(second.baseUrl), o.state)).outcome] as const)),
    );
    expect(verdicts).toMatchObject({
      judgedBefore: { passed: false, code: "1017", finished: false },
      faceRunning: { passed: true, code: "0", finished: true },
      failing: { passed: false, code: "1026", finished: true },
      patternQueued: { passed: false, code: "1015", finished: true },
      faceQueued: { passed: true, code: "0", finished: true },
    });
    // Let any (wrong) extra run finish before counting.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const attemptIds = await inspectStore(second, async (store) => {
      const ids = [];
      for (const o of orders) ids.push((await store.attempts.list(o.orderNo))[0]?.id);
      return ids;
    });
    const runsOf = (id: number | undefined) => runs.filter((r) => r === id).length;
    // Each good job ran once here; the failing one ran until its tries (one of them the first service's) reached maxTries.
    expect(attemptIds.map(runsOf)).toEqual([0, 1, maxTries - 1, 1, 1]);
    expect(await storeFacts(second.dbPath, orders)).toEqual({
      judgedBefore: { attempts: [["failed", "1017"]], job: { state: "done", tries: 1 }, order: "in_progress", resultFor: null },
      faceRunning: { attempts: [["passed", "0"]], job: { state: "done", tries: 2 }, order: "passed", resultFor: 1 },
      failing: { attempts: [["failed", "1026"]], job: { state: "done", tries: maxTries }, order: "failed", resultFor: 1 },
      patternQueued: { attempts: [["failed", "1015"]], job: { state: "done", tries: 1 }, order: "failed", resultFor: 1 },
      faceQueued: { attempts: [["passed", "0"]], job: { state: "done", tries: 1 }, order: "passed", resultFor: 1 },
    });
    const view = await second.partner.getOrder(orders[2]?.orderNo ?? "");
    expect(view).toMatchObject({ state: "failed", result: { code: "1026" } });
    expect(await inspectStore(second, (store) => store.verifyJobs.countOpen())).toBe(0);
  }, 400_000);
});

describe("a real kill", () => {
  const root = fileURLToPath(new URL("../..", import.meta.url));
  let dir: string;
  const children = new Set<ChildProcess>();
  beforeAll(async () => {
    dir = await makeTempDir("faceflow-kill-");
  });
  afterAll(async () => {
    for (const child of children) child.kill("SIGKILL");
    await removeTempDir(dir);
  });

  /** The service's own entry (src/server/main.ts, through tsx) on the test's store: its address and its output. */
  async function startMain(): Promise<{ child: ChildProcess; baseUrl: string; output: () => string; exited: Promise<number | null> }> {
    const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
      cwd: root,
      env: {
        ...process.env,
        HOST: "127.0.0.1",
        PORT: "0",
        FACEFLOW_DB: join(dir, "faceflow.sqlite"),
        FACEFLOW_MEDIA: join(dir, "media"),
        FACEFLOW_VERIFY_WORKERS: "1",
        FACEFLOW_LOG_LEVEL: "warn",
        FACEFLOW_ENV: "local",
        FACEFLOW_APP_SECRETS: "",
        FACEFLOW_CONFIG: "",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    children.add(child);
    let text = "";
    child.stdout?.on("data", (chunk: Buffer) => void (text += chunk.toString()));
    child.stderr?.on("data", (chunk: Buffer) => void (text += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => (children.delete(child), resolve(code))));
    const baseUrl = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no "listening" line in 60 s: ${text}`)), 60_000);
      const look = () => {
        const found = /faceflow (?:\(\w+\) )?listening on (http:\/\/[\d.]+:\d+)/.exec(text);
        if (found?.[1]) {
          clearTimeout(timer);
          resolve(found[1]);
        }
      };
      child.stdout?.on("data", look);
      void exited.then((code) => reject(new Error(`the service exited with ${code}: ${text}`)));
    });
    return { child, baseUrl, output: () => text, exited };
  }

  it("SIGKILL while verifying: the restarted service judges every attempt exactly once", async () => {
    const before = await startMain();
    const partner = createFaceflowPartner({ baseUrl: before.baseUrl, appId: DEMO_APP, secret: DEMO_SECRET });
    const target = { baseUrl: before.baseUrl, partner };
    const orders = await submitAll(target, [
      ["face1", SILENT, "live"],
      ["pattern", { ...SILENT, maxAttempts: 1 }, pattern],
      ["face2", SILENT, "live"],
    ]);
    before.child.kill("SIGKILL");
    await before.exited;

    const dbPath = join(dir, "faceflow.sqlite");
    const atKill = await storeFacts(dbPath, orders);
    const unfinished = Object.values(atKill).filter((f) => f.job?.state !== "done");
    // One thread, jobs of a second or more each: the kill came before all were judged.
    expect(unfinished.length).toBeGreaterThan(0);
    const running = unfinished.filter((f) => f.job?.state === "running").length;

    const after = await startMain();
    try {
      const verdicts = Object.fromEntries(
        await Promise.all(orders.map(async (o) => [o.name, (await awaitVerdict(o.browser.at(after.baseUrl), o.state)).outcome] as const)),
      );
      expect(verdicts).toMatchObject({
        face1: { passed: true, code: "0" },
        pattern: { passed: false, code: "1015", finished: true },
        face2: { passed: true, code: "0" },
      });
      const facts = await storeFacts(dbPath, orders);
      for (const o of orders) {
        const fact = facts[o.name];
        // Judged once: one attempt, its job done, the order finished by it and signed once.
        expect(fact?.attempts).toHaveLength(1);
        expect(fact?.job?.state).toBe("done");
        expect(fact?.resultFor).toBe(1);
        expect(fact?.job?.tries).toBeGreaterThanOrEqual(1);
        expect(fact?.job?.tries).toBeLessThanOrEqual(2);
      }
      expect(facts.pattern?.order).toBe("failed");
      expect(await inspectStore({ dbPath }, (store) => store.verifyJobs.countOpen())).toBe(0);
      if (running > 0) expect(after.output()).toContain(`resuming ${running} verification job(s)`);
    } finally {
      after.child.kill("SIGTERM");
      await after.exited;
    }
  }, 400_000);
});
