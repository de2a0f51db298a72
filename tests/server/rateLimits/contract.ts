/**
 * What the rate counters promise (src/server/store/rateCounters.ts), as one describe block run
 * against each engine (sqlite.test.ts, postgres.test.ts). Every case runs on two Store
 * instances over one database, the way two service instances share it: counts are per key and
 * window, a lagging clock never resets a count, a give-back only touches its own window, the
 * purge only deletes ended windows, and concurrent hits from both instances are each counted
 * exactly once.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Store } from "../../../src/server/store";

export interface SharedDatabase {
  /** Two stores on the same, freshly migrated database: "two instances". */
  instances: [Store, Store];
  close(): Promise<void>;
}

export interface RateCountersContract {
  /** A new database for each test. */
  open(): Promise<SharedDatabase>;
}

const MINUTE = 60_000;
/** A minute boundary, so windows of a minute start here. */
const T0 = Date.UTC(2030, 0, 1, 9);

export function describeRateCountersContract(engine: string, contract: RateCountersContract): void {
  describe(`rate counters on ${engine}`, () => {
    let db: SharedDatabase;
    let a: Store;
    let b: Store;
    beforeEach(async () => {
      db = await contract.open();
      [a, b] = db.instances;
    });
    afterEach(async () => db.close());

    const rows = async () => a.sql.all("SELECT key, window_start, count, expires_at FROM rate_counters ORDER BY key");

    it("counts hits per key in fixed windows aligned to the epoch, across instances", async () => {
      expect(await a.rateCounters.hit("login|1.2.3.4", 1, MINUTE, T0 + 5_000)).toEqual({ count: 1, windowStart: T0, resetAt: T0 + MINUTE });
      expect(await b.rateCounters.hit("login|1.2.3.4", 1, MINUTE, T0 + 6_000)).toEqual({ count: 2, windowStart: T0, resetAt: T0 + MINUTE });
      expect(await a.rateCounters.hit("login|1.2.3.4", 3, MINUTE, T0 + MINUTE - 1)).toMatchObject({ count: 5 });
      // Another key, another count.
      expect(await b.rateCounters.hit("login|1.2.3.5", 1, MINUTE, T0 + 7_000)).toMatchObject({ count: 1 });
      // The next window starts again.
      expect(await b.rateCounters.hit("login|1.2.3.4", 1, MINUTE, T0 + MINUTE)).toEqual({ count: 1, windowStart: T0 + MINUTE, resetAt: T0 + 2 * MINUTE });
      // Windows are aligned, not started by the first hit: a hit late in a window resets early.
      expect(await a.rateCounters.hit("upload|9.9.9.9", 1, MINUTE, T0 + 59_000)).toMatchObject({ windowStart: T0, resetAt: T0 + MINUTE });
    });

    it("adds a lagging instance's hits to the newer window instead of starting an older one", async () => {
      await a.rateCounters.hit("k", 2, MINUTE, T0 + MINUTE + 10);
      // b's clock is behind, still in the previous window: its hit counts in a's window.
      expect(await b.rateCounters.hit("k", 1, MINUTE, T0 + MINUTE - 10)).toEqual({ count: 3, windowStart: T0 + MINUTE, resetAt: T0 + 2 * MINUTE });
      expect(await a.rateCounters.hit("k", 1, MINUTE, T0 + MINUTE + 20)).toMatchObject({ count: 4 });
    });

    it("gives back hits in their own window only, never below zero", async () => {
      const taken = await a.rateCounters.hit("quota:app|X", 30, MINUTE, T0);
      await b.rateCounters.hit("quota:app|X", 5, MINUTE, T0 + 1);
      await b.rateCounters.giveBack("quota:app|X", 30, taken.windowStart);
      expect(await a.rateCounters.hit("quota:app|X", 1, MINUTE, T0 + 2)).toMatchObject({ count: 6 });
      await a.rateCounters.giveBack("quota:app|X", 100, taken.windowStart);
      expect(await a.rateCounters.hit("quota:app|X", 1, MINUTE, T0 + 3)).toMatchObject({ count: 1 });
      // Once a newer window began, giving back to the old one changes nothing.
      await a.rateCounters.hit("quota:app|X", 4, MINUTE, T0 + MINUTE);
      await a.rateCounters.giveBack("quota:app|X", 4, taken.windowStart);
      expect(await b.rateCounters.hit("quota:app|X", 1, MINUTE, T0 + MINUTE + 1)).toMatchObject({ count: 5 });
      // A key never hit: nothing to give back, and no row appears.
      await a.rateCounters.giveBack("never", 1, T0);
      expect((await rows()).map((r) => (r as { key: string }).key)).toEqual(["quota:app|X"]);
    });

    it("purges ended windows in batches and keeps live ones", async () => {
      for (let i = 0; i < 7; i++) await a.rateCounters.hit(`old|${i}`, 1, MINUTE, T0);
      await a.rateCounters.hit("hour|1", 1, 60 * MINUTE, T0);
      await b.rateCounters.hit("live|1", 1, MINUTE, T0 + MINUTE);
      const now = T0 + MINUTE + 1;
      expect(await a.rateCounters.purgeExpired(now, 3)).toBe(3);
      expect(await b.rateCounters.purgeExpired(now, 3)).toBe(3);
      expect(await a.rateCounters.purgeExpired(now, 3)).toBe(1);
      expect(await a.rateCounters.purgeExpired(now, 3)).toBe(0);
      expect((await rows()).map((r) => (r as { key: string }).key)).toEqual(["hour|1", "live|1"]);
      expect(await a.rateCounters.hit("live|1", 1, MINUTE, now)).toMatchObject({ count: 2 });
      // A window ends at its reset time exactly.
      expect(await a.rateCounters.purgeExpired(T0 + 2 * MINUTE, 10)).toBe(1);
    });

    it("counts 50 concurrent hits from two instances exactly once each", async () => {
      const hits = Array.from({ length: 50 }, (_, i) => (i % 2 === 0 ? a : b).rateCounters.hit("login|10.0.0.1", 1, MINUTE, T0 + i));
      const counts = (await Promise.all(hits)).map((h) => h.count).sort((x, y) => x - y);
      expect(counts).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
      expect(await rows()).toEqual([{ key: "login|10.0.0.1", window_start: T0, count: 50, expires_at: T0 + MINUTE }]);
    });

    it("counts concurrent hits of the first moment of a new window once each, whichever instance starts it", async () => {
      await a.rateCounters.hit("k", 40, MINUTE, T0);
      const hits = Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? b : a).rateCounters.hit("k", 1, MINUTE, T0 + MINUTE + i));
      const counts = (await Promise.all(hits)).map((h) => h.count).sort((x, y) => x - y);
      expect(counts).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    });

    it("never lets a purge delete a count a concurrent hit just moved into a new window", async () => {
      const keys = Array.from({ length: 40 }, (_, i) => `race|${i}`);
      for (const key of keys) await a.rateCounters.hit(key, 5, MINUTE, T0);
      const now = T0 + MINUTE;
      await Promise.all([
        ...keys.map((key) => b.rateCounters.hit(key, 1, MINUTE, now)),
        a.rateCounters.purgeExpired(now, 1000),
        a.rateCounters.purgeExpired(now, 10),
      ]);
      // Each key now holds its new window's one hit: none was deleted, none kept the old count.
      for (const key of keys) expect([key, await a.rateCounters.hit(key, 1, MINUTE, now)]).toEqual([key, { count: 2, windowStart: now, resetAt: now + MINUTE }]);
    });
  });
}
