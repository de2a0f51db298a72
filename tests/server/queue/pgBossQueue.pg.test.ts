/**
 * Verification jobs through pg-boss on PostgreSQL, across instances: an API instance (no
 * workers) accepts the upload and queues the job; a worker instance on the same database takes
 * it; the API instance's long poll learns the verdict from the store. A failed run is tried
 * again and judged once; a worker that stops mid-job (closed with its job unanswered) loses
 * nothing: another worker takes the job, and the attempt gets exactly one verdict. A worker
 * killed outright (SIGKILL, no goodbye to pg-boss) is the cluster test's case
 * (tests/cluster/cluster.pg.test.ts): there the job comes back after its expiry.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attemptStateSchema, type CreateOrderRequest } from "../../../schemas/api";
import { createTestDatabase } from "../../../scripts/pg/localPostgres";
import { loadCaptureLimits } from "../shippedLimits";
import { makeClip, makeTempDir, removeTempDir } from "../../fixtures/mediaMaker";
import { injectPgUrl } from "../../pgGlobalSetup";
import { awaitVerdict, Browser, launchParams, manualRunner, orderRequest, startService, uploadForm, verdict, type Service } from "../harness";

const serverUrl = injectPgUrl();
const SILENT: Partial<CreateOrderRequest> = { liveType: "3", actions: undefined };

describe.skipIf(serverUrl === null)("verification jobs through pg-boss", () => {
  let db: { url: string; drop(): Promise<void> };
  let dir: string;
  let recording: Buffer;
  let api: Service;
  const limits = loadCaptureLimits();
  // A short job timeout makes a dead worker's job expire within seconds (timeout + 2 s margin).
  limits.verification.jobs.timeoutMs = 1_000;
  limits.verification.jobs.maxWaitMs = 2_000;
  const shared = () => ({ databaseUrl: db.url, mediaDir: join(dir, "media"), limits });

  beforeAll(async () => {
    db = await createTestDatabase(serverUrl!);
    dir = await makeTempDir();
    recording = await readFile(await makeClip({ dir, video: "testsrc", audio: "sine", seconds: 2, container: "webm-vp8", fps: 20 }));
    api = await startService({ ...shared(), role: "api" });
  }, 60_000);
  afterAll(async () => {
    await api?.close();
    await db?.drop();
    await removeTempDir(dir);
  });

  async function upload() {
    const created = await api.partner.createOrder(orderRequest(api, SILENT));
    const browser = new Browser(api.baseUrl);
    await browser.login(launchParams(created.launchUrl));
    await browser.light(); // silent mode shows light: the page fetches it before recording
    const res = await browser.upload(await uploadForm(recording));
    expect(res.status).toBe(200);
    return { created, browser, state: attemptStateSchema.parse(res.json) };
  }

  it("queues on the API instance and judges on a worker instance", async () => {
    const runner = manualRunner(1, () => verdict("0"));
    const worker = await startService({ ...shared(), role: "worker", verificationRunner: runner });
    try {
      const { browser, state, created } = await upload();
      expect(state).toMatchObject({ state: "verifying" });
      const judged = await awaitVerdict(browser, state, { waitMs: 2_000, timeoutMs: 20_000 });
      expect(judged.outcome).toMatchObject({ passed: true, finished: true });
      expect(runner.started).toHaveLength(1);
      const view = await api.partner.getOrder(created.orderNo);
      expect(view.attempts).toMatchObject([{ status: "passed" }]);
    } finally {
      await worker.close();
    }
  });

  it("tries a failed run again and records one verdict", async () => {
    const runner = manualRunner(1, (_input, call) => {
      if (call === 1) throw new Error("the worker thread crashed");
      return verdict("0");
    });
    const worker = await startService({ ...shared(), role: "worker", verificationRunner: runner });
    try {
      const { browser, state, created } = await upload();
      const judged = await awaitVerdict(browser, state, { waitMs: 2_000, timeoutMs: 30_000 });
      expect(judged.outcome.passed).toBe(true);
      expect(runner.started).toHaveLength(2);
      const view = await api.partner.getOrder(created.orderNo);
      expect(view.attempts.filter((a) => a.status === "passed")).toHaveLength(1);
    } finally {
      await worker.close();
    }
  }, 60_000);

  it("gives a job a stopped worker held to another worker, and judges it once", async () => {
    const stuck = manualRunner(1); // takes the job and never answers
    const first = await startService({ ...shared(), role: "worker", verificationRunner: stuck });
    const { browser, state, created } = await upload();
    await stuck.nth(0);
    await first.close(); // pg-boss fails the job it held, and tries it again
    const rescuer = manualRunner(1, () => verdict("0"));
    const second = await startService({ ...shared(), role: "worker", verificationRunner: rescuer });
    try {
      const judged = await awaitVerdict(browser, state, { waitMs: 2_000, timeoutMs: 45_000 });
      expect(judged.outcome.passed).toBe(true);
      expect(rescuer.started).toHaveLength(1);
      const view = await api.partner.getOrder(created.orderNo);
      expect(view.attempts).toMatchObject([{ status: "passed" }]);
      expect(view.result).not.toBeNull();
    } finally {
      await second.close();
    }
  }, 90_000);

  it("answers readiness with the queue it uses", async () => {
    const res = await api.app.inject({ method: "GET", url: "/readyz" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: "ready", role: "api", checks: { store: { ok: true }, queue: { ok: true, target: expect.stringContaining("pg-boss") } } });
  });
});
