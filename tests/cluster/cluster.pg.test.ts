/**
 * The deployment past one machine, on loopback: PostgreSQL, two API instances behind a
 * round-robin balancer, two worker instances (scripts/cluster/localCluster.ts, the service run
 * from its sources). A bounded load of real verifications (each a fresh recording of the
 * SYNTHETIC live subject answering its own attempt's light, decoded and judged by the workers'
 * models) is spread over both API instances; mid-run one worker and one
 * API instance are killed outright (SIGKILL). Then: every verification reached exactly one
 * verdict, every partner result verifies, every recording is stored with the digest the store
 * recorded, the job the dead worker held was taken again, and a limit counts across instances.
 * A worker sent SIGTERM finishes the jobs it holds and exits 0.
 *
 * CLUSTER_VERIFICATIONS sets the load (default 16 here; the bench runs 100).
 */
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFaceflowPartner } from "@faceflow/partner";
import { startLocalCluster, type LocalCluster } from "../../scripts/cluster/localCluster";
import { BUILT_IN_DEMO_SECRET, DEMO_APP_ID } from "../../src/server/apps";
import { openStore } from "../../src/server/store/open";
import type { Store } from "../../src/server/store";
import { makeTempDir, removeTempDir } from "../fixtures/mediaMaker";
import { synthTake, takeUpload } from "../fixtures/synthTake";
import { injectPgUrl } from "../pgGlobalSetup";
import { asPartner, runLoad, verifyOnce, type RecordingFor, type VerificationRun } from "./clusterLoad";

const COUNT = Number(process.env.CLUSTER_VERIFICATIONS ?? 16);
const pgAvailable = injectPgUrl() !== null;

describe.skipIf(!pgAvailable)("a cluster of two API instances and two workers on PostgreSQL", () => {
  let cluster: LocalCluster;
  let dir: string;
  let store: Store;
  /** A SYNTHETIC take per verification, answering its light, each with a fresh seed (the replay check refuses reuse). */
  let seed = 12001;
  const recording: RecordingFor = async (light) => {
    const take = await synthTake({ dir, mode: "silent", challenge: light, seed: seed++ });
    return { bytes: take.bytes, options: takeUpload(take) };
  };

  beforeAll(async () => {
    dir = await makeTempDir();
    // A job a killed worker held comes back after the job timeout plus its margin (20 + 5 s here).
    cluster = await startLocalCluster({ apis: 2, workers: 2, entry: "src/server/main.ts", env: { FACEFLOW_VERIFY_TIMEOUT_MS: "20000" } });
    store = (await openStore({ dbPath: ":unused:", databaseUrl: cluster.databaseUrl })).store;
  }, 240_000);
  afterAll(async () => {
    await store?.close();
    await cluster?.stop();
    await removeTempDir(dir);
  });

  it("judges every verification exactly once while a worker and an API instance are killed", async () => {
    const partner = createFaceflowPartner({ baseUrl: cluster.url, appId: DEMO_APP_ID, secret: BUILT_IN_DEMO_SECRET });
    const [worker] = cluster.instances.filter((i) => i.role === "worker");
    const [api] = cluster.instances.filter((i) => i.role === "api");
    let killed = false;
    const killMidRun = async () => {
      // Kill the worker while it holds a job, so that job must come back.
      for (let i = 0; i < 200 && !killed; i++) {
        const running = await store.sql.get("SELECT COUNT(*) AS n FROM verify_jobs WHERE state = 'running'");
        if ((running as { n: number }).n > 0) {
          worker!.process.kill("SIGKILL");
          api!.process.kill("SIGKILL");
          killed = true;
        } else await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    const results: VerificationRun[] = await runLoad(COUNT, 6, (i) => verifyOnce(cluster.url, partner, recording, `10.1.${Math.floor(i / 250)}.${(i % 250) + 1}`), (done) => {
      if (done === 2 && !killed) void killMidRun();
    });
    expect(killed).toBe(true);
    expect(await worker!.exited).toBe("SIGKILL");
    expect(results).toHaveLength(COUNT);
    expect(results.every((r) => r.passed), JSON.stringify(results.map((r) => r.code))).toBe(true);

    for (const run of results) {
      const view = await asPartner(() => partner.getOrder(run.orderNo), { retries: 0 }, Date.now() + 30_000);
      // One verdict: the order passed once, with one judged attempt and nothing left pending.
      expect(view.state).toBe("passed");
      expect(view.attempts.filter((a) => a.status === "passed")).toHaveLength(1);
      expect(view.attempts.filter((a) => a.status === "pending" || a.status === "verifying")).toHaveLength(0);
      expect(view.result).not.toBeNull();
      expect(partner.verifyReturn(view.result!).valid).toBe(true);
    }

    // Every recording is where the store says, with the digest it recorded.
    const recordings = (await store.sql.all(
      `SELECT r.path, r.sha256 FROM recordings r JOIN attempts a ON a.id = r.attempt_id WHERE a.status = 'passed'`,
    )) as { path: string; sha256: string }[];
    expect(recordings).toHaveLength(COUNT);
    for (const r of recordings) {
      const bytes = await readFile(join(cluster.mediaDir, r.path));
      expect(createHash("sha256").update(bytes).digest("hex")).toBe(r.sha256);
    }
    // Every job ended; at least one was taken again after its worker died.
    const jobs = (await store.sql.all("SELECT state, tries FROM verify_jobs")) as { state: string; tries: number }[];
    expect(jobs.every((j) => j.state === "done")).toBe(true);
    expect(jobs.some((j) => j.tries > 1)).toBe(true);
  }, 600_000);

  it("lets a worker sent SIGTERM finish the jobs it holds, then exit cleanly, leaving the rest to another", async () => {
    const partner = createFaceflowPartner({ baseUrl: cluster.url, appId: DEMO_APP_ID, secret: BUILT_IN_DEMO_SECRET });
    const workers = cluster.instances.filter((i) => i.role === "worker" && i.process.exitCode === null && i.process.signalCode === null);
    expect(workers.length).toBeGreaterThan(0);
    const load = runLoad(4, 4, (i) => verifyOnce(cluster.url, partner, recording, `10.3.0.${i + 1}`));
    // Wait until a job is running, then ask every worker to stop.
    let held: { attempt_id: number }[] = [];
    for (let i = 0; i < 300 && held.length === 0; i++) {
      held = (await store.sql.all("SELECT attempt_id FROM verify_jobs WHERE state = 'running'")) as { attempt_id: number }[];
      if (held.length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(held.length).toBeGreaterThan(0);
    for (const w of workers) w.process.kill("SIGTERM");
    // Each exits 0 once its running jobs are judged; the jobs still queued wait for a new worker.
    expect(await Promise.all(workers.map((w) => w.exited))).toEqual(workers.map(() => 0));
    for (const { attempt_id } of held) {
      const job = (await store.sql.get("SELECT state, tries FROM verify_jobs WHERE attempt_id = ?", [attempt_id])) as { state: string; tries: number };
      // Judged by the worker that was stopping, not taken again by another.
      expect(job).toEqual({ state: "done", tries: 1 });
    }
    await cluster.add("worker");
    const results = await load;
    expect(results.every((r) => r.passed)).toBe(true);
  }, 300_000);

  it("counts a limit across instances: one address gets 30 logins a minute from the whole cluster, not from each instance", async () => {
    // Two API instances again (one was killed above), both behind the balancer.
    await cluster.add("api");
    expect(cluster.instances.filter((i) => i.role === "api" && i.process.exitCode === null && i.process.signalCode === null)).toHaveLength(2);
    // Windows are fixed minutes: start well inside one.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 50_000) await new Promise((resolve) => setTimeout(resolve, 60_000 - intoMinute + 200));
    const ip = "10.9.9.9";
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) {
      const res = await fetch(`${cluster.url}/api/v1/login`, { method: "POST", headers: { "x-forwarded-for": ip, "content-type": "application/json" }, body: "{}" });
      statuses.push(res.status);
      await res.text();
    }
    // Round robin: each instance saw 16 of the 32; counted apart, none would have refused one.
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
  }, 60_000);
});
