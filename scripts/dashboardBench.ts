/**
 * `BENCH_ONLY=dashboard npm run bench` (issue 18, finding 1): the staff dashboard at
 * 1,000,000 stored analytics events. Seeds a temporary SQLite store through the ingest's own
 * insert path (one transaction, prepared statements; counters kept as the service keeps them)
 * with 90 days of traffic of three apps: about 50,000 users of twenty-odd events each, and one
 * order per user with its outcome. Then starts the service on it and times dashboard requests
 * over HTTP, median and p95 per range. The goal: every request under 200 ms.
 *
 * BENCH_DASHBOARD_EVENTS (default 1,000,000) and BENCH_DASHBOARD_RUNS (default 30) change the
 * size and the number of timed requests per case (at most 100: the dashboard's rate limit).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildApp } from "../src/server/app";
import { createFactsOf } from "../src/server/analytics/dashboard/eventFacts";
import { createStore, type Store } from "../src/server/store";
import type { AnalyticsEventInput } from "../src/server/store/analyticsEvents";
import type { JobRunner } from "../src/server/verify/workerPool";
import { saveBenchPart } from "./benchResults";

const EVENTS = Number(process.env.BENCH_DASHBOARD_EVENTS ?? 1_000_000);
const RUNS = Math.min(100, Number(process.env.BENCH_DASHBOARD_RUNS ?? 30));
const GOAL_MS = 200;
const DAY = 86_400_000;
const DAYS = 90;
const APPS = ["TIDA0001", "PARTNER02", "PARTNER03"] as const;
const EVENTS_PER_USER = 20;
const ADMIN_TOKEN = "bench-admin-token-0123456789";

/** A small deterministic generator, so every run seeds the same store. */
function generator(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const NAMES = ["click", "stayTime", "requestError", "scriptError", "resourceError", "deviceStats", "cameraStart", "uploadStart", "uploadDone", "willDowngrade"];
const STATUSES = ["uploadFail", "cameraDenied", "networkError", "faceNotFound", "timeout", "noCookieException", "exitException", "publicError"];
const START = ["h5pre_0", "action_h5pre_0", "pre_0"];
const CAMERA = ["vertify_0", "action_vertify_0", "action_ws_record_0"];

/** One user's events: start page, often the camera, sometimes an error or a downgrade, load times, other statistics. */
function userEvents(random: () => number, user: number, at: number, appId: string, receivedAt: number): AnalyticsEventInput[] {
  const orderNo = `bench_${user.toString(36).padStart(8, "0")}`;
  const base = { appId, orderNo, openId: null, traceId: `t${user}`, route: "/start", pageId: `p${user}`, receivedAt };
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const out: AnalyticsEventInput[] = [];
  const add = (name: string, data: Record<string, string | number>) => out.push({ kind: "event", name, eventAt: at + out.length * 1000, data, ...base });
  add("pageView", { pageId: pick(START) });
  add("pageLoadTime", { pageId: "h5pre_0", ms: Math.round(80 + random() * random() * 4000) });
  if (random() < 0.7) {
    add("pageView", { pageId: pick(CAMERA) });
    add("pageLoadTime", { pageId: "vertify_0", ms: Math.round(150 + random() * 3000) });
  }
  if (random() < 0.15) add("pageView", { pageId: "error_0", status: pick(STATUSES) });
  if (random() < 0.05) add("pageView", { pageId: "willDegrade_transition_0", reason: pick(["noTrtc", "cameraDenied", "wsFailed"]) });
  while (out.length < EVENTS_PER_USER) add(pick(NAMES), { n: out.length });
  return out;
}

/** Seed BENCH_DASHBOARD_EVENTS events and one order per user into `store`, in one transaction. */
export async function seedStore(store: Store, now: number): Promise<{ users: number; ms: number }> {
  const started = performance.now();
  const random = generator(18);
  const factsOf = createFactsOf(DAYS * DAY);
  const insertApp = `INSERT OR IGNORE INTO apps (app_id, secret, allowed_origins, options, created_at, updated_at) VALUES (?, ?, '["self"]', '{}', ?, ?)`;
  const insertOrder = `INSERT INTO orders (order_no, app_id, h5_face_id, user_id, live_type, actions, theme, return_url, launch_options, max_attempts, state, created_at, updated_at)
      VALUES (@orderNo, @appId, @orderNo, 'u', '2', '["2"]', '', 'http://127.0.0.1/', '{}', 3, @state, @createdAt, @createdAt)`;
  const insertAttempt = `INSERT INTO attempts (order_no, seq, channel, status, created_at) VALUES (?, 1, 'upload', ?, ?) RETURNING id`;
  const insertResult = `INSERT INTO results (order_no, attempt_id, passed, payload, created_at) VALUES (?, ?, ?, '{}', ?)`;
  let users = 0;
  await store.transaction(async (tx) => {
    for (const appId of APPS) await tx.sql.run(insertApp, [appId, "bench-secret-0123456789abcdef0123", now, now]);
    let chunk: AnalyticsEventInput[] = [];
    for (let stored = 0; stored < EVENTS; ) {
      const appId = APPS[Math.floor(random() * random() * APPS.length)] ?? "TIDA0001";
      const at = now - Math.floor(random() * DAYS * DAY);
      const events = userEvents(random, users, at, appId, Math.min(now, at + 2000)).slice(0, EVENTS - stored);
      const orderNo = events[0]?.orderNo ?? "";
      const outcome = random();
      await tx.sql.run(insertOrder, { orderNo, appId, createdAt: at, state: outcome < 0.6 ? "passed" : outcome < 0.8 ? "failed" : "in_progress" });
      if (outcome < 0.8) {
        const attempt = (await tx.sql.get(insertAttempt, [orderNo, outcome < 0.6 ? "passed" : "failed", at])) as { id: number };
        await tx.sql.run(insertResult, [orderNo, attempt.id, outcome < 0.6 ? 1 : 0, at]);
      }
      chunk.push(...events);
      stored += events.length;
      users++;
      if (chunk.length >= 10_000) {
        await tx.analyticsEvents.insertMany(chunk, factsOf);
        chunk = [];
      }
    }
    await tx.analyticsEvents.insertMany(chunk, factsOf);
  });
  return { users, ms: performance.now() - started };
}

const idleRunner: JobRunner = {
  size: 1,
  idle: () => 1,
  run: () => Promise.reject(new Error("the dashboard bench verifies nothing")),
  warm: () => undefined,
  close: async () => undefined,
};

/**
 * GET `url` from the local address `from` and read the whole answer; resolves to the status.
 * Each case comes from its own loopback address: the dashboard allows 120 requests a minute per address.
 */
function get(url: string, from: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { localAddress: from, headers: { authorization: `Bearer ${ADMIN_TOKEN}` } }, (response) => {
      response.on("data", () => undefined);
      response.on("end", () => resolve(response.statusCode ?? 0));
      response.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? Number.NaN;
}

export interface DashboardCase {
  case: string;
  medianMs: number;
  p95Ms: number;
  maxMs: number;
}

export interface DashboardFigures {
  events: number;
  users: number;
  seedMs: number;
  goalMs: number;
  cases: DashboardCase[];
}

export async function measureDashboard(): Promise<DashboardFigures> {
  const dir = mkdtempSync(join(tmpdir(), "faceflow-dashboard-bench-"));
  const dbPath = join(dir, "db.sqlite");
  const now = Date.now();
  const previousToken = process.env.FACEFLOW_ADMIN_TOKEN;
  try {
    const store = createStore(dbPath);
    const seeded = await seedStore(store, now);
    await store.close();
    process.env.FACEFLOW_ADMIN_TOKEN = ADMIN_TOKEN;
    const app = await buildApp({ dbPath, mediaDir: join(dir, "media"), verificationRunner: idleRunner, rateLimits: {} });
    try {
      await app.listen({ host: "127.0.0.1", port: 0 });
      const address = app.server.address();
      if (address === null || typeof address === "string") throw new Error("no listening address");
      const base = `http://127.0.0.1:${address.port}`;
      const cases = [
        ["json, 1 day", "/admin/analytics.json?days=1"],
        ["json, 7 days", "/admin/analytics.json?days=7"],
        ["json, 30 days", "/admin/analytics.json?days=30"],
        ["json, 90 days (all events)", "/admin/analytics.json?days=90"],
        ["json, 90 days, one app", "/admin/analytics.json?days=90&app=PARTNER02"],
        ["json, 7 days + 1000 raw events", "/admin/analytics.json?days=7&events=1"],
        ["page, 90 days", "/admin/analytics?days=90"],
      ] as const;
      const results: DashboardCase[] = [];
      for (const [index, [name, path]] of cases.entries()) {
        const times: number[] = [];
        for (let i = 0; i < RUNS + 2; i++) {
          const started = performance.now();
          const status = await get(base + path, `127.0.0.${10 + index}`);
          if (status !== 200) throw new Error(`${path} answered ${status}`);
          // The first two warm the statement cache and the page cache.
          if (i >= 2) times.push(performance.now() - started);
        }
        times.sort((a, b) => a - b);
        const round = (ms: number) => Math.round(ms * 10) / 10;
        results.push({ case: name, medianMs: round(percentile(times, 0.5)), p95Ms: round(percentile(times, 0.95)), maxMs: round(times[times.length - 1] ?? 0) });
      }
      return { events: EVENTS, users: seeded.users, seedMs: Math.round(seeded.ms), goalMs: GOAL_MS, cases: results };
    } finally {
      await app.close();
    }
  } finally {
    if (previousToken === undefined) delete process.env.FACEFLOW_ADMIN_TOKEN;
    else process.env.FACEFLOW_ADMIN_TOKEN = previousToken;
    rmSync(dir, { recursive: true, force: true });
  }
}

export function dashboardLines(figures: DashboardFigures): string[] {
  return [
    `dashboard at ${figures.events.toLocaleString("en")} events (${figures.users.toLocaleString("en")} users, 90 days, seeded in ${(figures.seedMs / 1000).toFixed(1)} s); goal < ${figures.goalMs} ms`,
    ...figures.cases.map((c) => `  ${c.case.padEnd(34)} median ${String(c.medianMs).padStart(6)} ms  p95 ${String(c.p95Ms).padStart(6)} ms  max ${String(c.maxMs).padStart(6)} ms  ${c.p95Ms < figures.goalMs ? "ok" : "OVER GOAL"}`),
  ];
}

/** BENCH_ONLY=dashboard: measure, print, and replace only the dashboard figures in bench-results.json. */
export async function runDashboardOnly(): Promise<void> {
  const figures = await measureDashboard();
  saveBenchPart("dashboard", figures);
  console.log(dashboardLines(figures).join("\n"));
}
