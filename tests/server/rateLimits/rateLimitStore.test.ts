/**
 * The rate limits counted in the store (src/server/http/rateLimitStore.ts through security.ts):
 * two fastify apps with the service's security set-up over one SQLite file count one limit
 * together with the service's 429 answer and headers; a hit that cannot be counted refuses the
 * request (fail closed, as the store failure it is); ended windows are purged every N hits.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PARTNER_HEADERS } from "@faceflow/partner";
import { installErrorHandlers } from "../../../src/server/http/errors";
import { sharedRateLimitStore } from "../../../src/server/http/rateLimitStore";
import { createRateLimitHooks, DEFAULT_RATE_LIMITS, installSecurity, type RateLimits } from "../../../src/server/http/security";
import type { Clock } from "../../../src/server/runtime";
import { createStore, type Store } from "../../../src/server/store";
import type { RateCountersRepo } from "../../../src/server/store/rateCounters";

const T0 = Date.UTC(2030, 0, 1, 9);
const LIMITS: RateLimits = { ...DEFAULT_RATE_LIMITS, login: { max: 5, timeWindowMs: 60_000 }, partner: { max: 2, timeWindowMs: 60_000 } };

/** An app with the service's error answers and security, a login route and a partner route. */
async function limitedApp(counters: RateCountersRepo, clock: Clock, logs: string[] = []): Promise<{ app: FastifyInstance; handled: () => number }> {
  const stream = { write: (line: string) => void logs.push(line) };
  const app = Fastify({ logger: { level: "error", stream } });
  installErrorHandlers(app);
  await installSecurity(app, { publicOrigin: () => "http://127.0.0.1", connectSrc: [], secure: false, inlineScripts: [], rateCounters: counters, clock });
  const limiters = createRateLimitHooks(app, LIMITS);
  let handled = 0;
  app.post("/login", { preHandler: limiters.login }, async () => ({ handled: ++handled }));
  app.get("/partner", { preHandler: limiters.partner }, async () => ({ handled: ++handled }));
  await app.ready();
  return { app, handled: () => handled };
}

describe("rate limits counted in the shared store", () => {
  let dir: string;
  let stores: Store[];
  let apps: FastifyInstance[];
  let t: number;
  const clock: Clock = { now: () => t };
  beforeEach(async () => {
    t = T0 + 10_000;
    dir = mkdtempSync(join(tmpdir(), "faceflow-rate-limits-"));
    stores = [createStore(join(dir, "faceflow.sqlite")), createStore(join(dir, "faceflow.sqlite"))];
    apps = await Promise.all(stores.map(async (store) => (await limitedApp(store.rateCounters, clock)).app));
  });
  afterEach(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await Promise.all(stores.map((store) => store.close()));
    rmSync(dir, { recursive: true, force: true });
  });

  it("allows a group's max across both apps, then answers 429 RATE_LIMITED with the retry time and headers", async () => {
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await apps[i % 2]!.inject({ method: "POST", url: "/login", remoteAddress: "203.0.113.9" })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    const sixth = await apps[1]!.inject({ method: "POST", url: "/login", remoteAddress: "203.0.113.9" });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({ code: "RATE_LIMITED", message: "too many requests, retry in 50 seconds" });
    expect(sixth.headers).toMatchObject({ "retry-after": "50", "x-ratelimit-limit": "5", "x-ratelimit-remaining": "0", "x-ratelimit-reset": "50" });
    // Another address has its own count; the next window starts again.
    expect((await apps[0]!.inject({ method: "POST", url: "/login", remoteAddress: "203.0.113.10" })).statusCode).toBe(200);
    t = T0 + 60_000;
    expect((await apps[0]!.inject({ method: "POST", url: "/login", remoteAddress: "203.0.113.9" })).statusCode).toBe(200);
    expect(await stores[0]!.sql.all("SELECT key, count FROM rate_counters ORDER BY key")).toEqual([
      { key: "login|203.0.113.10", count: 1 },
      { key: "login|203.0.113.9", count: 1 },
    ]);
  });

  it("counts partner calls per app and address", async () => {
    const call = (app: FastifyInstance, appId: string) =>
      app.inject({ method: "GET", url: "/partner", remoteAddress: "198.51.100.4", headers: { [PARTNER_HEADERS.appId]: appId } }).then((r) => r.statusCode);
    expect([await call(apps[0]!, "APP00001"), await call(apps[1]!, "APP00001"), await call(apps[0]!, "APP00001")]).toEqual([200, 200, 429]);
    expect(await call(apps[1]!, "APP00002")).toBe(200);
  });
});

describe("when the counters cannot be reached", () => {
  it("refuses the request as the store failure it is (500 INTERNAL, logged), without running the route", async () => {
    const down: RateCountersRepo = {
      hit: () => Promise.reject(new Error("connect ECONNREFUSED 127.0.0.1:5432")),
      giveBack: () => Promise.reject(new Error("unreachable")),
      purgeExpired: () => Promise.reject(new Error("unreachable")),
    };
    const logs: string[] = [];
    const { app, handled } = await limitedApp(down, { now: () => T0 }, logs);
    const answer = await app.inject({ method: "POST", url: "/login" });
    expect([answer.statusCode, answer.json()]).toEqual([500, { code: "INTERNAL", message: "internal error" }]);
    expect(handled()).toBe(0);
    expect(logs.join("\n")).toContain("rate limit counters unavailable for login|127.0.0.1");
    expect(logs.join("\n")).toContain("ECONNREFUSED");
    await app.close();
  });

  it("refuses to install without the counters, instead of limiting nothing", async () => {
    const app = Fastify();
    const old = { publicOrigin: () => "http://127.0.0.1", connectSrc: [], secure: false, inlineScripts: [] };
    await expect(installSecurity(app, old as unknown as Parameters<typeof installSecurity>[1])).rejects.toThrow(/needs rateCounters/);
    await app.close();
  });
});

describe("the purge of ended windows", () => {
  it("deletes a batch every N hits of this process, in the background, reporting a failure", async () => {
    let now = T0;
    const purgeExpired = vi.fn<RateCountersRepo["purgeExpired"]>().mockResolvedValueOnce(7).mockRejectedValueOnce(new Error("disk full"));
    const counters: RateCountersRepo = {
      hit: async () => ({ count: 1, windowStart: T0, resetAt: T0 + 60_000 }),
      giveBack: async () => undefined,
      purgeExpired,
    };
    const failures: unknown[] = [];
    const shared = sharedRateLimitStore({ counters, clock: { now: () => now }, purge: { everyHits: 3, batchRows: 50 }, onPurgeError: (e) => failures.push(e) });
    const store = new shared.Store({}).child({} as never);
    const hit = () => new Promise((resolve, reject) => store.incr("login|x", (error, result) => (error ? reject(error) : resolve(result)), 60_000, 5));
    expect(await hit()).toEqual({ current: 1, ttl: 60_000 });
    await hit();
    expect(purgeExpired).not.toHaveBeenCalled();
    now = T0 + 5;
    await hit();
    await shared.idle();
    expect(purgeExpired.mock.calls).toEqual([[T0 + 5, 50]]);
    for (let i = 0; i < 3; i++) await hit();
    await shared.idle();
    expect(purgeExpired).toHaveBeenCalledTimes(2);
    expect(failures).toEqual([new Error("disk full")]);
  });
});
