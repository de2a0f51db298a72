/**
 * Nonces of authenticated partner requests, remembered for twice the timestamp window: a
 * request older than the window is refused as stale anyway, so older nonces can go.
 */
import type { Sql } from "./sql";

export interface PartnerNoncesRepo {
  /** Remember a nonce; false when this app already used it (a replay). */
  remember(appId: string, nonce: string, now: number, keepMs: number): Promise<boolean>;
}

export function createPartnerNoncesRepo(sql: Sql): PartnerNoncesRepo {
  return {
    async remember(appId, nonce, now, keepMs) {
      await sql.run("DELETE FROM partner_nonces WHERE seen_at < ?", [now - keepMs]);
      // The primary key decides a replay, so two instances given the same nonce at once accept one.
      const inserted = await sql.run(
        "INSERT INTO partner_nonces (app_id, nonce, seen_at) VALUES (?, ?, ?) ON CONFLICT (app_id, nonce) DO NOTHING",
        [appId, nonce, now],
      );
      return inserted.changes === 1;
    },
  };
}
