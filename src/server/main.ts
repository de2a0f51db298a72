/**
 * Entry of the verification service (bundled to dist/server/main.mjs by build.mjs): read
 * the configuration, open the store, serve the API and the built app (dist/app).
 */
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { buildApp, loadCaptureLimits } from "./app";
import { ConfigError, loadServerConfig } from "./config";
import type { ServerLimits } from "./limits";

/** dist/app next to dist/server (the bundle), or ./dist/app when run from the sources. */
function defaultAppDir(): string | undefined {
  const candidates = [fileURLToPath(new URL("../app", import.meta.url)), `${process.cwd()}/dist/app`];
  return candidates.find((dir) => existsSync(`${dir}/index.html`));
}

function withJobTimeout(limits: ServerLimits, timeoutMs: number): ServerLimits {
  return { ...limits, verification: { ...limits.verification, jobs: { ...limits.verification.jobs, timeoutMs } } };
}

function hostForUrl(host: string): string {
  return host.includes(":") ? `[${host}]` : host;
}

async function main(): Promise<void> {
  const config = loadServerConfig(process.env);
  const appDir = config.appDir ?? defaultAppDir();
  const app = await buildApp({
    dbPath: config.dbPath,
    databaseUrl: config.databaseUrl,
    role: config.role,
    mediaDir: config.mediaDir,
    appDir,
    environment: config.environment,
    apps: config.apps,
    // Port 0 picks a free port: the origin is then read from the listening socket.
    publicOrigin: config.publicOrigin ?? (config.port === 0 ? undefined : `http://${hostForUrl(config.host)}:${config.port}`),
    cspConnectSrc: config.cspConnectSrc,
    demo: config.demo,
    trustProxy: config.trustProxy,
    trtc: config.trtc,
    wxMedia: config.wxMedia,
    warmVerification: true,
    ...(config.verifyWorkers === undefined ? {} : { verifyWorkers: config.verifyWorkers }),
    ...(config.verifyTimeoutMs === undefined ? {} : { limits: withJobTimeout(loadCaptureLimits(), config.verifyTimeoutMs) }),
    logger: { level: process.env.FACEFLOW_LOG_LEVEL ?? "warn" },
  });
  // pg-boss 10 completes a job without awaiting it (timgit/pg-boss#577): a database blip at that
  // moment is an unhandled rejection, which would end every job this process runs. Logged, and
  // the job comes back through pg-boss's expiry; any other stray rejection is logged the same.
  process.on("unhandledRejection", (reason: unknown) => {
    app.log.error({ err: reason }, "unhandled rejection (kept running)");
  });
  // Ctrl-C stops at once (jobs left running are taken again later); SIGTERM, what an
  // orchestrator or load balancer sends, drains first (app.ts faceflowDrain).
  process.once("SIGINT", () => {
    void app.close().then(() => process.exit(0));
  });
  process.once("SIGTERM", () => {
    void drainAndClose(app, config.drainDelayMs, config.drainTimeoutMs).then(
      () => process.exit(0),
      (error: unknown) => {
        console.error("faceflow: stopping failed:", error);
        process.exit(1);
      },
    );
  });
  await app.listen({ host: config.host, port: config.port });
  const address = app.server.address();
  const port = typeof address === "object" && address !== null ? address.port : config.port;
  const base = `http://${hostForUrl(config.host)}:${port}`;
  if (!appDir) console.warn("faceflow: no built app found (run npm run build); the API is up, / answers 503");
  const environmentSource = process.env.FACEFLOW_ENV ? "FACEFLOW_ENV" : "FACEFLOW_ENV unset: the service's default";
  // Tests and scripts find the port in this line (tests/server/verifyRestart.test.ts): keep its start.
  console.log(`faceflow (${config.role}) listening on ${base}, environment ${config.environment} (${environmentSource})`);
  if (config.role === "worker") return;
  // Last and set apart: the line a newcomer running npm start looks for.
  if (config.demo) console.log(`\n  demo partner page: ${base}/#/entry\n`);
  else console.log("demo partner page off (FACEFLOW_DEMO; off by default in release): launches come from a partner's backend");
}

/**
 * Readiness answers "draining" and no new job is taken, at once; the running jobs are waited
 * for, and at least `delayMs` (for the load balancer to notice), then the app closes: no new
 * connections, the requests in flight finish. `timeoutMs` bounds the whole wait.
 */
async function drainAndClose(app: Awaited<ReturnType<typeof buildApp>>, delayMs: number, timeoutMs: number): Promise<void> {
  const started = Date.now();
  const draining = app.faceflowDrain(timeoutMs);
  await new Promise((resolve) => setTimeout(resolve, delayMs));
  await draining;
  const left = Math.max(1_000, timeoutMs - (Date.now() - started));
  const closed = app.close();
  const timeUp = new Promise<"timeout">((resolve) => setTimeout(() => resolve("timeout"), left).unref());
  if ((await Promise.race([closed.then(() => "closed" as const), timeUp])) === "timeout") {
    console.warn(`faceflow: connections still open after ${timeoutMs} ms; closing them and exiting`);
    app.server.closeAllConnections();
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(`faceflow: configuration error: ${error.message}`);
  else console.error("faceflow: failed to start:", error);
  process.exit(1);
});
