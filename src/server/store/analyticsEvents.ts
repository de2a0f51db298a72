/**
 * Analytics events: one row per event the browser's analytics client reported (spec §7),
 * plus one row per missing-data and check report. Kept in arrival order (the id), with the
 * order, app, route/pageId and trace id as columns so the dashboard can group by them.
 */
import * as z from "zod";
import type { Db } from "./database";
import { jsonColumn, parseRows } from "./json";

/** What kind of report a row came from. */
export const ANALYTICS_KINDS = ["event", "missing", "check"] as const;
export type AnalyticsKind = (typeof ANALYTICS_KINDS)[number];

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

export interface AnalyticsQuery {
  /** Received at or after (Unix ms). */
  since?: number;
  appId?: string;
  /** At most this many rows, newest last; default 100,000 keeps a dashboard request bounded. */
  limit?: number;
}

/** What the service's own tables know about one order: the server side of the funnel. */
export interface OrderFacts {
  orderNo: string;
  appId: string;
  createdAt: number;
  /** A recording or stream reached the service (any attempt that is not pending or abandoned). */
  recorded: boolean;
  /** A recording was accepted and stored. */
  uploaded: boolean;
  /** The final result: true passed, false failed, null not finished. */
  passed: boolean | null;
}

export interface AnalyticsEventsRepo {
  /** Insert all rows in one transaction, in the given order. */
  insertMany(events: readonly AnalyticsEventInput[]): void;
  list(query?: AnalyticsQuery): AnalyticsEventRecord[];
  /** Orders created since `query.since` (and of `query.appId`), with their funnel facts. */
  orderFacts(query?: AnalyticsQuery): OrderFacts[];
}

const orderFactsRow = z
  .object({
    order_no: z.string(),
    app_id: z.string(),
    created_at: z.number().int(),
    recorded: z.number().int(),
    uploaded: z.number().int(),
    passed: z.number().int().nullable(),
  })
  .transform(
    (r): OrderFacts => ({
      orderNo: r.order_no,
      appId: r.app_id,
      createdAt: r.created_at,
      recorded: r.recorded > 0,
      uploaded: r.uploaded > 0,
      passed: r.passed === null ? null : r.passed === 1,
    }),
  );

const DEFAULT_LIST_LIMIT = 100_000;

function bindings(query: AnalyticsQuery): { since: number; appId: string | null; limit: number } {
  return { since: query.since ?? 0, appId: query.appId ?? null, limit: query.limit ?? DEFAULT_LIST_LIMIT };
}

export function createAnalyticsEventsRepo(db: Db): AnalyticsEventsRepo {
  const insert = db.prepare(`INSERT INTO analytics_events
      (kind, name, app_id, order_no, open_id, trace_id, route, page_id, event_at, payload, received_at)
      VALUES (@kind, @name, @appId, @orderNo, @openId, @traceId, @route, @pageId, @eventAt, @payload, @receivedAt)`);
  // The newest `limit` rows, returned oldest first.
  const list = db.prepare(`SELECT * FROM (
      SELECT * FROM analytics_events
      WHERE received_at >= @since AND (@appId IS NULL OR app_id = @appId)
      ORDER BY id DESC LIMIT @limit) ORDER BY id`);
  const facts = db.prepare(`SELECT o.order_no, o.app_id, o.created_at,
      (SELECT COUNT(*) FROM attempts a WHERE a.order_no = o.order_no AND a.status NOT IN ('pending', 'abandoned')) AS recorded,
      (SELECT COUNT(*) FROM recordings r JOIN attempts a ON a.id = r.attempt_id WHERE a.order_no = o.order_no) AS uploaded,
      (SELECT passed FROM results s WHERE s.order_no = o.order_no) AS passed
    FROM orders o
    WHERE o.created_at >= @since AND (@appId IS NULL OR o.app_id = @appId)
    ORDER BY o.created_at DESC LIMIT @limit`);
  const insertAll = db.transaction((events: readonly AnalyticsEventInput[]) => {
    for (const e of events) {
      insert.run({
        kind: e.kind, name: e.name, appId: e.appId, orderNo: e.orderNo, openId: e.openId, traceId: e.traceId,
        route: e.route, pageId: e.pageId, eventAt: e.eventAt, payload: JSON.stringify(e.data), receivedAt: e.receivedAt,
      });
    }
  });
  return {
    insertMany: (events) => insertAll(events),
    list: (query = {}) =>
      parseRows(
        "analytics_events",
        eventRow,
        list.all(bindings(query)),
      ),
    orderFacts: (query = {}) => parseRows("orders", orderFactsRow, facts.all(bindings(query))),
  };
}
