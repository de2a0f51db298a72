/**
 * How many events a session, and all sessions of an app together, may store per window.
 * The per-address rate limit counts requests; these count events, and they follow the
 * authenticated session and app, so neither many addresses nor big batches get around them.
 *
 * Fixed windows counted in memory: cheap on every request, and bounded (one entry per
 * session and app seen in the current window; the counts restart with the next window). A
 * deployment of N service processes allows N times the quota, like its rate limits; a shared
 * counter (PostgreSQL) would be the next step past one machine.
 */
import { API_ERROR_CODES } from "../../../schemas/api";
import type { AnalyticsServiceConfig } from "../../../schemas/analyticsService";
import { HttpError } from "../http/errors";
import type { Clock } from "../runtime";
import type { AnalyticsIdentity } from "./analyticsToken";

export interface IngestQuotas {
  /** Count `events` against the identity's session and app, or throw 429 (counting nothing) when either would pass its quota. */
  take(identity: AnalyticsIdentity, events: number): void;
}

export function createIngestQuotas(clock: Clock, quota: AnalyticsServiceConfig["quota"]): IngestQuotas {
  let windowStart = Number.NEGATIVE_INFINITY;
  const bySession = new Map<string, number>();
  const byApp = new Map<string, number>();
  return {
    take(identity, events) {
      const now = clock.now();
      const start = Math.floor(now / quota.windowMs) * quota.windowMs;
      if (start !== windowStart) {
        windowStart = start;
        bySession.clear();
        byApp.clear();
      }
      const session = (bySession.get(identity.sessionRef) ?? 0) + events;
      const app = (byApp.get(identity.appId) ?? 0) + events;
      const retry = `retry in ${Math.ceil((start + quota.windowMs - now) / 1000)} s`;
      if (session > quota.perSession) {
        throw new HttpError(429, API_ERROR_CODES.rateLimited, `analytics quota of this session (${quota.perSession} events per ${quota.windowMs / 1000} s) reached; ${retry}`);
      }
      if (app > quota.perApp) {
        throw new HttpError(429, API_ERROR_CODES.rateLimited, `analytics quota of app ${identity.appId} (${quota.perApp} events per ${quota.windowMs / 1000} s) reached; ${retry}`);
      }
      bySession.set(identity.sessionRef, session);
      byApp.set(identity.appId, app);
    },
  };
}
