/**
 * The dashboard's counters, kept up to date as events are stored (migration 6), so the
 * dashboard reads a few thousand counter rows instead of every event:
 * - analytics_counts: events per UTC day, app, metric and label (event names, error
 *   statuses, downgrade reasons, attempts failed on the device by reason, the days with page
 *   views, and users per funnel step);
 * - analytics_funnel_users: who reached a browser funnel step on a day, so each user is
 *   counted once per step and day (the insert that adds a user adds to the step's count);
 * - analytics_load_times: page-load samples per day, app and (quantised) milliseconds.
 * What a single event adds (its EventFacts) is worked out by the caller; this file only adds
 * and reads. Labels are capped per day, app and metric: a client inventing a new status per
 * event adds to "(other)" once the cap is reached, so no payload can make the counters grow
 * without bound.
 */
import * as z from "zod";
import type { Sql } from "./sql";
import { parseRows } from "./json";

const ROLLUP_METRICS = ["name", "status", "downgrade", "deviceFailure", "handoff", "cell", "funnel"] as const;
type RollupMetric = (typeof ROLLUP_METRICS)[number];
const FUNNEL_USER_STEPS = ["startPage", "cameraReady"] as const;
type FunnelUserStep = (typeof FUNNEL_USER_STEPS)[number];

/** Distinct labels kept per day, app and metric; the rest count as OTHER_LABEL. */
const LABELS_PER_DAY = 100;
export const OTHER_LABEL = "(other)";

/** What one stored event adds to the counters. */
export interface EventFacts {
  /** "2030-01-01": the UTC day the event counts under. */
  day: string;
  appId: string;
  counts: { metric: RollupMetric; label: string }[];
  funnel: { step: FunnelUserStep; userKey: string }[];
  /** A page-load sample, already quantised; null when the event is none. */
  loadMs: number | null;
}

/** Which counters a dashboard request reads: days from `sinceDay` on, of one app or all. */
export interface RollupQuery {
  sinceDay: string;
  appId: string | null;
}

const countRow = z.object({ metric: z.enum(ROLLUP_METRICS), label: z.string(), count: z.number().int() });
const appRow = z.object({ app_id: z.string() });
const cellRow = z.object({ day: z.string(), app_id: z.string() });
const funnelRow = z.object({ day: z.string(), app_id: z.string(), step: z.enum(FUNNEL_USER_STEPS), users: z.number().int() });
const loadRow = z.object({ ms: z.number(), count: z.number().int() });

export type CountRow = z.infer<typeof countRow>;
export type CellRow = z.infer<typeof cellRow>;
export type FunnelUsersRow = z.infer<typeof funnelRow>;
export type LoadTimeRow = z.infer<typeof loadRow>;

export interface Rollups {
  /** Add the facts of some events (call inside the transaction that stores them). */
  add(facts: readonly EventFacts[]): Promise<void>;
  counts(query: RollupQuery): Promise<CountRow[]>;
  /** Apps with events in range. */
  apps(query: RollupQuery): Promise<string[]>;
  /** Day and app pairs that had page views (a funnel row even when no step was reached). */
  cells(query: RollupQuery): Promise<CellRow[]>;
  funnelUsers(query: RollupQuery): Promise<FunnelUsersRow[]>;
  /** Load samples grouped by milliseconds, ascending. */
  loadTimes(query: RollupQuery): Promise<LoadTimeRow[]>;
  /** Delete at most `limit` counter rows of days before `beforeDay`; returns how many went. */
  purgeBefore(beforeDay: string, limit: number): Promise<number>;
}

// The cast gives PostgreSQL the parameter's type, which `$1 IS NULL` alone does not.
const APP_FILTER = "(CAST(@appId AS TEXT) IS NULL OR app_id = @appId)";

// The label is kept when it is already counted that day or the day still has room for it.
const ADD_COUNT = `INSERT INTO analytics_counts (day, app_id, metric, label, count)
    VALUES (@day, @appId, @metric,
      CASE WHEN EXISTS (SELECT 1 FROM analytics_counts WHERE day = @day AND app_id = @appId AND metric = @metric AND label = @label)
             OR (SELECT COUNT(*) FROM analytics_counts WHERE day = @day AND app_id = @appId AND metric = @metric) < ${LABELS_PER_DAY}
           THEN @label ELSE '${OTHER_LABEL}' END,
      @n)
    ON CONFLICT (day, app_id, metric, label) DO UPDATE SET count = analytics_counts.count + excluded.count`;
const ADD_USER = `INSERT INTO analytics_funnel_users (day, app_id, step, user_key) VALUES (@day, @appId, @step, @userKey)
    ON CONFLICT (day, app_id, step, user_key) DO NOTHING`;
const ADD_LOAD = `INSERT INTO analytics_load_times (day, app_id, ms, count) VALUES (@day, @appId, @ms, @n)
    ON CONFLICT (day, app_id, ms) DO UPDATE SET count = analytics_load_times.count + excluded.count`;
// A batch is picked by primary key (row values), oldest days first.
const PURGES = [
  `DELETE FROM analytics_counts WHERE (day, app_id, metric, label) IN
      (SELECT day, app_id, metric, label FROM analytics_counts WHERE day < @beforeDay LIMIT @limit)`,
  `DELETE FROM analytics_funnel_users WHERE (day, app_id, step, user_key) IN
      (SELECT day, app_id, step, user_key FROM analytics_funnel_users WHERE day < @beforeDay LIMIT @limit)`,
  `DELETE FROM analytics_load_times WHERE (day, app_id, ms) IN
      (SELECT day, app_id, ms FROM analytics_load_times WHERE day < @beforeDay LIMIT @limit)`,
];

function bindings(query: RollupQuery) {
  return { sinceDay: query.sinceDay, appId: query.appId };
}

export function createRollups(sql: Sql): Rollups {
  return {
    async add(facts) {
      // Summed in memory first: a batch of twenty events is mostly one day, app and a few names.
      const countSums = new Map<string, { day: string; appId: string; metric: RollupMetric; label: string; n: number }>();
      const loadSums = new Map<string, { day: string; appId: string; ms: number; n: number }>();
      const count = (f: EventFacts, metric: RollupMetric, label: string) => {
        const key = JSON.stringify([f.day, f.appId, metric, label]);
        const sum = countSums.get(key);
        if (sum) sum.n += 1;
        else countSums.set(key, { day: f.day, appId: f.appId, metric, label, n: 1 });
      };
      for (const f of facts) {
        for (const c of f.counts) count(f, c.metric, c.label);
        for (const u of f.funnel) {
          // Counted only when this user is new to the step that day.
          const added = await sql.run(ADD_USER, { day: f.day, appId: f.appId, step: u.step, userKey: u.userKey });
          if (added.changes > 0) count(f, "funnel", u.step);
        }
        if (f.loadMs !== null) {
          const key = JSON.stringify([f.day, f.appId, f.loadMs]);
          const sum = loadSums.get(key);
          if (sum) sum.n += 1;
          else loadSums.set(key, { day: f.day, appId: f.appId, ms: f.loadMs, n: 1 });
        }
      }
      for (const sum of countSums.values()) await sql.run(ADD_COUNT, sum);
      for (const sum of loadSums.values()) await sql.run(ADD_LOAD, sum);
    },
    counts: async (query) =>
      parseRows("analytics_counts", countRow, await sql.all(
        `SELECT metric, label, SUM(count) AS count FROM analytics_counts
         WHERE day >= @sinceDay AND ${APP_FILTER} AND metric IN ('name', 'status', 'downgrade', 'deviceFailure') GROUP BY metric, label`,
        bindings(query),
      )),
    apps: async (query) =>
      parseRows("analytics_counts", appRow, await sql.all(
        `SELECT DISTINCT app_id FROM analytics_counts WHERE day >= @sinceDay AND ${APP_FILTER} AND metric = 'name'`,
        bindings(query),
      )).map((r) => r.app_id),
    cells: async (query) =>
      parseRows("analytics_counts", cellRow, await sql.all(
        `SELECT DISTINCT day, app_id FROM analytics_counts WHERE day >= @sinceDay AND ${APP_FILTER} AND metric = 'cell'`,
        bindings(query),
      )),
    funnelUsers: async (query) =>
      parseRows("analytics_funnel_users", funnelRow, await sql.all(
        `SELECT day, app_id, label AS step, count AS users FROM analytics_counts
         WHERE day >= @sinceDay AND ${APP_FILTER} AND metric = 'funnel'`,
        bindings(query),
      )),
    loadTimes: async (query) =>
      parseRows("analytics_load_times", loadRow, await sql.all(
        `SELECT ms, SUM(count) AS count FROM analytics_load_times
         WHERE day >= @sinceDay AND ${APP_FILTER} GROUP BY ms ORDER BY ms`,
        bindings(query),
      )),
    async purgeBefore(beforeDay, limit) {
      let deleted = 0;
      for (const purge of PURGES) {
        if (deleted >= limit) break;
        deleted += (await sql.run(purge, { beforeDay, limit: limit - deleted })).changes;
      }
      return deleted;
    },
  };
}
