/**
 * Analytics events: one row per event the browser's analytics client reported (spec §7),
 * plus one row per missing-data and check report. Kept in arrival order (the id), with the
 * order, app, route/pageId and trace id as columns. The dashboard never reads them all: every
 * insert also adds the event's facts to the counters of analyticsRollups.ts, in the same
 * transaction, and the orders' side of the funnel is counted by triggers (migration 7); rows stored before those counters existed (counted = 0) are added by the
 * maintenance job (countLegacy), and old rows and counters are deleted in batches (purge*).
 */
import * as z from "zod";
import type { Dialect, Sql } from "./sql";
import { createRollups, type EventFacts, type RollupQuery, type Rollups } from "./analyticsRollups";
import { jsonColumn, parseRows } from "./json";

/** What kind of report a row came from. */
const ANALYTICS_KINDS = ["event", "missing", "check"] as const;
type AnalyticsKind = (typeof ANALYTICS_KINDS)[number];

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export interface AnalyticsEventInput {
  kind: AnalyticsKind;
  name: string;
  appId: string | null;
  orderNo: string | null;
  openId: string | null;
  traceId: string | null;
  route: string | null;
  pageId: string | null;
  /** When the browser says the event happened (Unix ms). */
  eventAt: number | null;
  /** The event's data (or the whole report for missing/check), stored as JSON. */
  data: JsonValue;
  receivedAt: number;
}

export interface AnalyticsEventRecord extends AnalyticsEventInput {
  id: number;
}

const jsonValue: z.ZodType<JsonValue> = z.lazy(() =>
  z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(jsonValue), z.record(z.string(), jsonValue)]),
);

const eventRow = z
  .object({
    id: z.number().int(),
    kind: z.enum(ANALYTICS_KINDS),
    name: z.string().nullable(),
    app_id: z.string().nullable(),
    order_no: z.string().nullable(),
    open_id: z.string().nullable(),
    trace_id: z.string().nullable(),
    route: z.string().nullable(),
    page_id: z.string().nullable(),
    event_at: z.number().nullable(),
    payload: jsonColumn(jsonValue),
    received_at: z.number().int(),
  })
  .transform(
    (r): AnalyticsEventRecord => ({
      id: r.id,
      kind: r.kind,
      name: r.name ?? r.kind,
      appId: r.app_id,
      orderNo: r.order_no,
      openId: r.open_id,
      traceId: r.trace_id,
      route: r.route,
      pageId: r.page_id,
      eventAt: r.event_at,
      data: r.payload,
      receivedAt: r.received_at,
    }),
  );

interface AnalyticsQuery {
  /** Received at or after (Unix ms). */
  since?: number;
  appId?: string;
  /** Only rows of this kind. */
  kind?: AnalyticsKind;
  /** At most this many rows, the newest; default 100,000 keeps a request bounded. */
  limit?: number;
}

/** The service side of the funnel for one UTC day and app: orders and what became of them. */
export interface OrderFunnelRow {
  day: string;
  appId: string;
  launched: number;
  /** Orders with a recording or stream that reached the service (an attempt not pending or abandoned). */
  recorded: number;
  /** Orders with a recording accepted and stored. */
  uploaded: number;
  passed: number;
  failed: number;
}

/** What an event adds to the dashboard's counters; null for rows the dashboard does not count. */
export type FactsOf = (event: AnalyticsEventInput) => EventFacts | null;

export interface AnalyticsEventsRepo {
  /** Insert all rows and add their facts to the counters, in one transaction, in the given order. */
  insertMany(events: readonly AnalyticsEventInput[], factsOf: FactsOf): Promise<void>;
  /** The newest rows matching `query` (received time, then id), returned oldest first. */
  list(query?: AnalyticsQuery): Promise<AnalyticsEventRecord[]>;
  /** The dashboard's counters. */
  rollups: Pick<Rollups, "apps" | "counts" | "cells" | "funnelUsers" | "loadTimes">;
  /** Orders created on `sinceDay` or later (of `appId`, or all), counted per UTC day and app. */
  orderFunnel(query: RollupQuery): Promise<OrderFunnelRow[]>;
  /** Add up to `limit` rows stored before the counters existed to them; returns how many. */
  countLegacy(limit: number, factsOf: FactsOf): Promise<number>;
  /** Delete up to `limit` events received before `before` (Unix ms); returns how many went. */
  purgeEventsBefore(before: number, limit: number): Promise<number>;
  /** Delete up to `limit` counter rows of days before `beforeDay`; returns how many went. */
  purgeCountersBefore(beforeDay: string, limit: number): Promise<number>;
}

const orderFunnelRow = z
  .object({
    day: z.string(),
    app_id: z.string(),
    launched: z.number().int(),
    recorded: z.number().int(),
    uploaded: z.number().int(),
    passed: z.number().int(),
    failed: z.number().int(),
  })
  .transform((r): OrderFunnelRow => ({ day: r.day, appId: r.app_id, launched: r.launched, recorded: r.recorded, uploaded: r.uploaded, passed: r.passed, failed: r.failed }));

const DEFAULT_LIST_LIMIT = 100_000;

function listBindings(query: AnalyticsQuery): { since: number; appId: string | null; kind: string | null; limit: number } {
  return { since: query.since ?? 0, appId: query.appId ?? null, kind: query.kind ?? null, limit: query.limit ?? DEFAULT_LIST_LIMIT };
}

const INSERT = `INSERT INTO analytics_events
    (kind, name, app_id, order_no, open_id, trace_id, route, page_id, event_at, payload, received_at, counted)
    VALUES (@kind, @name, @appId, @orderNo, @openId, @traceId, @route, @pageId, @eventAt, @payload, @receivedAt, 1)`;

/** Newest first by the time indexes (by time, or by app and time), so a short range reads only its rows. */
function listSql(dialect: Dialect, ofApp: boolean): string {
  // SQLite's planner picks the time index for an app's rows unless told; PostgreSQL's does not need telling.
  const table = ofApp && dialect === "sqlite" ? "analytics_events INDEXED BY analytics_events_by_app" : "analytics_events";
  return `SELECT * FROM ${table}
      WHERE ${ofApp ? "app_id = @appId AND " : ""}received_at >= @since AND (CAST(@kind AS TEXT) IS NULL OR kind = @kind)
      ORDER BY received_at DESC, id DESC LIMIT @limit`;
}

export function createAnalyticsEventsRepo(sql: Sql): AnalyticsEventsRepo {
  return {
    insertMany: (events, factsOf) =>
      sql.transaction(async (tx) => {
        const facts: EventFacts[] = [];
        for (const e of events) {
          await tx.run(INSERT, {
            kind: e.kind, name: e.name, appId: e.appId, orderNo: e.orderNo, openId: e.openId, traceId: e.traceId,
            route: e.route, pageId: e.pageId, eventAt: e.eventAt, payload: JSON.stringify(e.data), receivedAt: e.receivedAt,
          });
          const f = factsOf(e);
          if (f !== null) facts.push(f);
        }
        await createRollups(tx).add(facts);
      }),
    async list(query = {}) {
      const b = listBindings(query);
      const rows = b.appId === null
        ? await sql.all(listSql(sql.dialect, false), { since: b.since, kind: b.kind, limit: b.limit })
        : await sql.all(listSql(sql.dialect, true), b);
      return parseRows("analytics_events", eventRow, rows).reverse();
    },
    rollups: createRollups(sql),
    // Kept by the triggers of migration 7 as orders, attempts, recordings and results change.
    orderFunnel: async (query) =>
      parseRows("orders", orderFunnelRow, await sql.all(
        `SELECT day, app_id, launched, recorded, uploaded, passed, failed FROM analytics_order_counts
         WHERE day >= @sinceDay AND (CAST(@appId AS TEXT) IS NULL OR app_id = @appId) AND launched > 0`,
        { sinceDay: query.sinceDay, appId: query.appId },
      )),
    countLegacy: (limit, factsOf) =>
      sql.transaction(async (tx) => {
        const rows = parseRows("analytics_events", eventRow, await tx.all(`SELECT * FROM analytics_events WHERE counted = 0 ORDER BY id LIMIT ?`, [limit]));
        const facts: EventFacts[] = [];
        for (const row of rows) {
          const f = factsOf(row);
          if (f !== null) facts.push(f);
          await tx.run(`UPDATE analytics_events SET counted = 1 WHERE id = ?`, [row.id]);
        }
        await createRollups(tx).add(facts);
        return rows.length;
      }),
    purgeEventsBefore: async (before, limit) =>
      (await sql.run(
        `DELETE FROM analytics_events WHERE id IN
           (SELECT id FROM analytics_events WHERE received_at < @before ORDER BY received_at LIMIT @limit)`,
        { before, limit },
      )).changes,
    purgeCountersBefore: (beforeDay, limit) => createRollups(sql).purgeBefore(beforeDay, limit),
  };
}
