/**
 * The analytics quotas over the shared rate counters: two service instances (two Store
 * instances on one database, each with its own quotas) hold a session and an app to one
 * quota in total, a refused report counts nothing on either counter, and the counts start
 * again with the next window. Run on SQLite (ingestQuotas.test.ts) and PostgreSQL
 * (ingestQuotas.pg.test.ts).
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createIngestQuotas, type IngestQuotas } from "../../../src/server/analytics/ingestQuotas";
import type { AnalyticsIdentity } from "../../../src/server/analytics/analyticsToken";
import type { Store } from "../../../src/server/store";
import type { SharedDatabase } from "./contract";

/** A clock the test steps (the harness's, without starting a service). */
function testClock(start: number) {
  let t = start;
  return { now: () => t, advance: (ms: number) => void (t += ms) };
}

const QUOTA = { perSession: 30, perApp: 50, windowMs: 60_000 };
const identity = (session: string, appId = "APP00001"): AnalyticsIdentity => ({ appId, orderNo: `order-${session}`, sessionRef: session });

/** The quotas on two instances of one database, as `open` makes them. */
export function describeIngestQuotas(engine: string, open: () => Promise<SharedDatabase>): void {
  describe(`ingest quotas shared by two instances on ${engine}`, () => {
    let db: SharedDatabase;
    let stores: Store[];
    let clock: ReturnType<typeof testClock>;
    let one: IngestQuotas;
    let two: IngestQuotas;
    beforeEach(async () => {
      db = await open();
      stores = db.instances;
      clock = testClock(Date.UTC(2030, 0, 1, 9));
      [one, two] = stores.map((store) => createIngestQuotas(store.rateCounters, clock, QUOTA)) as [IngestQuotas, IngestQuotas];
    });
    afterEach(async () => db.close());

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
}
