/**
 * Partner apps: id, HMAC secret, the return-URL origins the app may use, and options.
 * An allowed origin of "self" means the service's own public origin (the demo app uses it,
 * so the demo keeps working whatever host and port the service runs on).
 */
import * as z from "zod";
import type { Db } from "./database";
import { jsonColumn, parseRow } from "./json";

export const SELF_ORIGIN = "self";

export const appOptionsSchema = z.strictObject({
  name: z.string().max(100).optional(),
  /** Default for orders that do not say (1..10). */
  maxAttempts: z.number().int().min(1).max(10).optional(),
  /** Default launch URL lifetime in seconds (60..86400). */
  launchTtlSec: z.number().int().min(60).max(86_400).optional(),
});
export type AppOptions = z.infer<typeof appOptionsSchema>;

export interface AppRecord {
  appId: string;
  secret: string;
  allowedOrigins: string[];
  options: AppOptions;
}

const appRow = z
  .object({
    app_id: z.string(),
    secret: z.string(),
    allowed_origins: jsonColumn(z.array(z.string())),
    options: jsonColumn(appOptionsSchema),
  })
  .transform((r): AppRecord => ({ appId: r.app_id, secret: r.secret, allowedOrigins: r.allowed_origins, options: r.options }));

export interface AppsRepo {
  get(appId: string): AppRecord | null;
  /** Insert or replace secret, origins and options (config is the source of truth for those). */
  upsert(app: AppRecord, now: number): void;
  /** Insert only when the app does not exist yet; returns whether it did. */
  insertIfMissing(app: AppRecord, now: number): boolean;
}

export function createAppsRepo(db: Db): AppsRepo {
  const select = db.prepare("SELECT app_id, secret, allowed_origins, options FROM apps WHERE app_id = ?");
  const upsert = db.prepare(`
    INSERT INTO apps (app_id, secret, allowed_origins, options, created_at, updated_at)
    VALUES (@appId, @secret, @origins, @options, @now, @now)
    ON CONFLICT (app_id) DO UPDATE SET secret = excluded.secret, allowed_origins = excluded.allowed_origins,
      options = excluded.options, updated_at = excluded.updated_at`);
  const insert = db.prepare(`
    INSERT OR IGNORE INTO apps (app_id, secret, allowed_origins, options, created_at, updated_at)
    VALUES (@appId, @secret, @origins, @options, @now, @now)`);
  const bind = (app: AppRecord, now: number) => ({
    appId: app.appId,
    secret: app.secret,
    origins: JSON.stringify(app.allowedOrigins),
    options: JSON.stringify(app.options),
    now,
  });
  return {
    get: (appId) => parseRow("apps", appRow, select.get(appId)),
    upsert: (app, now) => void upsert.run(bind(app, now)),
    insertIfMissing: (app, now) => insert.run(bind(app, now)).changes === 1,
  };
}
