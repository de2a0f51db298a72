/**
 * Security headers, the Content-Security-Policy and rate limits.
 *
 * CSP: scripts only from our own origin (no inline scripts but the page's own route
 * preloader, allowed by its hash: inlineScripts.ts), plus 'wasm-unsafe-eval' for the
 * WebAssembly face-guidance models and blob: workers; connections to our own origin and its
 * WebSocket, plus whatever a deployment adds (e.g. the real-time video cloud). Inline styles
 * stay allowed: React and the theme tokens set style attributes.
 */
import helmet from "@fastify/helmet";
import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from "fastify";
import { API_ERROR_CODES } from "../../../schemas/api";
import { PARTNER_HEADERS } from "../partner/requestSigning";
import { HttpError } from "./errors";

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

export async function installSecurity(
  app: FastifyInstance,
  options: { publicOrigin: () => string; connectSrc: readonly string[]; secure: boolean; inlineScripts: readonly string[] },
): Promise<void> {
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
  await app.register(rateLimit, {
    global: false,
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
