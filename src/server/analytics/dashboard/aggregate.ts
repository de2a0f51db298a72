/**
 * The dashboard's numbers, from the counters the store keeps as events arrive
 * (store/analyticsRollups.ts, facts in eventFacts.ts) and the per-day order funnel the store
 * computes with GROUP BY. Pure: the caller runs the queries and passes their rows; nothing
 * here is proportional to the number of events stored.
 *
 * Funnel steps count distinct users per day and app: browser steps (start page, camera ready)
 * count the users whose events show the page; service steps (launched, recorded, uploaded,
 * passed, failed) count orders, because the service knows them even when a browser never
 * reported. Totals and per-app figures are sums of the per-day cells.
 */
import { HANDOFF_STEPS } from "../../../../schemas/handoff";
import type { OrderFunnelRow } from "../../store/analyticsEvents";
import type { CellRow, CountRow, FunnelUsersRow, LoadTimeRow } from "../../store/analyticsRollups";

export { dayOf } from "./eventFacts";

export const FUNNEL_STEPS = ["launched", "startPage", "cameraReady", "recorded", "uploaded", "passed", "failed"] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];
export type FunnelCounts = Record<FunnelStep, number>;

/** Upper bounds (ms) of the page-load histogram; the last bucket is open-ended. */
export const LOAD_BUCKETS_MS = [100, 250, 500, 1000, 2000, 3000, 5000] as const;

interface Count {
  label: string;
  count: number;
}

interface DayFunnel {
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
  /** Phone handoffs (issue 32) by step, in the steps' order: offered, opened, completed, abandoned. */
  handoffs: Count[];
  /** Attempts the device ended before the service got a recording, by "<kind>.<reason>" (eventFacts.ts). */
  deviceFailures: { total: number; reasons: Count[] };
  events: { total: number; byName: Count[] };
}

/** The rows a dashboard request reads. */
interface DashboardRows {
  counts: readonly CountRow[];
  cells: readonly CellRow[];
  funnelUsers: readonly FunnelUsersRow[];
  loadTimes: readonly LoadTimeRow[];
  orders: readonly OrderFunnelRow[];
  /** Apps with events in range. */
  eventApps: readonly string[];
}

const DAY_MS = 86_400_000;
const TOP = 10;

function emptyCounts(): FunnelCounts {
  return { launched: 0, startPage: 0, cameraReady: 0, recorded: 0, uploaded: 0, passed: 0, failed: 0 };
}

function top(rows: readonly CountRow[], metric: CountRow["metric"], limit = TOP): Count[] {
  return rows
    .filter((r) => r.metric === metric)
    .map((r) => ({ label: r.label, count: r.count }))
    .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label))
    .slice(0, limit);
}

/** The median of samples given as ascending (value, count) groups. */
function groupedMedian(groups: readonly LoadTimeRow[], samples: number): number | null {
  if (samples === 0) return null;
  // The sorted list's elements at these 0-based positions: one for an odd count, two to average for an even one.
  const lower = Math.floor((samples - 1) / 2);
  const upper = Math.floor(samples / 2);
  let seen = 0;
  let lowValue: number | null = null;
  for (const group of groups) {
    seen += group.count;
    if (lowValue === null && seen > lower) lowValue = group.ms;
    if (seen > upper) return lowValue === null ? group.ms : (lowValue + group.ms) / 2;
  }
  return lowValue;
}

function loadBucketLabel(index: number): string {
  const upper = LOAD_BUCKETS_MS[index];
  const lower = index === 0 ? 0 : LOAD_BUCKETS_MS[index - 1];
  return upper === undefined ? `>${LOAD_BUCKETS_MS[LOAD_BUCKETS_MS.length - 1]}` : `${lower}-${upper}`;
}

export function aggregate(input: { rows: DashboardRows; since: number; until: number; appId: string | null }): AnalyticsAggregates {
  const { rows } = input;
  const cells = new Map<string, DayFunnel>();
  const cell = (day: string, appId: string): FunnelCounts => {
    const key = `${day}|${appId}`;
    let found = cells.get(key);
    if (!found) cells.set(key, (found = { day, appId, counts: emptyCounts() }));
    return found.counts;
  };
  for (const o of rows.orders) {
    const c = cell(o.day, o.appId);
    c.launched += o.launched;
    c.recorded += o.recorded;
    c.uploaded += o.uploaded;
    c.passed += o.passed;
    c.failed += o.failed;
  }
  for (const c of rows.cells) cell(c.day, c.app_id);
  for (const f of rows.funnelUsers) cell(f.day, f.app_id)[f.step] += f.users;

  const buckets = new Array<number>(LOAD_BUCKETS_MS.length + 1).fill(0);
  let samples = 0;
  for (const group of rows.loadTimes) {
    const index = LOAD_BUCKETS_MS.findIndex((upper) => group.ms <= upper);
    const slot = index === -1 ? LOAD_BUCKETS_MS.length : index;
    buckets[slot] = (buckets[slot] ?? 0) + group.count;
    samples += group.count;
  }

  const byDay = [...cells.values()].sort((a, b) => a.day.localeCompare(b.day) || a.appId.localeCompare(b.appId));
  const sum = (list: readonly DayFunnel[]): FunnelCounts => {
    const total = emptyCounts();
    for (const row of list) for (const step of FUNNEL_STEPS) total[step] += row.counts[step];
    return total;
  };
  const apps = [...new Set([...rows.orders.map((o) => o.appId), ...rows.eventApps])].sort();
  return {
    range: { since: input.since, until: input.until, days: Math.round((input.until - input.since) / DAY_MS), appId: input.appId },
    apps,
    funnel: {
      total: sum(byDay),
      byApp: apps.map((appId) => ({ appId, counts: sum(byDay.filter((row) => row.appId === appId)) })),
      byDay,
    },
    errorStatuses: top(rows.counts, "status"),
    pageLoad: { buckets: buckets.map((count, i) => ({ label: loadBucketLabel(i), count })), samples, medianMs: groupedMedian(rows.loadTimes, samples) },
    // Every reason of spec §3 (eleven codes), not only the top ten.
    downgrades: top(rows.counts, "downgrade", 16),
    handoffs: HANDOFF_STEPS.map((step) => ({ label: step, count: rows.counts.filter((r) => r.metric === "handoff" && r.label === step).reduce((n, r) => n + r.count, 0) })),
    deviceFailures: {
      total: rows.counts.filter((r) => r.metric === "deviceFailure").reduce((n, r) => n + r.count, 0),
      reasons: top(rows.counts, "deviceFailure", 16),
    },
    events: { total: rows.counts.filter((r) => r.metric === "name").reduce((n, r) => n + r.count, 0), byName: top(rows.counts, "name", 50) },
  };
}
