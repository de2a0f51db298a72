/**
 * Service configuration from the environment and an optional JSON config file.
 *
 * | variable | default | meaning |
 * |---|---|---|
 * | HOST, PORT | 127.0.0.1, 8080 | where to listen |
 * | FACEFLOW_DB | ./data/faceflow.sqlite | SQLite file (the embedded store) |
 * | FACEFLOW_DATABASE_URL | | `postgres://…`: the store on PostgreSQL instead, shared by several instances (FACEFLOW_DB is then unused) |
 * | FACEFLOW_ROLE | all | `all`: API and verification workers; `api`: API only; `worker`: verification workers only (plus /healthz, /readyz) |
 * | FACEFLOW_DRAIN_DELAY_MS | 0 | on SIGTERM, how long /readyz answers 503 "draining" before the instance stops accepting connections (the load balancer's check interval) |
 * | FACEFLOW_DRAIN_TIMEOUT_MS | 120000 | on SIGTERM, the longest wait for in-flight requests and verification jobs before the process exits anyway |
 * | FACEFLOW_MEDIA | ./data/media | recordings directory |
 * | FACEFLOW_APP_DIR | dist/app next to the bundle | built browser app |
 * | FACEFLOW_ENV | local | "release" refuses the built-in demo secret and weak app secrets (auth/secretStrength.ts) |
 * | FACEFLOW_PUBLIC_ORIGIN | http://HOST:PORT | origin used in launch URLs (set it behind a proxy) |
 * | FACEFLOW_APP_SECRETS | | JSON `{ "APPID": "secret" }` or `{ "APPID": { secret, previousSecret?: { secret, until }, allowedOrigins, options, webhookUrl } }`; an app left out is disabled at start (apps.ts) |
 * | FACEFLOW_WEBHOOK_ALLOW_PRIVATE | 0 | "1": webhooks may reach loopback, private and link-local addresses (webhooks/webhookTarget.ts) |
 * | FACEFLOW_CONFIG | | path of a JSON file `{ apps, publicOrigin, cspConnectSrc, demo }` |
 * | FACEFLOW_CSP_CONNECT_SRC | | extra CSP connect-src sources, space separated |
 * | FACEFLOW_DEMO | on (off in release) | "off" removes the demo partner endpoints, "on" keeps them in release |
 * | FACEFLOW_TRUST_PROXY | off | proxies in front of the service, whose X-Forwarded-* are believed: a number of hops ("1") or their addresses ("10.0.0.0/8,192.168.1.7", also loopback, linklocal, uniquelocal); "on" is refused |
 * | FACEFLOW_LOG_LEVEL | warn | fastify (pino) log level, read by main.ts |
 * | FACEFLOW_TRTC_SDK_APP_ID, FACEFLOW_TRTC_SECRET_KEY | | real-time video (TRTC) credentials; both or neither (trtc/trtcConfig.ts) |
 * | FACEFLOW_TRTC_USERSIG_TTL_SEC | 900 | lifetime of the UserSigs handed to browsers |
 * | FACEFLOW_WX_MP_APP_ID, FACEFLOW_WX_MP_SECRET | | the messaging app's official account, to fetch a video uploaded to its cloud (spec §7 uploadVideo); both or neither (wx/wxMedia.ts) |
 * | FACEFLOW_WX_API_BASE | https://api.weixin.qq.com | where that account's API lives (a proxy, a test's stand-in) |
 * | FACEFLOW_VERIFY_WORKERS | one per core | worker threads that decode and analyse media (verify/workerPool.ts) |
 * | FACEFLOW_VERIFY_TIMEOUT_MS | capture.json's verification.jobs.timeoutMs (60000) | a job running longer is stopped and tried again; a job whose worker died is taken again a little after it (verify/verificationQueue.ts leaseMarginMs) |
 * | FACEFLOW_FFMPEG | ffmpeg on the PATH | the decoder program (media/decode/ffmpegBinary.ts) |
 * | FACEFLOW_ASR_KIND, FACEFLOW_ASR_MODEL (whisper: _ENCODER, _DECODER), FACEFLOW_ASR_TOKENS, FACEFLOW_ASR_LANGUAGE, FACEFLOW_ASR_THREADS | | an offline speech recogniser (speech/sherpaRecognizer.ts) |
 *
 * Apps in FACEFLOW_APP_SECRETS win over the same apps in the config file.
 */
import type { ServiceRole } from "../../schemas/health";
import { readFileSync } from "node:fs";
import * as z from "zod";
import { isIP } from "node:net";
import { previousSecretSchema } from "../../schemas/appsConfig";
import { secretWeakness } from "./auth/secretStrength";
import { appOptionsSchema, SELF_ORIGIN } from "./store/apps";
import { readTrtcEnv, type TrtcServiceConfig } from "./trtc/trtcConfig";
import { readWxMediaEnv, type WxMediaConfig } from "./wx/wxMedia";

const origin = z.string().refine((value) => {
  if (value === SELF_ORIGIN) return true;
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.origin === value;
  } catch {
    return false;
  }
}, 'expected "self" or an origin like https://partner.example (scheme, host, optional port; no path)');

const appSecretConfigSchema = z.strictObject({
  secret: z.string().min(16, "app secrets are at least 16 characters"),
  /** During a rotation, the old secret and until when it is accepted (schemas/appsConfig.ts). */
  previousSecret: z.optional(previousSecretSchema),
  allowedOrigins: z.array(origin).optional(),
  options: appOptionsSchema.optional(),
  /** Where the app's signed events are posted (webhooks/): http(s), no credentials, no fragment; https only in release (apps.ts). */
  webhookUrl: z
    .string()
    .max(2048)
    .refine((value) => {
      try {
        const url = new URL(value);
        return (url.protocol === "https:" || url.protocol === "http:") && url.username === "" && url.password === "" && url.hash === "";
      } catch {
        return false;
      }
    }, "expected an http(s) URL without credentials or fragment")
    .optional(),
});
export type AppSecretConfig = z.infer<typeof appSecretConfigSchema>;

const appsSchema = z.record(
  z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "expected an app id"),
  // A bare string is shorthand for { secret }.
  z.preprocess((value) => (typeof value === "string" ? { secret: value } : value), appSecretConfigSchema),
);

const configFileSchema = z.strictObject({
  apps: appsSchema.optional(),
  publicOrigin: origin.optional(),
  cspConnectSrc: z.array(z.string()).optional(),
  demo: z.boolean().optional(),
});

interface ServerConfig {
  host: string;
  port: number;
  dbPath: string;
  /** PostgreSQL instead of SQLite; undefined: the SQLite file dbPath. */
  databaseUrl: string | undefined;
  role: ServiceRole;
  drainDelayMs: number;
  drainTimeoutMs: number;
  mediaDir: string;
  appDir: string | undefined;
  environment: string;
  publicOrigin: string | undefined;
  apps: Record<string, AppSecretConfig>;
  cspConnectSrc: string[];
  demo: boolean;
  /** fastify's trustProxy: false, a number of proxy hops, or the proxies' addresses and CIDR ranges. */
  trustProxy: TrustProxy;
  /** Real-time video credentials; undefined when not configured. */
  trtc: TrtcServiceConfig | undefined;
  /** The official account's media API credentials; undefined when not configured. */
  wxMedia: WxMediaConfig | undefined;
  /** Verification worker threads; undefined: capture.json's verification.jobs.workers (0: one per core). */
  verifyWorkers: number | undefined;
  /** Verification job timeout; undefined: capture.json's verification.jobs.timeoutMs. */
  verifyTimeoutMs: number | undefined;
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigError";
  }
}

const roleSchema = z.enum(["all", "api", "worker"]);
/** Only postgres: URLs; the password inside is never echoed by an error (prettifyError prints the issue, not the value). */
const databaseUrlSchema = z.string().regex(/^postgres(ql)?:\/\/\S+$/, "expected postgres://user:password@host:port/database");

const switchValue = z.enum(["on", "off", "1", "0", "true", "false"]).transform((v) => v === "on" || v === "1" || v === "true");

function parse<T extends z.ZodType>(schema: T, value: unknown, what: string): z.output<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new ConfigError(`${what}: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

function parseJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new ConfigError(`${what} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Which proxies' X-Forwarded-* headers are believed (fastify's trustProxy, minus "every hop"). */
export type TrustProxy = false | number | string[];

/** proxy-addr's names for address ranges, accepted by fastify's trustProxy like a CIDR. */
const PROXY_RANGE_NAMES = ["loopback", "linklocal", "uniquelocal"];

/** An IP address, a CIDR range ("10.0.0.0/8", "fd00::/8") or a range name. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
}

/**
 * FACEFLOW_TRUST_PROXY. Trusting every hop ("on") would let a client choose its own address:
 * it sends `X-Forwarded-For: <anything>`, the proxy appends the real address, and the leftmost
 * entry (the client's invention) becomes request.ip, the key of every rate limit. With a hop
 * count or the proxies' addresses, request.ip is the address the nearest trusted proxy saw.
 */
const trustProxySchema = z
  .string()
  .trim()
  .refine((v) => !/^(on|true|yes)$/i.test(v), {
    message:
      'trusting every hop lets a client choose its own address (and escape rate limits) with X-Forwarded-For: set the number of proxies in front of the service (e.g. "1") or their addresses (e.g. "10.0.0.0/8,192.168.1.7")',
  })
  .transform((v, ctx): TrustProxy => {
    if (/^(off|false|no|0)?$/i.test(v)) return false;
    if (/^\d+$/.test(v)) {
      const hops = Number(v);
      if (hops > 16) ctx.addIssue({ code: "custom", message: `${hops} proxy hops is not a real deployment (at most 16)` });
      return hops;
    }
    const entries = v.split(",").map((e) => e.trim()).filter((e) => e !== "");
    for (const entry of entries.filter((e) => !isProxyAddress(e))) {
      ctx.addIssue({ code: "custom", message: `"${entry}" is not an IP address, a CIDR range or one of ${PROXY_RANGE_NAMES.join(", ")}` });
    }
    return entries;
  });

/**
 * TrustProxy as fastify's `trustProxy` option. fastify itself refuses to trust anything on a
 * bare hop count (it cannot tell a proxy from a client that reaches the service directly), so a
 * count becomes a function trusting that many hops from the socket: with 1, the peer (the proxy)
 * is believed and request.ip is the address it appended to X-Forwarded-For, whatever the client
 * put before it. A count is only right when nothing reaches the service but through its proxies;
 * otherwise list the proxies' addresses.
 */
export function fastifyTrustProxy(trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== "number") return trust;
  return trust === 0 ? false : (_address, hop) => hop < trust;
}

/**
 * Release mode runs with real partners: every app secret (and a previous one during a
 * rotation) must be a random value, not something typed (auth/secretStrength.ts); so must
 * the staff dashboard's admin token when there is one, since it opens every app's figures.
 */
function checkReleaseSecrets(apps: Record<string, AppSecretConfig>, adminToken: string | undefined): void {
  for (const [appId, app] of Object.entries(apps)) {
    for (const [what, secret] of [["secret", app.secret], ["previousSecret.secret", app.previousSecret?.secret]] as const) {
      const weakness = secret === undefined ? null : secretWeakness(secret, [appId]);
      if (weakness !== null) throw new ConfigError(`FACEFLOW_ENV=release: app ${appId}: ${what} is too weak: ${weakness}`);
    }
  }
  const admin = adminToken?.trim();
  const weakness = admin ? secretWeakness(admin, ["admin"]) : null;
  if (weakness !== null) throw new ConfigError(`FACEFLOW_ENV=release: FACEFLOW_ADMIN_TOKEN is too weak: ${weakness}`);
}

/** Read the configuration; throws ConfigError with the variable's name on bad input. */
export function loadServerConfig(
  env: Readonly<Record<string, string | undefined>>,
  readText: (path: string) => string = (path) => readFileSync(path, "utf8"),
): ServerConfig {
  const file = env.FACEFLOW_CONFIG
    ? parse(configFileSchema, parseJson(readText(env.FACEFLOW_CONFIG), `FACEFLOW_CONFIG (${env.FACEFLOW_CONFIG})`), "FACEFLOW_CONFIG")
    : {};
  const envApps = env.FACEFLOW_APP_SECRETS
    ? parse(appsSchema, parseJson(env.FACEFLOW_APP_SECRETS, "FACEFLOW_APP_SECRETS"), "FACEFLOW_APP_SECRETS")
    : {};
  const port = parse(z.coerce.number().int().min(0).max(65_535), env.PORT ?? "8080", "PORT");
  const trtc = readTrtcEnv(env);
  if (!trtc.ok) throw new ConfigError(`${trtc.variable} ${trtc.message}`);
  const wxMedia = readWxMediaEnv(env);
  if (!wxMedia.ok) throw new ConfigError(`${wxMedia.variable} ${wxMedia.message}`);
  const envOrigin = env.FACEFLOW_PUBLIC_ORIGIN ? parse(origin, env.FACEFLOW_PUBLIC_ORIGIN, "FACEFLOW_PUBLIC_ORIGIN") : undefined;
  const apps = { ...file.apps, ...envApps };
  if (env.FACEFLOW_ENV === "release") checkReleaseSecrets(apps, env.FACEFLOW_ADMIN_TOKEN);
  return {
    host: env.HOST || "127.0.0.1",
    port,
    dbPath: env.FACEFLOW_DB || "./data/faceflow.sqlite",
    databaseUrl: env.FACEFLOW_DATABASE_URL ? parse(databaseUrlSchema, env.FACEFLOW_DATABASE_URL, "FACEFLOW_DATABASE_URL") : undefined,
    role: env.FACEFLOW_ROLE ? parse(roleSchema, env.FACEFLOW_ROLE, "FACEFLOW_ROLE") : "all",
    drainDelayMs: parse(z.coerce.number().int().min(0).max(600_000), env.FACEFLOW_DRAIN_DELAY_MS ?? "0", "FACEFLOW_DRAIN_DELAY_MS"),
    drainTimeoutMs: parse(z.coerce.number().int().min(1_000).max(3_600_000), env.FACEFLOW_DRAIN_TIMEOUT_MS ?? "120000", "FACEFLOW_DRAIN_TIMEOUT_MS"),
    mediaDir: env.FACEFLOW_MEDIA || "./data/media",
    appDir: env.FACEFLOW_APP_DIR || undefined,
    environment: env.FACEFLOW_ENV || "local",
    publicOrigin: envOrigin ?? file.publicOrigin,
    apps,
    cspConnectSrc: [...(file.cspConnectSrc ?? []), ...(env.FACEFLOW_CSP_CONNECT_SRC?.split(/\s+/).filter(Boolean) ?? [])],
    // The demo endpoints create orders without a partner secret: never on by default in release.
    demo: env.FACEFLOW_DEMO ? parse(switchValue, env.FACEFLOW_DEMO, "FACEFLOW_DEMO") : (file.demo ?? env.FACEFLOW_ENV !== "release"),
    trustProxy: env.FACEFLOW_TRUST_PROXY ? parse(trustProxySchema, env.FACEFLOW_TRUST_PROXY, "FACEFLOW_TRUST_PROXY") : false,
    trtc: trtc.config ?? undefined,
    wxMedia: wxMedia.config ?? undefined,
    verifyWorkers: env.FACEFLOW_VERIFY_WORKERS ? parse(z.coerce.number().int().min(1).max(64), env.FACEFLOW_VERIFY_WORKERS, "FACEFLOW_VERIFY_WORKERS") : undefined,
    verifyTimeoutMs: env.FACEFLOW_VERIFY_TIMEOUT_MS
      ? parse(z.coerce.number().int().min(1_000).max(3_600_000), env.FACEFLOW_VERIFY_TIMEOUT_MS, "FACEFLOW_VERIFY_TIMEOUT_MS")
      : undefined,
  };
}
