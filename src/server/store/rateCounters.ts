/**
 * Rate counters: fixed-window hit counts kept in the store, so that every service instance
 * sharing it counts against one limit (the per-address rate limits, the analytics quotas).
 *
 * A window is `[windowStart, windowStart + windowMs)` with windowStart a multiple of windowMs
 * since the epoch, so instances agree on windows whenever they started. One row per key holds
 * its newest window; each hit is one atomic upsert (no read-then-write), so hits from several
 * instances at once are each counted exactly once, on SQLite and on PostgreSQL alike.
 */
import * as z from "zod";
import { parseRow } from "./json";
import type { Sql } from "./sql";

export interface RateCount {
  /** Hits in the key's current window, this one included. */
  count: number;
  /** Start of that window: what `giveBack` needs to take the hit back from the same window. */
  windowStart: number;
  /** When the window ends and the count starts again (Unix ms). */
  resetAt: number;
}

const countRow = z
  .object({ count: z.number().int(), window_start: z.number().int(), expires_at: z.number().int() })
  .transform((r): RateCount => ({ count: r.count, windowStart: r.window_start, resetAt: r.expires_at }));

export interface RateCountersRepo {
  /**
   * Count `n` hits on `key` in the fixed window of `windowMs` holding `now`; returns the window's
   * count after them. An instance whose clock lags behind the row's window adds to that newer
   * window instead of starting an older one, so clock skew between instances never resets a count.
   * @example const { count, resetAt } = await counters.hit(`login|${ip}`, 1, 60_000, clock.now());
   */
  hit(key: string, n: number, windowMs: number, now: number): Promise<RateCount>;
  /** Take back `n` hits counted in the window starting at `windowStart`; nothing once a newer window began. */
  giveBack(key: string, n: number, windowStart: number): Promise<void>;
  /** Delete at most `limit` rows whose window ended by `now`; returns how many went. */
  purgeExpired(now: number, limit: number): Promise<number>;
}

/** The window of `windowMs` holding `now`, aligned to the epoch. */
function windowStartOf(now: number, windowMs: number): number {
  if (!Number.isInteger(windowMs) || windowMs <= 0) throw new Error(`rate counter window must be a positive whole number of ms, not ${windowMs}`);
  return Math.floor(now / windowMs) * windowMs;
}

export function createRateCountersRepo(sql: Sql): RateCountersRepo {
  return {
    async hit(key, n, windowMs, now) {
      const windowStart = windowStartOf(now, windowMs);
      // `newer`: the hit's window began after the row's, so the count starts again.
      const row = await sql.get(
        `INSERT INTO rate_counters (key, window_start, count, expires_at)
         VALUES (@key, @windowStart, @n, @expiresAt)
         ON CONFLICT (key) DO UPDATE SET
           count = CASE WHEN excluded.window_start > rate_counters.window_start THEN excluded.count ELSE rate_counters.count + excluded.count END,
           expires_at = CASE WHEN excluded.window_start > rate_counters.window_start THEN excluded.expires_at ELSE rate_counters.expires_at END,
           window_start = CASE WHEN excluded.window_start > rate_counters.window_start THEN excluded.window_start ELSE rate_counters.window_start END
         RETURNING count, window_start, expires_at`,
        { key, windowStart, n, expiresAt: windowStart + windowMs },
      );
      const counted = parseRow("rate_counters", countRow, row);
      if (counted === null) throw new Error(`rate_counters: the upsert of ${key} returned no row`);
      return counted;
    },
    async giveBack(key, n, windowStart) {
      await sql.run(
        `UPDATE rate_counters SET count = CASE WHEN count > @n THEN count - @n ELSE 0 END
         WHERE key = @key AND window_start = @windowStart`,
        { key, n, windowStart },
      );
    },
    async purgeExpired(now, limit) {
      // The outer condition is checked again on the row itself: on PostgreSQL a hit that moved
      // the row to a new window while this ran keeps it (the key alone would delete a live count).
      const deleted = await sql.run(
        `DELETE FROM rate_counters
         WHERE expires_at <= @now AND key IN (SELECT key FROM rate_counters WHERE expires_at <= @now LIMIT @limit)`,
        { now, limit },
      );
      return deleted.changes;
    },
  };
}
