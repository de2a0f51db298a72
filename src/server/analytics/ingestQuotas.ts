/**
 * How many events a session, and all sessions of an app together, may store per window.
 * The per-address rate limit counts requests; these count events, and they follow the
 * authenticated session and app, so neither many addresses nor big batches get around them.
 *
 * Fixed windows counted in the store's rate counters (store/rateCounters.ts), so every service
 * instance sharing the store counts against one quota; ended windows are deleted with the rate
 * limits' (http/rateLimitStore.ts). A take adds to the session's counter, then to the app's;
 * when either passes its quota it takes back what it added, so a refused report counts nothing.
 * Two takes racing near a quota may both see the other's events and both be refused, never
 * both be let past it.
 */
import { API_ERROR_CODES } from "../../../schemas/api";
import type { AnalyticsServiceConfig } from "../../../schemas/analyticsService";
import { HttpError } from "../http/errors";
import type { Clock } from "../runtime";
import type { RateCount, RateCountersRepo } from "../store/rateCounters";
import type { AnalyticsIdentity } from "./analyticsToken";

export interface IngestQuotas {
  /** Count `events` against the identity's session and app, or throw 429 (counting nothing) when either would pass its quota. */
  take(identity: AnalyticsIdentity, events: number): Promise<void>;
}

/** The counter keys; kept apart from the rate limits' `group|address` keys by their prefix. */
const sessionKey = (identity: AnalyticsIdentity) => `quota:session|${identity.sessionRef}`;
const appKey = (identity: AnalyticsIdentity) => `quota:app|${identity.appId}`;

export function createIngestQuotas(counters: RateCountersRepo, clock: Clock, quota: AnalyticsServiceConfig["quota"]): IngestQuotas {
  const per = `${quota.windowMs / 1000} s`;
  const refuse = (what: string, limit: number, counted: RateCount, now: number) =>
    new HttpError(
      429,
      API_ERROR_CODES.rateLimited,
      `analytics quota of ${what} (${limit} events per ${per}) reached; retry in ${Math.ceil((counted.resetAt - now) / 1000)} s`,
    );
  return {
    async take(identity, events) {
      const now = clock.now();
      const session = await counters.hit(sessionKey(identity), events, quota.windowMs, now);
      if (session.count > quota.perSession) {
        await counters.giveBack(sessionKey(identity), events, session.windowStart);
        throw refuse("this session", quota.perSession, session, now);
      }
      const app = await counters.hit(appKey(identity), events, quota.windowMs, now);
      if (app.count > quota.perApp) {
        await Promise.all([
          counters.giveBack(sessionKey(identity), events, session.windowStart),
          counters.giveBack(appKey(identity), events, app.windowStart),
        ]);
        throw refuse(`app ${identity.appId}`, quota.perApp, app, now);
      }
    },
  };
}
