/**
 * buildApp: the verification service as a fastify instance, not yet listening. main.ts
 * listens on HOST:PORT; tests listen on 127.0.0.1 port 0 with a temporary store.
 */
import { mkdirSync } from "node:fs";
import cookie from "@fastify/cookie";
import multipart from "@fastify/multipart";
import websocket from "@fastify/websocket";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import type { ServiceContext } from "./context";
import { analyticsOptionsFromEnv, registerAnalytics } from "./analytics";
import { ensureApps } from "./apps";
import { answerFrameworkError, installErrorHandlers } from "./http/errors";
import { installRawJsonParser } from "./http/rawJson";
import { createRateLimitHooks, DEFAULT_RATE_LIMITS, installSecurity, type RateLimits } from "./http/security";
import { installCompression } from "./http/compression";
import { appInlineScriptSources } from "./http/inlineScripts";
import { serveApp } from "./http/staticApp";
import { loadCaptureLimits, maxBase64Chars, type ServerLimits } from "./limits";
import { availableParallelism } from "node:os";
import { resolveFfmpeg } from "./media/decode/ffmpegBinary";
import { registerDemoRoutes } from "./routes/demo";
import { registerLoginRoute } from "./routes/login";
import { registerPartnerRoutes } from "./routes/partner";
import { registerSessionRoutes } from "./routes/session";
import { registerStreamRoute } from "./routes/stream";
import { registerUploadRoute } from "./routes/upload";
import { registerAttemptRoutes } from "./routes/attempts";
import { createVerificationQueue } from "./verify/verificationQueue";
import { createWorkerPool, defaultWorkerScript, type JobRunner } from "./verify/workerPool";
import { randomHex, systemClock, systemRandomBytes, type Clock, type RandomBytes } from "./runtime";
import { createStore } from "./store";
import { fastifyTrustProxy, type AppSecretConfig, type TrustProxy } from "./config";
import type { StreamClock } from "./stream/streamClock";
import { createTrtcIssuer, type TrtcServiceConfig } from "./trtc/trtcConfig";

export interface BuildAppOptions {
  /** SQLite file (":memory:" for a throwaway store). */
  dbPath: string;
  /** Directory recordings are written to. */
  mediaDir: string;
  /** Built browser app (dist/app); without it `/` answers 503 APP_NOT_BUILT. */
  appDir?: string;
  /** "release" refuses the built-in demo secret. */
  environment?: string;
  /** Apps from env/config; TIDA0001 here replaces the demo secret. */
  apps?: Record<string, AppSecretConfig>;
  /** Origin used in launch URLs; defaults to the address the server listens on. */
  publicOrigin?: string;
  /** Extra CSP connect-src sources. */
  cspConnectSrc?: string[];
  /** Register the demo partner endpoints (default true). */
  demo?: boolean;
  /** Proxies whose X-Forwarded-* are believed: a hop count or their addresses (config.ts; never every hop). */
  trustProxy?: TrustProxy;
  /** TRTC credentials (FACEFLOW_TRTC_*); without them real-time video is unavailable. */
  trtc?: TrtcServiceConfig | null;
  clock?: Clock;
  /** Timer for the stream idle timeout; defaults to setTimeout on top of `clock`. */
  streamClock?: StreamClock;
  randomBytes?: RandomBytes;
  /** The ffmpeg program; default: resolved from FACEFLOW_FFMPEG, the PATH, then the npm build (refused in release). */
  ffmpegPath?: string;
  /** Worker threads verifying media (default: verification.jobs.workers of capture.json, 0 = one per core). */
  verifyWorkers?: number;
  /** Runs verification jobs; default a worker-thread pool. Tests may hand in their own. */
  verificationRunner?: JobRunner;
  /** Load the verification models in every worker thread at start (main.ts); tests leave them to the first job. */
  warmVerification?: boolean;
  limits?: ServerLimits;
  rateLimits?: Partial<RateLimits>;
  launchTtlSec?: number;
  sessionTtlSec?: number;
  logger?: FastifyServerOptions["logger"];
}

/** JSON bodies are small (launch parameters, orders); recordings go through multipart with their own limit. */
const JSON_BODY_LIMIT = 64 * 1024;

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const clock = options.clock ?? systemClock;
  const limits = options.limits ?? loadCaptureLimits();
  const rateLimits: RateLimits = { ...DEFAULT_RATE_LIMITS, ...options.rateLimits };
  mkdirSync(options.mediaDir, { recursive: true });
  const store = createStore(options.dbPath);

  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: fastifyTrustProxy(options.trustProxy ?? false),
    // Errors fastify raises before routing (an undecodable URL) answered as the service's JSON.
    frameworkErrors: answerFrameworkError,
  });
  // Hooks run in order: the queue (and its threads) stops before the store it writes to closes.
  app.addHook("onClose", async () => {
    await ctx.verification.close();
    await store.close();
  });

  const publicOrigin = (): string => {
    if (options.publicOrigin) return options.publicOrigin;
    const address = app.server.address();
    if (address === null || typeof address === "string") throw new Error("publicOrigin is unknown before the server listens");
    const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
    return `http://${host}:${address.port}`;
  };

  const randomBytes = options.randomBytes ?? systemRandomBytes;
  const release = options.environment === "release";
  const ffmpegPath =
    options.ffmpegPath ?? resolveFfmpeg(process.env, { release, log: (message) => app.log.warn(message) }).path;
  const workers = options.verifyWorkers ?? (limits.verification.jobs.workers || availableParallelism());
  const runner =
    options.verificationRunner ??
    createWorkerPool({
      size: workers,
      script: defaultWorkerScript({ mediaDir: options.mediaDir, ffmpegPath }),
      timeoutMs: limits.verification.jobs.timeoutMs,
    });
  const base: Omit<ServiceContext, "verification"> = {
    store,
    clock,
    randomBytes,
    limits,
    ffmpegPath,
    mediaDir: options.mediaDir,
    publicOrigin,
    defaultLaunchTtlSec: options.launchTtlSec ?? 30 * 60,
    sessionTtlSec: options.sessionTtlSec ?? 60 * 60,
    trtc: options.trtc ? createTrtcIssuer(options.trtc, () => clock.now()) : null,
  };
  const ctx: ServiceContext = { ...base, verification: createVerificationQueue(base, runner, app.log) };
  await ensureApps(store, { environment: options.environment ?? "local", apps: options.apps ?? {}, now: clock.now() });

  installErrorHandlers(app);
  installRawJsonParser(app);
  app.addHook("onSend", async (request, reply) => {
    // API answers are per user and per moment: never let a cache keep them.
    if (!reply.hasHeader("cache-control") && !request.url.startsWith("/assets/")) reply.header("cache-control", "no-store");
  });
  await installSecurity(app, {
    publicOrigin,
    connectSrc: options.cspConnectSrc ?? [],
    secure: options.publicOrigin?.startsWith("https:") ?? false,
    inlineScripts: appInlineScriptSources(options.appDir),
  });
  await installCompression(app);
  // The cookie key lives in the store so every process sharing it signs alike, across restarts.
  await app.register(cookie, { secret: await store.settings.getOrCreate("cookie-secret", () => randomHex(randomBytes, 32)) });
  const maxChars = maxBase64Chars(limits);
  // meta, video and the evidence frames, plus one frame more so that one too many is read and
  // refused as FRAMES_TOO_MANY rather than cut off by the parser. Each frame's own size limit is
  // enforced while it is read (upload/readUploadParts.ts).
  const parts = 2 + limits.face.evidence.maxFrames + 1;
  await app.register(multipart, { limits: { fields: 2, files: parts, parts, fieldSize: maxChars, fileSize: maxChars } });
  await app.register(websocket, { options: { maxPayload: 1024 * 1024 } });

  const limiters = createRateLimitHooks(app, rateLimits);
  registerPartnerRoutes(app, ctx, limiters);
  registerLoginRoute(app, ctx, limiters);
  registerSessionRoutes(app, ctx, limiters);
  registerUploadRoute(app, ctx, limiters);
  registerAttemptRoutes(app, ctx, limiters);
  registerStreamRoute(app, ctx, limiters, options.streamClock ?? timerClock(clock));
  if (options.demo ?? true) registerDemoRoutes(app, ctx, limiters);
  await registerAnalytics(app, ctx, analyticsOptionsFromEnv(process.env));
  await serveApp(app, options.appDir);
  await ctx.verification.start();
  if (options.warmVerification) runner.warm();
  return app;
}

function timerClock(clock: Clock): StreamClock {
  return {
    now: () => clock.now(),
    schedule(callback, ms) {
      const handle = setTimeout(callback, ms);
      return { cancel: () => clearTimeout(handle) };
    },
  };
}
