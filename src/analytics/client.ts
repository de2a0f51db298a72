/**
 * The analytics client (spec §7, §9): buffers every event in persisted storage, uploads the
 * buffer every 60 s and whenever it fills, sends the check report every 60 s, and on page
 * hide hands what is left to sendBeacon as batch reports. Uploading code (retries, gzip,
 * trace id) loads lazily through `loadReporter`, so the first screen carries only buffering
 * and collection.
 * How the page-hide batches are made ahead of time is in hideSender.ts.
 *
 * One instance per page; clock, timers, randomness, storage and transport are injected.
 *
 * Reports are authenticated by the analytics token the login answer carried (`token`, read
 * when a report goes out): a header on uploads, the `t` query parameter on beacons, which
 * cannot send headers. Events recorded before there is a token (the page before its login
 * answer, an error page whose launch never logged in) are not sent unauthenticated: they wait
 * in the buffer, which is persisted per launch and bounded (bufferEntries, bufferBytes, the
 * oldest dropped first and counted in the next missing-data report), and go out with the first report after a login of the same launch
 * stores a token. A page that never gets one never sends them; what such pages have in common
 * (a refused login) the service knows from its own answers. No anonymous path exists: it
 * could not be tied to an app or bounded per user, which is what the ingest used to lack.
 */
import type { AnalyticsFile, EventValue } from "../../schemas/analytics";
import { ANALYTICS_TOKEN_PARAM } from "../../schemas/analyticsToken";
import * as z from "zod/mini";
import type { Envelope } from "./batchBody";
import { createEventBuffer, type BufferStore } from "./eventBuffer";
import { createHideSender } from "./hideSender";
import type { Reporter, ReporterOptions } from "./reporter";
import type { AnalyticsTransport } from "./transport";
import { capEventData } from "./truncate";

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
}

export interface AnalyticsClientOptions {
  config: AnalyticsFile;
  envelope: Omit<Envelope, "sdkVersion" | "appVersion"> & { appVersion?: string };
  /** The check report's `account` (spec §7): the launch's user id, when it has one. */
  account?: string;
  store: BufferStore;
  transport: AnalyticsTransport;
  timers: Timers;
  now: () => number;
  random: () => number;
  /** Absolute URL of an endpoint path (endpoints live on the service's own origin). */
  url: (path: string) => string;
  /** The route shown now, stamped on each event. */
  route: () => string | undefined;
  /** Loads the upload code; the composition root passes a dynamic import. */
  loadReporter: () => Promise<{ createReporter(options: ReporterOptions): Reporter }>;
  /** Whether the browser believes it is online; beacons sent offline would be lost. */
  online?: () => boolean;
  /** The analytics token of the login answer, if one was stored yet; reports wait for it. */
  token: () => string | undefined;
  /**
   * Runs the start's first network work (the upload code and the trace id): the composition
   * root waits for the first screen, so on a slow phone neither competes with it (issue 14).
   * Without it, the next turn of the event loop.
   */
  afterFirstScreen?: (task: () => void) => void;
}

export interface AnalyticsClient {
  /** Begin the 60 s report and check cadence and request the trace id. */
  start(): void;
  stop(): void;
  started(): boolean;
  /** Buffer an event (flushes when the buffer fills). */
  record(name: string, data?: Record<string, EventValue>, at?: number): void;
  /** Upload the buffer now (nothing without a token); resolves when this and any queued upload finished. */
  flush(): Promise<void>;
  /** Send one check report now (none without a token). */
  check(): Promise<void>;
  /**
   * Hand buffered events to sendBeacon as batch reports (page hide; nothing without a token):
   * the gzip batch prepared ahead and a plain batch of what it lacks; those the browser
   * accepted leave the buffer. Events an upload in flight carries are left to it (hideSender.ts).
   */
  flushOnHide(): void;
  setOpenId(openId: string): void;
  traceId(): string | undefined;
  /** Events received since the page loaded, events still buffered, and dropped events not yet reported. */
  stats(): { total: number; cached: number; dropped: number };
}

const BUFFER_KEY = "analyticsBuffer";
const TRACE_ID_KEY = "analyticsTraceId";
const traceIdSchema = z.string().check(z.minLength(1), z.maxLength(128));

/** A trace id made in the page when the service gives none (spec §7). */
const makeLocalTraceId = (now: number, random: () => number): string =>
  `L${Math.round(now).toString(36)}${Math.floor(random() * 36 ** 8).toString(36).padStart(8, "0")}`;

/** An endpoint URL with the token as a query parameter, for the beacons. */
const withToken = (endpoint: string, token: string) => `${endpoint}${endpoint.includes("?") ? "&" : "?"}${ANALYTICS_TOKEN_PARAM}=${encodeURIComponent(token)}`;

const safeName = (name: string) => (name.replace(/[^A-Za-z0-9_.:-]/g, "_").slice(0, 64) || "unnamed");

export function createAnalyticsClient(options: AnalyticsClientOptions): AnalyticsClient {
  const { config, store, transport, timers, now, random, url, route } = options;
  const { limits } = config;
  const pageId = makeLocalTraceId(now(), random);
  // The contract bounds it like every short text; a longer user id is cut, not refused.
  const account = options.account?.trim().slice(0, 128) || undefined;
  const buffer = createEventBuffer({ store, key: BUFFER_KEY, maxEntries: limits.bufferEntries, maxBytes: limits.bufferBytes, idPrefix: `${pageId}-` });
  const envelope: Envelope = {
    ...options.envelope,
    sdkVersion: config.sdkVersion,
    appVersion: options.envelope.appVersion ?? config.defaultAppVersion,
  };
  let trace = store.getParsed(TRACE_ID_KEY, traceIdSchema);
  let total = 0;
  let running = false;
  let reportTimer: unknown;
  let checkTimer: unknown;
  let reporter: Promise<Reporter> | undefined;
  let tracePromise: Promise<string> | undefined;
  let inFlight: Promise<void> | undefined;

  const sleep = (ms: number) => new Promise<void>((resolve) => void timers.setTimeout(resolve, ms));
  const loadReporter = () =>
    (reporter ??= options.loadReporter().then((m) => m.createReporter({ config, transport, url, now, sleep })));

  /** The first trace id known wins and is kept for the launch, so reloads report under it. */
  function adoptTraceId(id: string): string {
    if (trace === undefined) {
      trace = id;
      store.setJSON(TRACE_ID_KEY, id);
    }
    return trace;
  }

  function ensureTraceId(): Promise<string> {
    if (trace !== undefined) return Promise.resolve(trace);
    return (tracePromise ??= loadReporter()
      .then((r) => r.requestTraceId(envelope.appId))
      .catch(() => undefined)
      .then((id) => adoptTraceId(id ?? makeLocalTraceId(now(), random))));
  }

  const hide = createHideSender({ buffer, transport, envelope, limits, compress: config.compress, loadReporter, ensureTraceId });

  async function uploadAll(): Promise<void> {
    if (options.token() === undefined) return;
    const r = await loadReporter();
    const traceId = await ensureTraceId();
    // Send batch after batch while they are accepted; a failure waits for the next tick (its
    // missing-data report counted any dropped events already).
    while (buffer.size() > 0) {
      const token = options.token();
      if (token === undefined) return;
      const outcome = await r.flushBatch(buffer, envelope, traceId, token);
      if (!outcome.ok) return;
      if (outcome.sent === 0) break;
    }
    // Events the buffer had to drop (before the login's token, or while uploads failed) are counted now.
    const token = options.token();
    if (token !== undefined) await r.reportDrops(buffer, envelope, token);
  }

  /**
   * Queue concurrency 1: a flush asked for while one runs joins it. The running one keeps
   * sending while batches are accepted, so events recorded meanwhile go with it; after a
   * failure (already retried) the next attempt waits for the next tick.
   */
  function flush(): Promise<void> {
    return (inFlight ??= uploadAll()
      .catch(() => undefined)
      .finally(() => {
        inFlight = undefined;
        // Uploaded events left the buffer: the batch kept for page hide is made again.
        hide.prepare();
      }));
  }

  async function check(): Promise<void> {
    const token = options.token();
    if (token === undefined) return;
    try {
      const r = await loadReporter();
      const traceId = await ensureTraceId();
      await r.sendCheck({
        appId: envelope.appId,
        ...(account === undefined ? {} : { account }),
        sdkVersion: envelope.sdkVersion,
        appVersion: envelope.appVersion,
        id: envelope.orderNo ?? envelope.openId ?? traceId,
        queues: [{ type: "batch", total, cached: buffer.size() }],
        traceId,
      }, token);
    } catch {
      // Best effort, like the original tool: the next check comes with the next tick.
    }
  }

  function scheduleReport(): void {
    reportTimer = timers.setTimeout(() => {
      if (!running) return;
      void flush();
      scheduleReport();
    }, limits.reportIntervalMs);
  }
  function scheduleCheck(): void {
    checkTimer = timers.setTimeout(() => {
      if (!running) return;
      void check();
      scheduleCheck();
    }, limits.checkIntervalMs);
  }

  return {
    start() {
      if (running) return;
      running = true;
      scheduleReport();
      scheduleCheck();
      // Fetch the upload code and the trace id before they are needed, once the first screen is up.
      const prepare = () => {
        hide.warm();
        void ensureTraceId().then(() => (running && buffer.size() >= limits.bufferEntries ? flush() : undefined));
      };
      if (options.afterFirstScreen) options.afterFirstScreen(prepare);
      else timers.setTimeout(prepare, 0);
    },
    stop() {
      running = false;
      timers.clearTimeout(reportTimer);
      timers.clearTimeout(checkTimer);
    },
    started: () => running,
    record(name, data = {}, at = now()) {
      total++;
      const shown = route();
      const full = buffer.add({
        name: safeName(name),
        at: Math.max(0, Math.round(at)),
        pageId,
        ...(shown === undefined ? {} : { route: shown.slice(0, 256) }),
        data: capEventData(data),
        ...(trace === undefined ? {} : { traceId: trace }),
      });
      if (full && running) void flush();
      hide.prepare();
    },
    flush,
    check,
    flushOnHide() {
      if (options.online && !options.online()) return;
      const token = options.token();
      if (token === undefined) return;
      const traceId = trace ?? adoptTraceId(makeLocalTraceId(now(), random));
      hide.send({ batch: withToken(url(config.endpoints.batch), token), single: withToken(url(config.endpoints.single), token) }, traceId);
    },
    setOpenId(openId) {
      envelope.openId = openId.slice(0, 128);
      hide.prepare();
    },
    traceId: () => trace,
    stats: () => ({ total, cached: buffer.size(), dropped: buffer.dropped() }),
  };
}
