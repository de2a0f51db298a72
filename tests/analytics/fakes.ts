/** Test doubles for the analytics client: a manual clock with timers, a scripted transport, a storage. */
import analyticsJson from "../../flows/analytics.json";
import { analyticsFileSchema, type AnalyticsFile } from "../../schemas/analytics";
import type { AnalyticsClientOptions, Timers } from "../../src/analytics/client";
import { createAnalyticsClient } from "../../src/analytics/client";
import * as reporterModule from "../../src/analytics/reporter";
import type { AnalyticsTransport, HttpAnswer } from "../../src/analytics/transport";
import { createKycStorage, createMemoryBackend, type StorageLike } from "../../src/session/storage";

/** A well-formed analytics token (the client treats it as opaque). */
export const TEST_TOKEN = `v1.${"e".repeat(24)}.${"0".repeat(64)}`;

export const shippedConfig = (): AnalyticsFile =>
  analyticsFileSchema.parse(analyticsJson);

/** Let pending promise chains run (real macrotask turns; timers are fake). */
export async function settle(rounds = 20): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise((resolve) => setImmediate(resolve));
}

export function createFakeClock(start = 1_700_000_000_000) {
  let now = start;
  let nextId = 1;
  const timers = new Map<number, { at: number; fn: () => void }>();
  const api: Timers = {
    setTimeout(fn, ms) {
      const id = nextId++;
      timers.set(id, { at: now + ms, fn });
      return id;
    },
    clearTimeout(id) {
      timers.delete(id as number);
    },
  };
  return {
    now: () => now,
    timers: api,
    pending: () => timers.size,
    /** Move time forward by `ms`, firing due timers in order and letting promises settle after each. */
    async advance(ms: number) {
      const target = now + ms;
      await settle();
      for (;;) {
        const due = [...timers.entries()].filter(([, t]) => t.at <= target).sort((a, b) => a[1].at - b[1].at || a[0] - b[0])[0];
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].fn();
        await settle();
      }
      now = target;
      await settle();
    },
  };
}

export interface PostCall {
  url: string;
  body: string | Uint8Array;
  headers: Record<string, string>;
  timeoutMs: number;
}

export const ok = (body: unknown = { code: "10000" }, status = 200): HttpAnswer => ({ status, body });

export function createFakeTransport(respond: (call: PostCall) => HttpAnswer | Promise<HttpAnswer> = (c) =>
  c.url.endsWith("/trace-id") ? ok({ code: "10000", result: "srv-trace-1" }) : ok()) {
  const posts: PostCall[] = [];
  /** What each beacon carried: `text` for a text body, `bytes` for a gzip batch. */
  const beacons: { url: string; text: string; bytes?: Uint8Array }[] = [];
  const images: string[] = [];
  let beaconAnswer = true;
  const transport: AnalyticsTransport = {
    async post(url, body, headers, timeoutMs) {
      const call = { url, body, headers, timeoutMs };
      posts.push(call);
      return respond(call);
    },
    beacon(url, body) {
      beacons.push(typeof body === "string" ? { url, text: body } : { url, text: "", bytes: body });
      return beaconAnswer;
    },
    image: (url) => void images.push(url),
  };
  return {
    transport,
    posts,
    beacons,
    images,
    to: (path: string) => posts.filter((p) => new URL(p.url).pathname === path),
    refuseBeacons: () => void (beaconAnswer = false),
    setRespond: (next: typeof respond) => void (respond = next),
  };
}

export const memoryStore = (backend: StorageLike = createMemoryBackend()) => createKycStorage({ backend, cacheId: "order-1" });

/** A client wired to fakes; override any option. */
export function makeClient(overrides: Partial<AnalyticsClientOptions> & { clock?: ReturnType<typeof createFakeClock> } = {}) {
  const clock = overrides.clock ?? createFakeClock();
  const net = createFakeTransport();
  const store = overrides.store ?? memoryStore();
  const config = overrides.config ?? { ...shippedConfig(), compress: false };
  const client = createAnalyticsClient({
    config,
    envelope: { appId: "TIDA0001", env: "test", orderNo: "order-1" },
    store,
    transport: overrides.transport ?? net.transport,
    timers: clock.timers,
    now: clock.now,
    random: () => 0.5,
    url: (path) => new URL(path, "https://svc.example").href,
    route: () => "/start",
    loadReporter: async () => reporterModule,
    token: () => TEST_TOKEN,
    ...overrides,
  });
  return { client, clock, net, store, config };
}

/** The JSON body of a plain (uncompressed) post. */
export const jsonOf = (call: PostCall): any => JSON.parse(call.body as string);
