/**
 * Security headers, the Content-Security-Policy and rate limits.
 *
 * Rate limits are counted in the store (rateLimitStore.ts), so every instance sharing it counts
 * against one limit. When a hit cannot be counted (the database is unreachable), the request is
 * refused, not let through (fail closed): a login limiter failing open would let brute force
 * through while the counters are down, and the request would fail on the same store anyway. It
 * is refused as the store failure it is (500 INTERNAL, logged), not as 429: no client is over
 * its limit, and a 429 would send a partner's backoff after the wrong cause.
 *
 * CSP: scripts only from our own origin (no inline scripts but the page's own route
 * preloader, allowed by its hash: inlineScripts.ts), plus 'wasm-unsafe-eval' for the
 * WebAssembly face-guidance models and blob: workers; connections to our own origin and its
 * WebSocket, plus whatever a deployment adds (e.g. the real-time video cloud). Inline styles
 * stay allowed on these pages: the real-time SDK and the debug console set style attributes of
 * their own. A signed launch's first page the service renders allows only its own inline styles,
 * by hash (../ssr/launchPage.ts, inlineStyles.ts).
 */
import helmet from "@fastify/helmet";
import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from "fastify";
import { PARTNER_HEADERS } from "@faceflow/partner";
import { API_ERROR_CODES } from "../../../schemas/api";
import type { Clock } from "../runtime";
import type { RateCountersRepo } from "../store/rateCounters";
import { HttpError } from "./errors";
import { sharedRateLimitStore } from "./rateLimitStore";

export interface RateLimit {
  max: number;
  timeWindowMs: number;
}

export interface RateLimits {
  login: RateLimit;
  upload: RateLimit;
  /** Session reads (config, digits, result) and stream connections. */
  session: RateLimit;
  partner: RateLimit;
  demo: RateLimit;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  login: { max: 30, timeWindowMs: 60_000 },
  upload: { max: 20, timeWindowMs: 60_000 },
  session: { max: 120, timeWindowMs: 60_000 },
  partner: { max: 300, timeWindowMs: 60_000 },
  demo: { max: 20, timeWindowMs: 60_000 },
};

/** WebSocket sources for connect-src: our origin as ws:/wss: (older Safari does not count them as 'self'). */
function websocketSource(publicOrigin: string): string {
  return publicOrigin.replace(/^http/, "ws");
}

interface SecurityOptions {
  publicOrigin: () => string;
  connectSrc: readonly string[];
  secure: boolean;
  inlineScripts: readonly string[];
  /** Where every limiter of the app (`app.rateLimit`) counts: the store's, shared by its instances. */
  rateCounters: RateCountersRepo;
  /** The windows' clock (the service's injected one). */
  clock: Clock;
}

export async function installSecurity(app: FastifyInstance, options: SecurityOptions): Promise<void> {
  // Checked here, not only by the type: a caller left on the old signature would otherwise
  // fail each limited request on the first hit instead of at start.
  if (typeof options.rateCounters?.hit !== "function" || typeof options.clock?.now !== "function") {
    throw new Error("installSecurity needs rateCounters (the store's, store.rateCounters) and the clock: rate limits are counted in the shared store");
  }
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", "'wasm-unsafe-eval'", ...options.inlineScripts],
        workerSrc: ["'self'", "blob:"],
        connectSrc: ["'self'", () => websocketSource(options.publicOrigin()), ...options.connectSrc],
        imgSrc: ["'self'", "data:", "blob:"],
        mediaSrc: ["'self'", "blob:", "mediastream:"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        fontSrc: ["'self'", "data:"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        ...(options.secure ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // HSTS only means something over HTTPS; on a plain-http demo it would only confuse.
    strictTransportSecurity: options.secure,
    // The flow navigates to the partner's return URL; send the origin, not the launch query.
    referrerPolicy: { policy: "strict-origin" },
  });
  const counted = sharedRateLimitStore({
    counters: options.rateCounters,
    clock: options.clock,
    onPurgeError: (error) => app.log.error({ err: error }, "purging old rate-limit windows failed"),
  });
  // preClose: before the onClose hook that closes the store, so no purge runs on a closed database.
  app.addHook("preClose", async () => counted.idle());
  await app.register(rateLimit, {
    global: false,
    store: counted.Store,
    // Fail closed (see the top of this file): a hit that cannot be counted fails the request.
    skipOnError: false,
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, API_ERROR_CODES.rateLimited, `too many requests, retry in ${context.after}`),
  });
}

export type RateLimitHooks = Record<keyof RateLimits, preHandlerAsyncHookHandler>;

/**
 * One limiter per group, shared by every route of the group (a route's own `config.rateLimit`
 * would count each route apart). Partner calls are counted per app and address, the rest
 * per address.
 */
export function createRateLimitHooks(app: FastifyInstance, limits: RateLimits): RateLimitHooks {
  const hook = (kind: keyof RateLimits) =>
    app.rateLimit({
      max: limits[kind].max,
      timeWindow: limits[kind].timeWindowMs,
      keyGenerator: (request: FastifyRequest) => {
        const appId = kind === "partner" ? request.headers[PARTNER_HEADERS.appId] : undefined;
        return typeof appId === "string" ? `${kind}|${appId}|${request.ip}` : `${kind}|${request.ip}`;
      },
    });
  return { login: hook("login"), upload: hook("upload"), session: hook("session"), partner: hook("partner"), demo: hook("demo") };
}
