/**
 * Liveness, readiness and draining, as a load balancer and an orchestrator see them: /healthz
 * answers while the process serves; /readyz names each dependency and turns 503 when one
 * fails or the instance drains; a drain takes no new job and waits for the running one; a
 * worker instance serves health only.
 */
import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attemptStateSchema } from "../../schemas/api";
import { liveAnswerSchema, readyAnswerSchema } from "../../schemas/health";
import { createLocalMediaStore } from "../../src/server/media/store/localMediaStore";
import type { MediaStore } from "../../src/server/media/store/mediaStore";
import { makeClip, makeTempDir, removeTempDir } from "../fixtures/mediaMaker";
import { awaitVerdict, Browser, inspectStore, launchParams, manualRunner, orderRequest, startService, uploadForm, verdict } from "./harness";

let dir: string;
let recording: Buffer;

beforeAll(async () => {
  dir = await makeTempDir();
  recording = await readFile(await makeClip({ dir, video: "testsrc", audio: "sine", seconds: 2, container: "webm-vp8", fps: 20 }));
}, 60_000);
afterAll(() => removeTempDir(dir));

describe("health answers", () => {
  it("says the process is up and ready, naming what it checked", async () => {
    const service = await startService({ verificationRunner: manualRunner(1) });
    try {
      const live = await fetch(`${service.baseUrl}/healthz`);
      expect(live.status).toBe(200);
      expect(liveAnswerSchema.parse(await live.json())).toMatchObject({ status: "ok", role: "all", draining: false });
      const ready = await fetch(`${service.baseUrl}/readyz`);
      expect(ready.status).toBe(200);
      const body = readyAnswerSchema.parse(await ready.json());
      expect(body.status).toBe("ready");
      expect(body.checks.store).toMatchObject({ ok: true, target: expect.stringMatching(/^sqlite /) });
      expect(body.checks.media).toMatchObject({ ok: true, target: expect.stringMatching(/^local /) });
      expect(body.checks.queue.ok).toBe(true);
    } finally {
      await service.close();
    }
  });

  it("is unready, naming the failed dependency, when the media store cannot be reached", async () => {
    const { mkdtempSync } = await import("node:fs");
    const local = createLocalMediaStore(mkdtempSync(`${dir}/media-`));
    const broken: MediaStore = { ...local, ping: () => Promise.reject(new Error("bucket not reachable")), describe: () => "s3 media@unreachable" };
    const service = await startService({ verificationRunner: manualRunner(1), mediaStore: broken });
    try {
      const ready = await fetch(`${service.baseUrl}/readyz`);
      expect(ready.status).toBe(503);
      const body = readyAnswerSchema.parse(await ready.json());
      expect(body).toMatchObject({ status: "unready", checks: { media: { ok: false, error: "bucket not reachable" }, store: { ok: true } } });
      // Still alive: an orchestrator must not restart it for a dependency's outage.
      expect((await fetch(`${service.baseUrl}/healthz`)).status).toBe(200);
    } finally {
      await service.close();
    }
  });
});

describe("draining", () => {
  it("turns unready, takes no new job, and waits for the one running before it resolves", async () => {
    const runner = manualRunner(1);
    const service = await startService({ verificationRunner: runner });
    try {
      const upload = async () => {
        const created = await service.partner.createOrder(orderRequest(service, { liveType: "3", actions: undefined }));
        const browser = new Browser(service.baseUrl);
        await browser.login(launchParams(created.launchUrl));
        await browser.light(); // silent mode shows light: the page fetches it before recording
        const res = await browser.upload(await uploadForm(recording));
        expect(res.status).toBe(200);
        return { browser, created, state: attemptStateSchema.parse(res.json) };
      };
      const first = await upload();
      const job = await runner.nth(0);
      let drained = false;
      const draining = service.app.faceflowDrain(30_000).then(() => (drained = true));

      const ready = await fetch(`${service.baseUrl}/readyz`);
      expect(ready.status).toBe(503);
      expect(readyAnswerSchema.parse(await ready.json()).status).toBe("draining");
      expect(liveAnswerSchema.parse(await (await fetch(`${service.baseUrl}/healthz`)).json()).draining).toBe(true);

      // Requests in flight (and ones the balancer still sends) are served; their jobs wait for another instance.
      const second = await upload();
      await new Promise((resolve) => setTimeout(resolve, 700));
      expect(runner.started).toHaveLength(1);
      expect(drained).toBe(false);

      job.resolve(verdict("0"));
      await draining;
      expect((await awaitVerdict(first.browser, first.state)).outcome.passed).toBe(true);
      const queued = await inspectStore(service, (store) => store.attempts.bySeq(second.created.orderNo, 1).then((a) => store.verifyJobs.get(a!.id)));
      expect(queued?.state).toBe("queued");
    } finally {
      await service.close();
    }
  });
});

describe("a worker instance", () => {
  it("serves health and nothing of the API", async () => {
    const service = await startService({ verificationRunner: manualRunner(1), role: "worker" });
    try {
      expect((await fetch(`${service.baseUrl}/readyz`)).status).toBe(200);
      const login = await fetch(`${service.baseUrl}/api/v1/login`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
      expect(login.status).toBe(404);
      expect((await fetch(`${service.baseUrl}/partner/v1/orders`, { method: "POST" })).status).toBe(404);
    } finally {
      await service.close();
    }
  });
});
