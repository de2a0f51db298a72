/**
 * The verification queue and the long poll, with a stand-in pool whose jobs end when the test
 * says (fast: no decoding, no models): the long poll answers at once when judged, waits and
 * answers on a change of step or the verdict, never waits longer than
 * verification.jobs.maxWaitMs, and shows an order only its own attempts; a failed job is tried
 * again; with one worker, one app's burst of uploads does not hold another app's user.
 */
import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attemptStateSchema, type CreateOrderRequest } from "../../schemas/api";
import { loadCaptureLimits } from "./shippedLimits";
import { makeClip, makeTempDir, removeTempDir } from "../fixtures/mediaMaker";
import {
  awaitVerdict,
  Browser,
  errorCode,
  inspectStore,
  launchParams,
  manualRunner,
  orderRequest,
  startService,
  uploadForm,
  verdict,
  type ManualRunner,
  type Service,
} from "./harness";

const MAX_WAIT_MS = 1500;
const OTHER_APP = { id: "APPB0002", secret: "another-app-secret-0123456789" };
const SILENT: Partial<CreateOrderRequest> = { liveType: "3", actions: undefined };

let service: Service;
let runner: ManualRunner;
let dir: string;
let recording: Buffer;
let recording2: Buffer;

beforeAll(async () => {
  dir = await makeTempDir();
  // Any recording the service accepts: the stand-in pool never looks at it.
  [recording, recording2] = await Promise.all([
    makeClip({ dir, video: "testsrc", audio: "sine", seconds: 2, container: "webm-vp8", fps: 20 }).then((f) => readFile(f)),
    makeClip({ dir, video: "testsrc", audio: "noise", seconds: 2.5, container: "webm-vp8", fps: 20 }).then((f) => readFile(f)),
  ]);
  const limits = loadCaptureLimits();
  limits.verification.jobs.maxWaitMs = MAX_WAIT_MS;
  runner = manualRunner(1);
  service = await startService({
    verificationRunner: runner,
    limits,
    apps: { [OTHER_APP.id]: { secret: OTHER_APP.secret, allowedOrigins: ["self"] } },
  });
}, 60_000);
afterAll(async () => {
  await service?.close();
  await removeTempDir(dir);
});

/** Settle every job still running, so that each test starts with an idle pool. */
async function drain() {
  for (const job of runner.running()) job.resolve(verdict("1015"));
  await new Promise((resolve) => setTimeout(resolve, 20));
}

async function uploaded(partner = service.partner, bytes = recording) {
  const created = await partner.createOrder(orderRequest(service, SILENT));
  const browser = new Browser(service.baseUrl);
  await browser.login(launchParams(created.launchUrl));
  await browser.light(); // silent mode shows light: the page fetches it before recording
  const res = await browser.upload(await uploadForm(bytes));
  expect(res.status).toBe(200);
  return { created, browser, state: attemptStateSchema.parse(res.json) };
}

/** A long poll and how long it took. */
async function poll(browser: Browser, path: string) {
  const started = Date.now();
  const res = await browser.request("GET", path);
  return { res, ms: Date.now() - started };
}

describe("the long poll", () => {
  it("waits while the job runs and answers when it moves to another step or moves its bar on, then when it is judged", async () => {
    await drain();
    const base = runner.started.length;
    const { browser, state } = await uploaded();
    expect(state).toMatchObject({ state: "verifying", attempt: 1 });
    const job = await runner.nth(base);
    expect((await browser.request("GET", "/api/v1/attempts/1")).json).toMatchObject({ state: "verifying", step: "decoding" });
    // A page that last heard "queued" (the upload's answer) is told at once that the job moved on.
    const behind = await poll(browser, "/api/v1/attempts/1?waitMs=20000&step=queued&progress=0");
    expect(behind.res.json).toMatchObject({ state: "verifying", step: "decoding" });
    expect(behind.ms).toBeLessThan(500);

    // Up to date, it waits for the next change.
    setTimeout(() => job.progress("analysing", 0.4), 300);
    const moved = await poll(browser, "/api/v1/attempts/1?waitMs=20000&step=decoding&progress=0");
    expect(moved.res.json).toEqual({ state: "verifying", attempt: 1, step: "analysing", progress: 0.4 });
    expect(moved.ms).toBeGreaterThanOrEqual(250);
    expect(moved.ms).toBeLessThan(MAX_WAIT_MS);

    // Progress within a step answers once the bar moved a visible step (0.05), not at each frame.
    setTimeout(() => job.progress("analysing", 0.42), 100);
    setTimeout(() => job.progress("analysing", 0.6), 400);
    const along = await poll(browser, "/api/v1/attempts/1?waitMs=20000&step=analysing&progress=0.4");
    expect(along.res.json).toEqual({ state: "verifying", attempt: 1, step: "analysing", progress: 0.6 });
    expect(along.ms).toBeGreaterThanOrEqual(350);
    expect(along.ms).toBeLessThan(MAX_WAIT_MS);

    // The bar never goes back: a lower figure (a report out of order) leaves it where it was.
    job.progress("analysing", 0.5);
    expect((await browser.request("GET", "/api/v1/attempts/1")).json).toMatchObject({ step: "analysing", progress: 0.6 });

    setTimeout(() => job.resolve(verdict("0")), 400);
    const judged = await poll(browser, "/api/v1/attempts/1?waitMs=20000&step=analysing&progress=0.6");
    expect(judged.res.json).toMatchObject({ state: "judged", attempt: 1, outcome: { passed: true, code: "0", finished: true } });
    expect(judged.ms).toBeGreaterThanOrEqual(350);
    expect(judged.ms).toBeLessThan(MAX_WAIT_MS);
  });

  it("answers at once when the attempt is judged, and without waitMs at once whatever the state", async () => {
    await drain();
    const base = runner.started.length;
    const { browser } = await uploaded();
    const job = await runner.nth(base);
    const now = await poll(browser, "/api/v1/attempts/1");
    expect(now.res.json).toMatchObject({ state: "verifying" });
    expect(now.ms).toBeLessThan(500);
    job.resolve(verdict("1017"));
    await awaitVerdict(browser, now.res.json);
    const judged = await poll(browser, "/api/v1/attempts/1?waitMs=20000");
    expect(judged.res.json).toMatchObject({ state: "judged", outcome: { passed: false, code: "1017" } });
    expect(judged.ms).toBeLessThan(500);
  });

  it("waits at most verification.jobs.maxWaitMs, whatever waitMs asks; waitMs over 60 s is refused", async () => {
    await drain();
    const base = runner.started.length;
    const { browser } = await uploaded();
    await runner.nth(base);
    const capped = await poll(browser, "/api/v1/attempts/1?waitMs=60000");
    expect(capped.res.json).toMatchObject({ state: "verifying", attempt: 1 });
    expect(capped.ms).toBeGreaterThanOrEqual(MAX_WAIT_MS - 100);
    expect(capped.ms).toBeLessThan(MAX_WAIT_MS + 1500);
    const refused = await browser.request("GET", "/api/v1/attempts/1?waitMs=60001");
    expect(refused.status).toBe(400);
    expect(errorCode(refused)).toBe("BAD_REQUEST");
    await drain();
  });

  it("shows an order only its own attempts: 404 ATTEMPT_NOT_FOUND for another order's, and for digits with nothing uploaded", async () => {
    await drain();
    const base = runner.started.length;
    const mine = await uploaded();
    await runner.nth(base);
    // Another order, same app: its attempt 1 does not exist.
    const other = await service.partner.createOrder(orderRequest(service, SILENT));
    const stranger = new Browser(service.baseUrl);
    await stranger.login(launchParams(other.launchUrl));
    const notMine = await stranger.request("GET", "/api/v1/attempts/1?waitMs=5000");
    expect(notMine.status).toBe(404);
    expect(errorCode(notMine)).toBe("ATTEMPT_NOT_FOUND");
    expect(JSON.stringify(notMine.json)).not.toContain(mine.created.orderNo);
    expect((await stranger.request("GET", "/api/v1/attempts/0")).status).toBe(400);
    // Without a session, nothing.
    expect((await new Browser(service.baseUrl).request("GET", "/api/v1/attempts/1")).status).toBe(401);

    // Number mode: the digits open an attempt, but there is nothing to verify until a recording comes.
    const number = await service.partner.createOrder(orderRequest(service, { liveType: "1", actions: undefined }));
    const reader = new Browser(service.baseUrl);
    await reader.login(launchParams(number.launchUrl));
    await reader.request("GET", "/api/v1/digits");
    expect(errorCode(await reader.request("GET", "/api/v1/attempts/1"))).toBe("ATTEMPT_NOT_FOUND");
    await drain();
  });
});

describe("the queue", () => {
  it("tries a failed job again and records the verdict of the try that ran, once", async () => {
    await drain();
    const base = runner.started.length;
    const { created, browser, state } = await uploaded();
    const first = await runner.nth(base);
    first.reject(new Error("worker exited with code 1"));
    const second = await runner.nth(base + 1);
    expect(second.input.attemptId).toBe(first.input.attemptId);
    second.resolve(verdict("0"));
    expect((await awaitVerdict(browser, state)).outcome).toMatchObject({ passed: true });
    const job = await inspectStore(service, (store) => store.verifyJobs.get(first.input.attemptId));
    expect(job).toMatchObject({ state: "done", tries: 2 });
    const view = await service.partner.getOrder(created.orderNo);
    expect(view.attempts).toMatchObject([{ status: "passed" }]);
  });

  it("is fair across apps: with one worker, another app's job is not queued behind all of a busy app's", async () => {
    await drain();
    const base = runner.started.length;
    const busy = [await uploaded(), await uploaded(), await uploaded()];
    const running = await runner.nth(base);
    expect(running.input.orderNo).toBe(busy[0]?.created.orderNo);
    const otherPartner = service.partnerFor(OTHER_APP.id, OTHER_APP.secret);
    const other = await uploaded(otherPartner, recording2);
    expect(other.state).toMatchObject({ state: "verifying", step: "queued" });

    const order: string[] = [];
    for (let i = 0; i < 4; i++) {
      const job = await runner.nth(base + i);
      order.push(job.input.orderNo);
      job.resolve(verdict("0"));
    }
    const names = new Map([...busy.map((b, i) => [b.created.orderNo, `busy${i + 1}`] as const), [other.created.orderNo, "other"]]);
    // The busy app's first job was running already; the other app's goes next, then the rest of the busy app's.
    expect(order.map((o) => names.get(o))).toEqual(["busy1", "other", "busy2", "busy3"]);
    for (const { browser, state } of [...busy, other]) expect((await awaitVerdict(browser, state)).outcome.passed).toBe(true);
  });
});
