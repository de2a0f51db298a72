/**
 * Partner apps: id, HMAC secret (and, during a rotation, the previous one with its end), the
 * return-URL origins the app may use, options, and when the app was disabled.
 * An allowed origin of "self" means the service's own public origin (the demo app uses it,
 * so the demo keeps working whatever host and port the service runs on).
 *
 * Rows are never deleted: orders reference their app, and staff still read a removed app's
 * orders. An app left out of the configuration is disabled instead (src/server/apps.ts).
 */
import * as z from "zod";
import { inList, type Sql } from "./sql";
import { jsonColumn, parseRow } from "./json";

export const SELF_ORIGIN = "self";

export const appOptionsSchema = z.strictObject({
  name: z.string().max(100).optional(),
  /** Default for orders that do not say (1..10). */
  maxAttempts: z.number().int().min(1).max(10).optional(),
  /** Default launch URL lifetime in seconds (60..86400). */
  launchTtlSec: z.number().int().min(60).max(86_400).optional(),
});
type AppOptions = z.infer<typeof appOptionsSchema>;

/** The secret being retired and the Unix time (ms) from which it is refused. */
interface PreviousSecret {
  secret: string;
  until: number;
}

/** An app as the configuration describes it. */
export interface AppConfigRecord {
  appId: string;
  secret: string;
  previousSecret: PreviousSecret | null;
  allowedOrigins: string[];
  options: AppOptions;
  /** Where its webhook events go (webhooks/); null or absent: none are sent. */
  webhookUrl?: string | null;
}

export interface AppRecord extends AppConfigRecord {
  /** When a start found the app missing from the configuration; null while it is configured. */
  disabledAt: number | null;
}

const appRow = z
  .object({
    app_id: z.string(),
    secret: z.string(),
    previous_secret: z.string().nullable(),
    previous_secret_until: z.number().int().nullable(),
    allowed_origins: jsonColumn(z.array(z.string())),
    options: jsonColumn(appOptionsSchema),
    disabled_at: z.number().int().nullable(),
    webhook_url: z.string().nullable(),
  })
  .transform(
    (r): AppRecord => ({
      appId: r.app_id,
      secret: r.secret,
      previousSecret: r.previous_secret !== null && r.previous_secret_until !== null ? { secret: r.previous_secret, until: r.previous_secret_until } : null,
      allowedOrigins: r.allowed_origins,
      options: r.options,
      disabledAt: r.disabled_at,
      webhookUrl: r.webhook_url,
    }),
  );

export interface AppsRepo {
  /** The app, enabled or not (callers that authenticate use apps.ts activeApp). */
  get(appId: string): Promise<AppRecord | null>;
  /** Insert, or replace secrets, origins and options, and enable again (config is the source of truth for those). */
  upsert(app: AppConfigRecord, now: number): Promise<void>;
  /**
   * Disable every enabled app not in `configured`, and end the browser sessions of every
   * disabled app's orders. Returns the ids disabled now (not those disabled before).
   */
  disableAllExcept(configured: readonly string[], now: number): Promise<string[]>;
  /** Every app's id, enabled or not, in order (the staff search's app filter). */
  ids(): Promise<string[]>;
}

const appIdRows = z.array(z.object({ app_id: z.string() }));

export function createAppsRepo(sql: Sql): AppsRepo {
  return {
    ids: async () => appIdRows.parse(await sql.all("SELECT app_id FROM apps ORDER BY app_id")).map((r) => r.app_id),
    get: async (appId) =>
      parseRow("apps", appRow, await sql.get(
        "SELECT app_id, secret, previous_secret, previous_secret_until, allowed_origins, options, disabled_at, webhook_url FROM apps WHERE app_id = ?",
        [appId],
      )),
    async upsert(app, now) {
      await sql.run(
        `INSERT INTO apps (app_id, secret, previous_secret, previous_secret_until, allowed_origins, options, webhook_url, created_at, updated_at)
         VALUES (@appId, @secret, @previousSecret, @previousSecretUntil, @origins, @options, @webhookUrl, @now, @now)
         ON CONFLICT (app_id) DO UPDATE SET secret = excluded.secret, previous_secret = excluded.previous_secret,
           previous_secret_until = excluded.previous_secret_until, allowed_origins = excluded.allowed_origins,
           options = excluded.options, webhook_url = excluded.webhook_url, disabled_at = NULL, updated_at = excluded.updated_at`,
        {
          appId: app.appId,
          secret: app.secret,
          previousSecret: app.previousSecret?.secret ?? null,
          previousSecretUntil: app.previousSecret?.until ?? null,
          origins: JSON.stringify(app.allowedOrigins),
          options: JSON.stringify(app.options),
          webhookUrl: app.webhookUrl ?? null,
          now,
        },
      );
    },
    disableAllExcept: (configured, now) =>
      sql.transaction(async (tx) => {
        // The previous secret goes with the disabling: nothing is left that could still sign for the app.
        const disabled = await tx.all(
          `UPDATE apps SET disabled_at = ?, previous_secret = NULL, previous_secret_until = NULL, updated_at = ?
           WHERE disabled_at IS NULL AND ${inList("app_id", configured.length, true)}
           RETURNING app_id`,
          [now, now, ...configured],
        );
        // Run on every start, not only when an app is disabled now: a session row that outlived an
        // earlier disabling (a copy of the database restored, say) is ended too.
        await tx.run(`DELETE FROM sessions WHERE order_no IN (
          SELECT o.order_no FROM orders o JOIN apps a ON a.app_id = o.app_id WHERE a.disabled_at IS NOT NULL)`);
        return appIdRows.parse(disabled).map((r) => r.app_id);
      }),
  };
}
