/**
 * The analytics quotas over the shared rate counters: two service instances (two Store
 * instances on one SQLite file, each with its own quotas) hold a session and an app to one
 * quota in total, a refused report counts nothing on either counter, and the counts start
 * again with the next window.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createIngestQuotas, type IngestQuotas } from "../../../src/server/analytics/ingestQuotas";
import type { AnalyticsIdentity } from "../../../src/server/analytics/analyticsToken";
import { createStore, type Store } from "../../../src/server/store";

/** A clock the test steps (the harness's, without starting a service). */
function testClock(start: number) {
  let t = start;
  return { now: () => t, advance: (ms: number) => void (t += ms) };
}

const QUOTA = { perSession: 30, perApp: 50, windowMs: 60_000 };
const identity = (session: string, appId = "APP00001"): AnalyticsIdentity => ({ appId, orderNo: `order-${session}`, sessionRef: session });

describe("ingest quotas shared by two instances", () => {
  let dir: string;
  let stores: Store[];
  let clock: ReturnType<typeof testClock>;
  let one: IngestQuotas;
  let two: IngestQuotas;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "faceflow-quotas-"));
    stores = [createStore(join(dir, "faceflow.sqlite")), createStore(join(dir, "faceflow.sqlite"))];
    clock = testClock(Date.UTC(2030, 0, 1, 9));
    [one, two] = stores.map((store) => createIngestQuotas(store.rateCounters, clock, QUOTA)) as [IngestQuotas, IngestQuotas];
  });
  afterEach(async () => {
    await Promise.all(stores.map((store) => store.close()));
    rmSync(dir, { recursive: true, force: true });
  });

  /** What a counter holds now (a hit of nothing). */
  const counted = (key: string) => stores[0]!.rateCounters.hit(key, 0, QUOTA.windowMs, clock.now()).then((c) => c.count);

  it("holds a session to its quota across instances, counting nothing for a refused report", async () => {
    await one.take(identity("s1"), 20);
    await expect(two.take(identity("s1"), 20)).rejects.toMatchObject({ statusCode: 429, code: "RATE_LIMITED", message: expect.stringContaining("this session") });
    await two.take(identity("s1"), 10);
    await expect(one.take(identity("s1"), 1)).rejects.toMatchObject({ statusCode: 429 });
    expect([await counted("quota:session|s1"), await counted("quota:app|APP00001")]).toEqual([30, 30]);
  });

  it("holds an app's sessions to the app's quota, giving the session back what a refused report took", async () => {
    await one.take(identity("s1"), 25);
    await two.take(identity("s2"), 25);
    const refused = two.take(identity("s3"), 1);
    await expect(refused).rejects.toMatchObject({ statusCode: 429, code: "RATE_LIMITED", message: expect.stringMatching(/app APP00001 \(50 events per 60 s\) reached; retry in 60 s/) });
    expect(await counted("quota:session|s3")).toBe(0);
    expect(await counted("quota:app|APP00001")).toBe(50);
    // Another app has its own quota.
    await one.take(identity("s4", "APP00002"), 30);
  });

  it("starts counting again with the next window, and says when that is", async () => {
    await one.take(identity("s1"), 30);
    clock.advance(45_000);
    await expect(two.take(identity("s1"), 1)).rejects.toMatchObject({ message: expect.stringContaining("retry in 15 s") });
    clock.advance(15_000);
    await two.take(identity("s1"), 30);
  });

  it("lets exactly the quota through when many reports race on both instances", async () => {
    // Forty sessions send 5 events each at once, half through each instance: ten fit in the app's 50.
    const takes = Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? one : two).take(identity(`r${i}`), 5));
    const settled = await Promise.allSettled(takes);
    expect(settled.filter((s) => s.status === "fulfilled")).toHaveLength(10);
    for (const s of settled) if (s.status === "rejected") expect(s.reason).toMatchObject({ statusCode: 429 });
    expect(await counted("quota:app|APP00001")).toBe(50);
    const sessions = await Promise.all(Array.from({ length: 40 }, (_, i) => counted(`quota:session|r${i}`)));
    expect(sessions.reduce((sum, n) => sum + n, 0)).toBe(50);
  });
});
