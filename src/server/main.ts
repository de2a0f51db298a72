/**
 * Entry of the verification service (bundled to dist/server/main.mjs by build.mjs): read
 * the configuration, open the store, serve the API and the built app (dist/app).
 */
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { buildApp } from "./app";
import { ConfigError, loadServerConfig } from "./config";

/** dist/app next to dist/server (the bundle), or ./dist/app when run from the sources. */
function defaultAppDir(): string | undefined {
  const candidates = [fileURLToPath(new URL("../app", import.meta.url)), `${process.cwd()}/dist/app`];
  return candidates.find((dir) => existsSync(`${dir}/index.html`));
}

function hostForUrl(host: string): string {
  return host.includes(":") ? `[${host}]` : host;
}

async function main(): Promise<void> {
  const config = loadServerConfig(process.env);
  const appDir = config.appDir ?? defaultAppDir();
  const app = await buildApp({
    dbPath: config.dbPath,
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
    warmVerification: true,
    ...(config.verifyWorkers === undefined ? {} : { verifyWorkers: config.verifyWorkers }),
    logger: { level: process.env.FACEFLOW_LOG_LEVEL ?? "warn" },
  });
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      void app.close().then(() => process.exit(0));
    });
  }
  await app.listen({ host: config.host, port: config.port });
  const address = app.server.address();
  const port = typeof address === "object" && address !== null ? address.port : config.port;
  const base = `http://${hostForUrl(config.host)}:${port}`;
  if (!appDir) console.warn("faceflow: no built app found (run npm run build); the API is up, / answers 503");
  console.log(`faceflow listening on ${base}`);
  console.log(`demo: ${base}/#/entry`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(`faceflow: configuration error: ${error.message}`);
  else console.error("faceflow: failed to start:", error);
  process.exit(1);
});
