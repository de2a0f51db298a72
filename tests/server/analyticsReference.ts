/**
 * The dashboard's numbers as they were computed before issue 18: every event of the range
 * loaded into memory and tallied here. Kept only as a reference, so a test can check that
 * the counters the dashboard reads now (src/server/analytics/dashboard/aggregate.ts) give the
 * same figures on the same fixture. Copied from that file's last in-memory version; the
 * device failures (issue 35) are tallied here the same plain way, from the events.
 */
import { ERROR_STATUSES } from "../../schemas/errors";
import { DOWNGRADE_REASONS } from "../../schemas/session";
import { HANDOFF_STEPS } from "../../schemas/handoff";
import type { Sql } from "../../src/server/store/sql";
import type { AnalyticsEventRecord, JsonValue } from "../../src/server/store/analyticsEvents";

/** What the service's own tables know about one order (the old repository's orderFacts). */
export interface OrderFacts {
  orderNo: string;
  appId: string;
  createdAt: number;
  recorded: boolean;
  uploaded: boolean;
  passed: boolean | null;
}

/** The old orderFacts query: orders created since `since` (of `appId`), newest 100,000. */
export async function referenceOrderFacts(sql: Sql, since: number, appId: string | null): Promise<OrderFacts[]> {
  const rows = (await sql.all(
    `SELECT o.order_no, o.app_id, o.created_at,
      (SELECT COUNT(*) FROM attempts a WHERE a.order_no = o.order_no AND a.status NOT IN ('pending', 'abandoned')) AS recorded,
      (SELECT COUNT(*) FROM recordings r JOIN attempts a ON a.id = r.attempt_id WHERE a.order_no = o.order_no) AS uploaded,
      (SELECT passed FROM results s WHERE s.order_no = o.order_no) AS passed
    FROM orders o
    WHERE o.created_at >= @since AND (@appId IS NULL OR o.app_id = @appId)
    ORDER BY o.created_at DESC LIMIT 100000`,
    { since, appId },
  )) as { order_no: string; app_id: string; created_at: number; recorded: number; uploaded: number; passed: number | null }[];
  return rows.map((r) => ({ orderNo: r.order_no, appId: r.app_id, createdAt: r.created_at, recorded: r.recorded > 0, uploaded: r.uploaded > 0, passed: r.passed === null ? null : r.passed === 1 }));
}

export const FUNNEL_STEPS = ["launched", "startPage", "cameraReady", "recorded", "uploaded", "passed", "failed"] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];
export type FunnelCounts = Record<FunnelStep, number>;

/** Route names (the pageId without its gray-version suffix) that mean a funnel step was reached. */
const START_PAGES: ReadonlySet<string> = new Set(["pre", "h5pre", "action_pre", "action_pre_slient", "action_h5pre", "action_h5pre_slient", "action_trtc_pre"]);
const CAMERA_PAGES: ReadonlySet<string> = new Set(["vertify", "action_vertify", "action_trtc_record", "action_trtc_willRecord", "action_ws_record"]);
const ERROR_PAGES: ReadonlySet<string> = new Set(["error", "action_error"]);
/** Statistics that are error statuses in their own right (spec §2 guard, §8 catalogue). */
const STATUS_EVENTS: ReadonlySet<string> = new Set(["noCookie", "launchInvalid"]);
/** Downgrade reasons (spec §3) by code: "9 webcamNoPermissionQuickly" (issue 16: reasons only, from the downgrade event). */
const DOWNGRADE_LABELS = new Map<number, string>(Object.entries(DOWNGRADE_REASONS).map(([name, code]) => [code, `${code} ${name}`]));

/** Statistics of attempts that failed on the device, the kind each counts under and the data field naming why. */
const DEVICE_FAILURES: Record<string, [kind: string, field: string]> = {
  guidanceFailed: ["guidance", "reason"],
  captureFailed: ["camera", "status"],
  capturePrepareFailed: ["prepare", "status"],
  realtimeFailed: ["realtime", "status"],
  recordingRefused: ["refused", "status"],
  uploadFailed: ["upload", "status"],
};
const GUIDANCE_REASONS: readonly string[] = ["face", "action", "silent"];
const STATUSES: readonly string[] = ERROR_STATUSES;

/** Upper bounds (ms) of the page-load histogram; the last bucket is open-ended. */
export const LOAD_BUCKETS_MS = [100, 250, 500, 1000, 2000, 3000, 5000] as const;

export interface Count {
  label: string;
  count: number;
}

export interface DayFunnel {
  day: string;
  appId: string;
  counts: FunnelCounts;
}

export interface AnalyticsAggregates {
  range: { since: number; until: number; days: number; appId: string | null };
  apps: string[];
  funnel: { total: FunnelCounts; byApp: { appId: string; counts: FunnelCounts }[]; byDay: DayFunnel[] };
  errorStatuses: Count[];
  pageLoad: { buckets: Count[]; samples: number; medianMs: number | null };
  downgrades: Count[];
  handoffs: Count[];
  deviceFailures: { total: number; reasons: Count[] };
  events: { total: number; byName: Count[] };
}

const DAY_MS = 86_400_000;
const TOP = 10;

/** "2030-01-01" (UTC) of a Unix ms time. */
export function dayOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function emptyCounts(): FunnelCounts {
  return { launched: 0, startPage: 0, cameraReady: 0, recorded: 0, uploaded: 0, passed: 0, failed: 0 };
}

function text(data: JsonValue, key: string): string | null {
  if (data === null || typeof data !== "object" || Array.isArray(data)) return null;
  const value = data[key];
  return typeof value === "string" || typeof value === "number" ? String(value) : null;
}

function numberIn(data: JsonValue, key: string): number | null {
  if (data === null || typeof data !== "object" || Array.isArray(data)) return null;
  const value = data[key];
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

/** The route name of a pageView: its data.pageId ("h5pre_0") without the gray-version suffix. */
export function routeNameOf(event: AnalyticsEventRecord): string | null {
  const pageId = text(event.data, "pageId") ?? event.pageId;
  return pageId === null ? null : pageId.replace(/_\d+$/, "");
}

/** The status an error page showed: data.status, else the route's ?status= query value. */
function statusOf(event: AnalyticsEventRecord): string {
  const fromData = text(event.data, "status");
  if (fromData) return fromData;
  const query = event.route?.split("?")[1];
  return (query && new URLSearchParams(query).get("status")) || "unknown";
}

function userKey(event: AnalyticsEventRecord): string | null {
  return event.orderNo ?? event.openId ?? event.traceId;
}

function tally(map: Map<string, number>, label: string): void {
  map.set(label, (map.get(label) ?? 0) + 1);
}

function top(map: Map<string, number>, limit = TOP): Count[] {
  return [...map].map(([label, count]) => ({ label, count })).sort((a, b) => b.count - a.count || a.label.localeCompare(b.label)).slice(0, limit);
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? null) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

export function loadBucketLabel(index: number): string {
  const upper = LOAD_BUCKETS_MS[index];
  const lower = index === 0 ? 0 : LOAD_BUCKETS_MS[index - 1];
  return upper === undefined ? `>${LOAD_BUCKETS_MS[LOAD_BUCKETS_MS.length - 1]}` : `${lower}-${upper}`;
}

export function referenceAggregate(input: {
  events: readonly AnalyticsEventRecord[];
  orders: readonly OrderFacts[];
  since: number;
  until: number;
  appId: string | null;
}): AnalyticsAggregates {
  const events = input.events.filter((e) => e.kind === "event");
  // Funnel cells keyed by day|app; browser steps keep the distinct users seen.
  const cells = new Map<string, { counts: FunnelCounts; start: Set<string>; camera: Set<string> }>();
  const cell = (day: string, appId: string) => {
    const key = `${day}|${appId}`;
    let found = cells.get(key);
    if (!found) cells.set(key, (found = { counts: emptyCounts(), start: new Set(), camera: new Set() }));
    return found;
  };
  for (const order of input.orders) {
    const c = cell(dayOf(order.createdAt), order.appId).counts;
    c.launched += 1;
    if (order.recorded) c.recorded += 1;
    if (order.uploaded) c.uploaded += 1;
    if (order.passed === true) c.passed += 1;
    if (order.passed === false) c.failed += 1;
  }

  const statuses = new Map<string, number>();
  const degrades = new Map<string, number>();
  const handoffs = new Map<string, number>();
  const failures = new Map<string, number>();
  const names = new Map<string, number>();
  const loads: number[] = [];
  const buckets = new Array<number>(LOAD_BUCKETS_MS.length + 1).fill(0);
  const apps = new Set(input.orders.map((o) => o.appId));
  for (const event of events) {
    tally(names, event.name);
    if (event.appId) apps.add(event.appId);
    const route = routeNameOf(event);
    if (event.name === "pageView" && route !== null) {
      const key = userKey(event);
      const c = cell(dayOf(event.eventAt ?? event.receivedAt), event.appId ?? "unknown");
      if (key && START_PAGES.has(route)) c.start.add(key);
      if (key && CAMERA_PAGES.has(route)) c.camera.add(key);
      if (ERROR_PAGES.has(route)) tally(statuses, statusOf(event));
    }
    if (STATUS_EVENTS.has(event.name)) tally(statuses, event.name);
    if (event.name === "handoff") {
      const step = text(event.data, "step");
      if (step !== null && (HANDOFF_STEPS as readonly string[]).includes(step)) tally(handoffs, step);
    }
    if (event.name === "downgrade") {
      const code = numberIn(event.data, "reason");
      tally(degrades, (code !== null && DOWNGRADE_LABELS.get(code)) || "unknown");
    }
    const failure = DEVICE_FAILURES[event.name];
    if (failure) {
      const [kind, field] = failure;
      const reason = text(event.data, field);
      const known = kind === "guidance" ? GUIDANCE_REASONS : STATUSES;
      tally(failures, `${kind}.${reason !== null && known.includes(reason) ? reason : "unknown"}`);
    }
    if (event.name === "pageLoadTime" || event.name === "pageLoadSlow") {
      const ms = numberIn(event.data, "ms");
      if (ms === null) continue;
      loads.push(ms);
      const index = LOAD_BUCKETS_MS.findIndex((upper) => ms <= upper);
      const slot = index === -1 ? LOAD_BUCKETS_MS.length : index;
      buckets[slot] = (buckets[slot] ?? 0) + 1;
    }
  }

  const byDay: DayFunnel[] = [...cells]
    .map(([key, value]) => {
      const [day = "", appId = ""] = key.split("|");
      return { day, appId, counts: { ...value.counts, startPage: value.start.size, cameraReady: value.camera.size } };
    })
    .sort((a, b) => a.day.localeCompare(b.day) || a.appId.localeCompare(b.appId));
  const sum = (rows: readonly DayFunnel[]): FunnelCounts => {
    const total = emptyCounts();
    for (const row of rows) for (const step of FUNNEL_STEPS) total[step] += row.counts[step];
    return total;
  };
  const appList = [...apps].sort();
  return {
    range: { since: input.since, until: input.until, days: Math.round((input.until - input.since) / DAY_MS), appId: input.appId },
    apps: appList,
    funnel: {
      total: sum(byDay),
      byApp: appList.map((appId) => ({ appId, counts: sum(byDay.filter((row) => row.appId === appId)) })),
      byDay,
    },
    errorStatuses: top(statuses),
    pageLoad: { buckets: buckets.map((count, i) => ({ label: loadBucketLabel(i), count })), samples: loads.length, medianMs: median(loads) },
    downgrades: top(degrades, 16),
    handoffs: HANDOFF_STEPS.map((step) => ({ label: step, count: handoffs.get(step) ?? 0 })),
    deviceFailures: { total: [...failures.values()].reduce((n, c) => n + c, 0), reasons: top(failures, 16) },
    events: { total: events.length, byName: top(names, 50) },
  };
}
