/**
 * The store @fastify/rate-limit counts in, over the store's rate counters (store/rateCounters.ts)
 * instead of the plugin's per-process memory: N instances sharing a database allow a limit's
 * `max` in total, not N times it. Windows are fixed and aligned to the injected clock, so every
 * instance agrees on them and tests step them.
 *
 * Old windows are deleted here, a batch every `purge.everyHits` hits of this process, in the
 * background of the hit that triggers it: every limited request passes through, so the purge
 * runs as often as rows are made (the analytics quotas' rows too, which are few per ingest
 * request and each ingest request is limited here) and needs no timer of its own.
 */
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import type { Clock } from "../runtime";
import type { RateCountersRepo } from "../store/rateCounters";

interface SharedRateLimitStoreOptions {
  counters: RateCountersRepo;
  clock: Clock;
  /** Delete up to `batchRows` ended windows once every `everyHits` hits (default 100 and 1000). */
  purge?: { everyHits: number; batchRows: number };
  /** A failed purge: logged by the caller; the rows stay for the next one. */
  onPurgeError(error: unknown): void;
}

interface SharedRateLimitStore {
  /** What @fastify/rate-limit's `store` option takes: it constructs one and asks it for a child per limiter. */
  Store: FastifyRateLimitStoreCtor;
  /** Resolves once no purge is running (await before the database closes). */
  idle(): Promise<void>;
}

/** Thrown to the plugin when a hit cannot be counted; the request is then refused (security.ts says why). */
class RateCountersUnavailableError extends Error {
  override name = "RateCountersUnavailableError";
}

const DEFAULT_PURGE = { everyHits: 100, batchRows: 1000 };

/**
 * @example await app.register(rateLimit, { store: sharedRateLimitStore({ counters: store.rateCounters, clock, onPurgeError }).Store });
 */
export function sharedRateLimitStore(options: SharedRateLimitStoreOptions): SharedRateLimitStore {
  const purge = options.purge ?? DEFAULT_PURGE;
  let hits = 0;
  let purging: Promise<void> | null = null;

  function maybePurge(now: number): void {
    hits += 1;
    if (hits % purge.everyHits !== 0 || purging !== null) return;
    purging = options.counters
      .purgeExpired(now, purge.batchRows)
      .then(
        () => undefined,
        (error: unknown) => options.onPurgeError(error),
      )
      .finally(() => {
        purging = null;
      });
  }

  // Every limiter's keys begin with its group (`login|…`, `analytics|…`), so each limiter's
  // child is the same store; the counts live in the database, the instances hold nothing.
  class Store implements FastifyRateLimitStore {
    incr(key: string, callback: Parameters<FastifyRateLimitStore["incr"]>[1], timeWindow: number): void {
      const now = options.clock.now();
      options.counters.hit(key, 1, timeWindow, now).then(
        (counted) => {
          maybePurge(now);
          callback(null, { current: counted.count, ttl: counted.resetAt - now });
        },
        (error: unknown) => callback(new RateCountersUnavailableError(`rate limit counters unavailable for ${key}`, { cause: error })),
      );
    }
    child(): FastifyRateLimitStore {
      return this;
    }
  }

  return {
    Store,
    idle: async () => {
      await purging;
    },
  };
}
