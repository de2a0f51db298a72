/**
 * Service configuration from the environment and an optional JSON config file.
 *
 * | variable | default | meaning |
 * |---|---|---|
 * | HOST, PORT | 127.0.0.1, 8080 | where to listen |
 * | FACEFLOW_DB | ./data/faceflow.sqlite | SQLite file |
 * | FACEFLOW_MEDIA | ./data/media | recordings directory |
 * | FACEFLOW_APP_DIR | dist/app next to the bundle | built browser app |
 * | FACEFLOW_ENV | local | "release" refuses the built-in demo secret |
 * | FACEFLOW_PUBLIC_ORIGIN | http://HOST:PORT | origin used in launch URLs (set it behind a proxy) |
 * | FACEFLOW_APP_SECRETS | | JSON `{ "APPID": "secret" }` or `{ "APPID": { secret, previousSecret?: { secret, until }, allowedOrigins, options } }`; an app left out is disabled at start (apps.ts) |
 * | FACEFLOW_CONFIG | | path of a JSON file `{ apps, publicOrigin, cspConnectSrc, demo }` |
 * | FACEFLOW_CSP_CONNECT_SRC | | extra CSP connect-src sources, space separated |
 * | FACEFLOW_DEMO | on (off in release) | "off" removes the demo partner endpoints, "on" keeps them in release |
 * | FACEFLOW_TRUST_PROXY | off | "on" trusts X-Forwarded-* (client IP for rate limits) |
 * | FACEFLOW_LOG_LEVEL | warn | fastify (pino) log level, read by main.ts |
 * | FACEFLOW_TRTC_SDK_APP_ID, FACEFLOW_TRTC_SECRET_KEY | | real-time video (TRTC) credentials; both or neither (trtc/trtcConfig.ts) |
 * | FACEFLOW_TRTC_USERSIG_TTL_SEC | 900 | lifetime of the UserSigs handed to browsers |
 * | FACEFLOW_VERIFY_WORKERS | one per core | worker threads that decode and analyse media (verify/workerPool.ts) |
 * | FACEFLOW_FFMPEG | ffmpeg on the PATH | the decoder program (media/decode/ffmpegBinary.ts) |
 * | FACEFLOW_ASR_KIND, FACEFLOW_ASR_MODEL (whisper: _ENCODER, _DECODER), FACEFLOW_ASR_TOKENS, FACEFLOW_ASR_LANGUAGE, FACEFLOW_ASR_THREADS | | an offline speech recogniser (speech/sherpaRecognizer.ts) |
 *
 * Apps in FACEFLOW_APP_SECRETS win over the same apps in the config file.
 */
import { readFileSync } from "node:fs";
import * as z from "zod";
import { previousSecretSchema } from "../../schemas/appsConfig";
import { appOptionsSchema, SELF_ORIGIN } from "./store/apps";
import { readTrtcEnv, type TrtcServiceConfig } from "./trtc/trtcConfig";

const origin = z.string().refine((value) => {
  if (value === SELF_ORIGIN) return true;
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.origin === value;
  } catch {
    return false;
  }
}, 'expected "self" or an origin like https://partner.example (scheme, host, optional port; no path)');

export const appSecretConfigSchema = z.strictObject({
  secret: z.string().min(16, "app secrets are at least 16 characters"),
  /** During a rotation, the old secret and until when it is accepted (schemas/appsConfig.ts). */
  previousSecret: z.optional(previousSecretSchema),
  allowedOrigins: z.array(origin).optional(),
  options: appOptionsSchema.optional(),
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

export interface ServerConfig {
  host: string;
  port: number;
  dbPath: string;
  mediaDir: string;
  appDir: string | undefined;
  environment: string;
  publicOrigin: string | undefined;
  apps: Record<string, AppSecretConfig>;
  cspConnectSrc: string[];
  demo: boolean;
  trustProxy: boolean;
  /** Real-time video credentials; undefined when not configured. */
  trtc: TrtcServiceConfig | undefined;
  /** Verification worker threads; undefined: capture.json's verification.jobs.workers (0: one per core). */
  verifyWorkers: number | undefined;
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigError";
  }
}

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
  const envOrigin = env.FACEFLOW_PUBLIC_ORIGIN ? parse(origin, env.FACEFLOW_PUBLIC_ORIGIN, "FACEFLOW_PUBLIC_ORIGIN") : undefined;
  return {
    host: env.HOST || "127.0.0.1",
    port,
    dbPath: env.FACEFLOW_DB || "./data/faceflow.sqlite",
    mediaDir: env.FACEFLOW_MEDIA || "./data/media",
    appDir: env.FACEFLOW_APP_DIR || undefined,
    environment: env.FACEFLOW_ENV || "local",
    publicOrigin: envOrigin ?? file.publicOrigin,
    apps: { ...file.apps, ...envApps },
    cspConnectSrc: [...(file.cspConnectSrc ?? []), ...(env.FACEFLOW_CSP_CONNECT_SRC?.split(/\s+/).filter(Boolean) ?? [])],
    // The demo endpoints create orders without a partner secret: never on by default in release.
    demo: env.FACEFLOW_DEMO ? parse(switchValue, env.FACEFLOW_DEMO, "FACEFLOW_DEMO") : (file.demo ?? env.FACEFLOW_ENV !== "release"),
    trustProxy: env.FACEFLOW_TRUST_PROXY ? parse(switchValue, env.FACEFLOW_TRUST_PROXY, "FACEFLOW_TRUST_PROXY") : false,
    trtc: trtc.config ?? undefined,
    verifyWorkers: env.FACEFLOW_VERIFY_WORKERS ? parse(z.coerce.number().int().min(1).max(64), env.FACEFLOW_VERIFY_WORKERS, "FACEFLOW_VERIFY_WORKERS") : undefined,
  };
}
