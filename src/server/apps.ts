/**
 * The partner apps the service knows, with the configuration (FACEFLOW_APP_SECRETS and the
 * `apps` of FACEFLOW_CONFIG) as the source of truth, applied on every start:
 * - a configured app is created or updated (secret, previous secret, origins, options) and enabled;
 * - the demo app TIDA0001, when not configured, is the built-in one outside release (built-in
 *   demo secret, the service's own origin); in release it must be configured;
 * - every other app in the store is disabled: its row and orders stay (staff still read them),
 *   but its partner API calls are refused (AUTH_APP_UNKNOWN), its launch links no longer log in
 *   (LAUNCH_INVALID), and the browser sessions of its orders end (SESSION_INVALID).
 *
 * Secret rotation, with an overlap window. Results (`signature`, `newSignature`) are always
 * signed with the current secret, so a partner verifies during a rotation like this:
 * 1. the partner adds the new secret to the ones it verifies returns with (partner kit:
 *    `rotationSecrets: [next]`), still signing its requests with the old one;
 * 2. the operator configures `{ secret: next, previousSecret: { secret: old, until } }` and
 *    restarts: requests and launch links signed with either secret are accepted until `until`;
 *    results, new ones and those read again (GET order, the page's result), carry signatures
 *    made with the new secret;
 * 3. before `until`, the partner signs with the new secret (kit: `secret: next`, keeping
 *    `rotationSecrets: [old]` only for returns already on their way), then drops the old one.
 * Choose `until` past the longest launch lifetime still out (at most 86,400 s) plus the
 * partner's deployment time: a launch link signed with the old secret is refused after it.
 */
import type { AppSecretConfig } from "./config";
import { ConfigError } from "./config";
import type { Store } from "./store";
import { SELF_ORIGIN, type AppConfigRecord, type AppRecord } from "./store/apps";

export const DEMO_APP_ID = "TIDA0001";

/** Public by design: it only protects a demo on a developer's machine. */
export const BUILT_IN_DEMO_SECRET = "faceflow-demo-secret-TIDA0001-not-for-production";

/** What a start did to the apps in the store. */
interface AppsApplied {
  /** Apps disabled by this start because the configuration no longer has them. */
  disabled: string[];
}

/** The configured app as the store keeps it; throws ConfigError on a secret that must not be used. */
function configRecord(appId: string, app: AppSecretConfig, release: boolean): AppConfigRecord {
  if (release && (app.secret === BUILT_IN_DEMO_SECRET || app.previousSecret?.secret === BUILT_IN_DEMO_SECRET)) {
    throw new ConfigError(`app ${appId}: the built-in demo secret cannot be used with FACEFLOW_ENV=release`);
  }
  // In release, events leave only over TLS; where they may not go (private networks) is checked at each send (webhooks/webhookTarget.ts).
  if (release && app.webhookUrl !== undefined && !app.webhookUrl.startsWith("https:")) {
    throw new ConfigError(`app ${appId}: webhookUrl must be https with FACEFLOW_ENV=release`);
  }
  if (app.previousSecret && app.previousSecret.secret === app.secret) {
    throw new ConfigError(`app ${appId}: previousSecret.secret is the same as secret (a rotation needs a new secret)`);
  }
  return {
    appId,
    secret: app.secret,
    previousSecret: app.previousSecret ? { secret: app.previousSecret.secret, until: Date.parse(app.previousSecret.until) } : null,
    allowedOrigins: app.allowedOrigins ?? (appId === DEMO_APP_ID ? [SELF_ORIGIN] : []),
    options: app.options ?? {},
    webhookUrl: app.webhookUrl ?? null,
  };
}

/** Bring the store's apps in line with the configuration (see the file comment); throws ConfigError before writing anything. */
export async function ensureApps(store: Store, options: { environment: string; apps: Record<string, AppSecretConfig>; now: number }): Promise<AppsApplied> {
  const release = options.environment === "release";
  const records = Object.entries(options.apps).map(([appId, app]) => configRecord(appId, app, release));
  if (!options.apps[DEMO_APP_ID]) {
    // A secret stored by an earlier start is not configuration: release needs it configured now.
    if (release) {
      throw new ConfigError(
        `FACEFLOW_ENV=release: set a secret for ${DEMO_APP_ID} in FACEFLOW_APP_SECRETS or FACEFLOW_CONFIG (the built-in demo secret is not allowed)`,
      );
    }
    records.push({ appId: DEMO_APP_ID, secret: BUILT_IN_DEMO_SECRET, previousSecret: null, allowedOrigins: [SELF_ORIGIN], options: { name: "faceflow demo" } });
  }
  return store.transaction(async (tx) => {
    for (const record of records) await tx.apps.upsert(record, options.now);
    return { disabled: await tx.apps.disableAllExcept(records.map((r) => r.appId), options.now) };
  });
}

/** The app, when it exists and is enabled: the only lookup for authenticating as an app. */
export async function activeApp(store: Pick<Store, "apps">, appId: string): Promise<AppRecord | null> {
  const app = await store.apps.get(appId);
  return app === null || app.disabledAt !== null ? null : app;
}

/**
 * The secrets a signature by `app` may be made with at `now`: the current one, and the
 * previous one while its overlap lasts. Compare each with safeEqualHex (timing-safe).
 * @example acceptedSecrets(app, now).some((secret) => safeEqualHex(sign(secret, text), received))
 */
export function acceptedSecrets(app: Pick<AppRecord, "secret" | "previousSecret">, now: number): string[] {
  return app.previousSecret !== null && now < app.previousSecret.until ? [app.secret, app.previousSecret.secret] : [app.secret];
}
