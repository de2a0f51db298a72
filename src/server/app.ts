/**
 * buildApp: the verification service as a fastify instance, not yet listening. main.ts
 * listens on HOST:PORT; tests listen on 127.0.0.1 port 0 with a temporary store.
 */
import { mkdirSync } from "node:fs";
import cookie from "@fastify/cookie";
import multipart from "@fastify/multipart";
import websocket from "@fastify/websocket";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import captureJson from "../../flows/capture.json";
import checksJson from "../../flows/checks.json";
import staffJson from "../../flows/staff.json";
import languagesJson from "../../flows/languages.json";
import devicesJson from "../../flows/devices.json";
import themesJson from "../../themes/themes.json";
import { themesFileSchema } from "../../schemas/themes";
import { devicesFileSchema } from "../../schemas/devices";
import { createHandoffRecorder } from "./handoff/handoffEvents";
import { registerHandoffRoutes, type HandoffSettings } from "./handoff/handoffRoutes";
import { captureFileSchema } from "../../schemas/capture";
import { checksFileSchema, type ChecksFile } from "../../schemas/checks";
import { languagesFileSchema, type LanguagesFile } from "../../schemas/languages";
import { serviceLanguagesOf } from "./languages";
import type { ServiceContext } from "./context";
import { analyticsOptionsFromEnv, registerAnalytics } from "./analytics";
import { createStaffTexts, type StaffTexts } from "./admin/staffTexts";
import { ensureApps } from "./apps";
import { answerFrameworkError, installErrorHandlers } from "./http/errors";
import { installRawJsonParser } from "./http/rawJson";
import { createRateLimitHooks, DEFAULT_RATE_LIMITS, installSecurity, type RateLimits } from "./http/security";
import { installCompression } from "./http/compression";
import { appInlineScriptSources } from "./http/inlineScripts";
import { serveApp } from "./http/staticApp";
import { createLaunchPages, type LaunchRenderer } from "./ssr/launchPage";
import { bundledLaunchRenderer } from "./ssr/launchRenderer";
import { maxBase64Chars, type ServerLimits } from "./limits";
import { availableParallelism } from "node:os";
import { resolveFfmpeg } from "./media/decode/ffmpegBinary";
import { registerDemoRoutes } from "./routes/demo";
import { registerLoginRoute } from "./routes/login";
import { registerReturnAddressRoute } from "./routes/returnAddress";
import { registerPartnerRoutes } from "./routes/partner";
import { registerPartnerOpenApiRoute } from "./routes/partnerOpenApi";
import { registerSessionRoutes } from "./routes/session";
import { registerLightRoute } from "./routes/light";
import { registerStreamRoute } from "./routes/stream";
import { registerUploadRoute } from "./routes/upload";
import { registerAttemptRoutes } from "./routes/attempts";
import { createCheckPlan } from "./verify/checks/checkPlan";
import { createProbeClient } from "./media/probe/probeClient";
import { createServerCheckRegistry } from "./verify/checks/registry";
import { createVerificationQueue } from "./verify/verificationQueue";
import { createPgBossQueue } from "./verify/pgBossQueue";
import { createWorkerPool, defaultWorkerScript, type JobRunner } from "./verify/workerPool";
import { randomHex, systemClock, systemRandomBytes, type Clock, type RandomBytes } from "./runtime";
import { openStore } from "./store/open";
import type { MediaStore } from "./media/store/mediaStore";
import { createMediaStore, mediaScratchDir, mediaStoreConfigFromEnv, type MediaStoreConfig } from "./media/store/mediaStoreFromEnv";
import { mediaRetentionFromEnv, registerMediaRetention } from "./media/retentionJob";
import { registerWebhooks, webhookSettings, type WebhookSettings } from "./webhooks";
import { registerHealthRoutes } from "./http/health";
import type { ServiceRole } from "../../schemas/health";
import { fastifyTrustProxy, type AppSecretConfig, type TrustProxy } from "./config";
import type { StreamClock } from "./stream/streamClock";
import { createTrtcIssuer, type TrtcServiceConfig } from "./trtc/trtcConfig";
import { createWxMediaClient, type WxMediaConfig } from "./wx/wxMedia";

/** flows/capture.json, validated (throws with the schema's message when the file is wrong): the service's limits. */
export function loadCaptureLimits(): ServerLimits {
  return captureFileSchema.parse(captureJson);
}

declare module "fastify" {
  interface FastifyInstance {
    /**
     * Begin a graceful stop (main.ts on SIGTERM): /readyz answers 503 "draining", no more
     * verification jobs are taken, and it resolves once the jobs running here are judged (or
     * `timeoutMs` passed). Then close the app: it stops accepting connections and finishes the
     * requests in flight.
     */
    faceflowDrain(timeoutMs: number): Promise<void>;
  }
}

export interface BuildAppOptions {
  /** SQLite file (":memory:" for a throwaway store); unused when databaseUrl is set. */
  dbPath: string;
  /** PostgreSQL (postgres://…) instead of the SQLite file: the store several instances share. */
  databaseUrl?: string | undefined;
  /** all (default): API and workers; api: API only; worker: verification workers and health only. */
  role?: ServiceRole;
  /** Directory recordings are written to (and the S3 store's temporary copies, when FACEFLOW_S3_BUCKET is set). */
  mediaDir: string;
  /** Where recordings live; default: from the environment (mediaStoreFromEnv: S3 when FACEFLOW_S3_BUCKET is set, else mediaDir). */
  mediaStore?: MediaStore;
  /** The store the verification threads build for themselves (and this one, without mediaStore); default: from the environment. */
  mediaStoreConfig?: MediaStoreConfig;
  /** Built browser app (dist/app); without it `/` answers 503 APP_NOT_BUILT. */
  appDir?: string;
  /**
   * Renders a signed launch's first page (issue 33; src/server/ssr/launchPage.ts). Default: the
   * renderer bundled beside the service (dist/server/renderLaunch.mjs), none when the service runs
   * from its sources (tests pass src/ssr/renderLaunchPage.tsx's); null: never render one.
   */
  launchRenderer?: LaunchRenderer | null;
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
  /** Official-account credentials (FACEFLOW_WX_MP_*); without them a video in the messaging app's cloud cannot be fetched. */
  wxMedia?: WxMediaConfig | null;
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
  /** The checks each mode runs; default flows/checks.json. Checked against the registered checks at start. */
  checks?: ChecksFile;
  /** The languages a launch, a will question and the page may name; default flows/languages.json. */
  languages?: LanguagesFile;
  rateLimits?: Partial<RateLimits>;
  launchTtlSec?: number;
  sessionTtlSec?: number;
  logger?: FastifyServerOptions["logger"];
  /** The phone handoff's settings over flows/devices.json `phoneHandoff` (tests shorten the link's life). */
  handoff?: Partial<HandoffSettings>;
  /** Webhook delivery settings over the defaults and FACEFLOW_WEBHOOK_ALLOW_PRIVATE (tests shorten the retry delays). */
  webhooks?: Partial<WebhookSettings>;
}

/** JSON bodies are small (launch parameters, orders); recordings go through multipart with their own limit. */
const JSON_BODY_LIMIT = 64 * 1024;

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const clock = options.clock ?? systemClock;
  const limits = options.limits ?? loadCaptureLimits();
  // Refused here, before anything opens, rather than on the first job of a verification thread.
  const checks = options.checks ?? checksFileSchema.parse(checksJson);
  createCheckPlan(checks, createServerCheckRegistry());
  // Parsed even when a test hands it in: the schema refuses a default it does not list.
  const languages = serviceLanguagesOf(languagesFileSchema.parse(options.languages ?? languagesJson));
  // The staff pages' words, checked against the languages now: a language without them stops the start.
  const staffTexts = createStaffTexts(languages, staffJson);
  const rateLimits: RateLimits = { ...DEFAULT_RATE_LIMITS, ...options.rateLimits };
  const role = options.role ?? "all";
  if (options.mediaStore && !options.mediaStoreConfig && !options.verificationRunner && role !== "api") {
    throw new Error("buildApp: mediaStore needs mediaStoreConfig too, the store the verification threads build for themselves (they cannot share an object)");
  }
  mkdirSync(options.mediaDir, { recursive: true });
  const opened = await openStore({ dbPath: options.dbPath, databaseUrl: options.databaseUrl }, { applicationName: `faceflow-${role}` });
  const { store } = opened;
  const mediaConfig = options.mediaStoreConfig ?? mediaStoreConfigFromEnv(process.env, options.mediaDir);
  const media = options.mediaStore ?? createMediaStore(mediaConfig, { tempDir: mediaScratchDir(options.mediaDir) });
  let draining = false;

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
    await ctx.prober.close();
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
    role === "api"
      ? null
      : (options.verificationRunner ??
        createWorkerPool({
          size: workers,
          script: defaultWorkerScript({ media: mediaConfig, ffmpegPath, checks }, { scratchDir: mediaScratchDir(options.mediaDir) }),
          timeoutMs: limits.verification.jobs.timeoutMs,
        }));
  const base: Omit<ServiceContext, "verification"> = {
    store,
    clock,
    randomBytes,
    limits,
    ffmpegPath,
    prober: createProbeClient(),
    mediaDir: options.mediaDir,
    media,
    publicOrigin,
    defaultLaunchTtlSec: options.launchTtlSec ?? 30 * 60,
    sessionTtlSec: options.sessionTtlSec ?? 60 * 60,
    languages,
    checks,
    trtc: options.trtc ? createTrtcIssuer(options.trtc, () => clock.now()) : null,
    wxMedia: options.wxMedia ? createWxMediaClient(options.wxMedia, { fetch: (input, init) => fetch(input, init), now: () => clock.now() }) : null,
  };
  // Only the one process of an embedded store may take every job left running as its own at start.
  const requeueAtStart = role === "all" && opened.engine === "sqlite";
  const verification =
    opened.engine === "postgres" && options.databaseUrl
      ? createPgBossQueue(base, { connectionString: options.databaseUrl, pool: runner, concurrency: workers, applicationName: `faceflow-${role}-queue` }, app.log)
      : createVerificationQueue(base, { pool: runner, requeueAtStart }, app.log);
  const ctx: ServiceContext = { ...base, verification };
  app.decorate("faceflowDrain", async (timeoutMs: number) => {
    draining = true;
    await ctx.verification.drain(timeoutMs);
  });
  registerHealthRoutes(app, {
    role,
    draining: () => draining,
    dependencies: {
      store: { target: opened.target, ping: () => store.ping() },
      media: { target: media.describe(), ping: () => media.ping() },
      queue: { target: verification.describe(), ping: () => verification.ping() },
    },
  });
  await ensureApps(store, { environment: options.environment ?? "local", apps: options.apps ?? {}, now: clock.now() });

  installErrorHandlers(app);
  if (role !== "worker") await registerApi(app, ctx, options, { limits, rateLimits, randomBytes, staffTexts });
  await ctx.verification.start();
  if (options.warmVerification) runner?.warm();
  return app;
}

/** Everything but the health answers: what a worker instance does not serve. */
async function registerApi(
  app: FastifyInstance,
  ctx: ServiceContext,
  options: BuildAppOptions,
  { limits, rateLimits, randomBytes, staffTexts }: { limits: ServerLimits; rateLimits: RateLimits; randomBytes: RandomBytes; staffTexts: StaffTexts },
): Promise<void> {
  const { store, publicOrigin, clock } = ctx;
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
    rateCounters: store.rateCounters,
    clock,
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
  registerPartnerOpenApiRoute(app, limiters);
  registerLoginRoute(app, ctx, limiters);
  registerReturnAddressRoute(app, ctx, limiters);
  registerSessionRoutes(app, ctx, limiters);
  registerLightRoute(app, ctx, limiters);
  registerUploadRoute(app, ctx, limiters);
  registerAttemptRoutes(app, ctx, limiters);
  registerStreamRoute(app, ctx, limiters, options.streamClock ?? timerClock(clock));
  if (options.demo ?? true) registerDemoRoutes(app, ctx, limiters);
  const factsOf = await registerAnalytics(app, ctx, { ...analyticsOptionsFromEnv(process.env), staffTexts });
  registerHandoffRoutes(app, ctx, limiters, { ...devicesFileSchema.parse(devicesJson).phoneHandoff, ...options.handoff }, createHandoffRecorder(ctx, factsOf));
  registerMediaRetention(app, ctx, mediaRetentionFromEnv(process.env));
  registerWebhooks(app, ctx, webhookSettings(process.env, options.environment === "release", options.webhooks));
  const launchPages = createLaunchPages(
    ctx,
    options.appDir,
    ctx.languages.file,
    themesFileSchema.parse(themesJson),
    options.launchRenderer === undefined ? bundledLaunchRenderer() : options.launchRenderer,
    // Rendered launch pages count per address like the page's session reads.
    rateLimits.session,
  );
  await serveApp(app, options.appDir, ctx.languages.file, launchPages);
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
