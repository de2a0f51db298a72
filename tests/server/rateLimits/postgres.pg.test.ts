/**
 * The rate counters' contract on PostgreSQL: two stores, each with its own pool, on one
 * database of the test server, as two service instances share it. Plus what only row locks
 * show: a purge that waits for a row a hit is moving into a new window leaves the new count.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Store } from "../../../src/server/store";
import { injectPgUrl } from "../../pgGlobalSetup";
import { describeRateCountersContract, type SharedDatabase } from "./contract";
import { openPgInstances } from "./pgInstances";

const serverUrl = injectPgUrl();
const MINUTE = 60_000;
const T0 = Date.UTC(2030, 0, 1, 9);

/** Resolves once a statement on this database waits for a lock. */
async function someoneWaitsForALock(store: Store): Promise<void> {
  for (const started = Date.now(); Date.now() - started < 10_000; ) {
    const row = (await store.sql.get(
      "SELECT count(*) AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
    )) as { waiting: number };
    if (row.waiting > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error("no statement came to wait for a lock within 10 s");
}

if (serverUrl === null) {
  describe.skip("rate counters on PostgreSQL (FACEFLOW_PG_OPTIONAL=1 and no PostgreSQL here)", () => undefined);
} else {
  describeRateCountersContract("PostgreSQL", { open: () => openPgInstances(serverUrl) });

  describe("rate counters on PostgreSQL, under row locks", () => {
    let db: SharedDatabase;
    beforeEach(async () => {
      db = await openPgInstances(serverUrl);
    });
    afterEach(async () => db.close());

    it("keep the count a hit moved into a new window while a purge waited for its row", async () => {
      const [a, b] = db.instances;
      await a.rateCounters.hit("login|10.0.0.2", 5, MINUTE, T0);
      const now = T0 + MINUTE;
      let purge: Promise<number> | undefined;
      await b.transaction(async (tx) => {
        // Moved to the new window, not committed yet: the row stays locked.
        await tx.rateCounters.hit("login|10.0.0.2", 1, MINUTE, now);
        // Its snapshot still shows the ended window, so it picks the row and waits for the lock.
        purge = a.rateCounters.purgeExpired(now, 10);
        await someoneWaitsForALock(a);
      });
      expect(await purge).toBe(0);
      expect(await a.rateCounters.hit("login|10.0.0.2", 1, MINUTE, now)).toEqual({ count: 2, windowStart: now, resetAt: now + MINUTE });
    });
  });
}
