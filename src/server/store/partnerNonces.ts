/**
 * Nonces of authenticated partner requests, remembered for twice the timestamp window: a
 * request older than the window is refused as stale anyway, so older nonces can go.
 */
import type { Db } from "./database";

export interface PartnerNoncesRepo {
  /** Remember a nonce; false when this app already used it (a replay). */
  remember(appId: string, nonce: string, now: number, keepMs: number): boolean;
}

export function createPartnerNoncesRepo(db: Db): PartnerNoncesRepo {
  const purge = db.prepare("DELETE FROM partner_nonces WHERE seen_at < ?");
  const insert = db.prepare("INSERT OR IGNORE INTO partner_nonces (app_id, nonce, seen_at) VALUES (?, ?, ?)");
  return {
    remember(appId, nonce, now, keepMs) {
      purge.run(now - keepMs);
      return insert.run(appId, nonce, now).changes === 1;
    },
  };
}
