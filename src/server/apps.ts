/**
 * The partner apps the service knows at start: those from env/config (their secret and
 * origins are updated on every start, config being the source of truth), and the demo app
 * TIDA0001, created on first start with the built-in demo secret and the service's own
 * origin. In release the built-in secret is refused: TIDA0001 must be configured.
 */
import type { AppSecretConfig } from "./config";
import { ConfigError } from "./config";
import { SELF_ORIGIN } from "./store/apps";
import type { Store } from "./store";

export const DEMO_APP_ID = "TIDA0001";

/** Public by design: it only protects a demo on a developer's machine. */
export const BUILT_IN_DEMO_SECRET = "faceflow-demo-secret-TIDA0001-not-for-production";

export function ensureApps(store: Store, options: { environment: string; apps: Record<string, AppSecretConfig>; now: number }): void {
  const release = options.environment === "release";
  for (const [appId, app] of Object.entries(options.apps)) {
    if (release && app.secret === BUILT_IN_DEMO_SECRET) {
      throw new ConfigError(`app ${appId}: the built-in demo secret cannot be used with FACEFLOW_ENV=release`);
    }
    store.apps.upsert(
      {
        appId,
        secret: app.secret,
        allowedOrigins: app.allowedOrigins ?? (appId === DEMO_APP_ID ? [SELF_ORIGIN] : []),
        options: app.options ?? {},
      },
      options.now,
    );
  }
  if (options.apps[DEMO_APP_ID]) return;
  if (release) {
    const stored = store.apps.get(DEMO_APP_ID);
    if (stored === null || stored.secret === BUILT_IN_DEMO_SECRET) {
      throw new ConfigError(
        `FACEFLOW_ENV=release: set a secret for ${DEMO_APP_ID} in FACEFLOW_APP_SECRETS or FACEFLOW_CONFIG (the built-in demo secret is not allowed)`,
      );
    }
    return;
  }
  store.apps.insertIfMissing(
    { appId: DEMO_APP_ID, secret: BUILT_IN_DEMO_SECRET, allowedOrigins: [SELF_ORIGIN], options: { name: "faceflow demo" } },
    options.now,
  );
}
