/**
 * Which orders' media the retention job (media/retentionJob.ts) deletes, and the mark it leaves
 * once they are gone (orders.media_purged_at, migration 9), so it never asks the media store
 * about them again. The rows stay: results, attempts and the recordings' metadata (with the
 * SHA-256 of what was deleted) are the audit trail.
 */
import * as z from "zod";
import { parseRows } from "./json";
import { inList, type Sql } from "./sql";

export interface MediaRetentionRepo {
  /**
   * Orders whose media is due, oldest first: finished before `cutoff` (or, never finished,
   * created before it), with no attempt opened since, and not yet marked. `skip`: orders to
   * leave out (those whose deletion failed in this run).
   */
  due(cutoff: number, limit: number, skip?: readonly string[]): Promise<string[]>;
  /** Marks the orders' media deleted; returns how many were not marked yet (another instance may have been first). */
  markPurged(orderNos: readonly string[], now: number): Promise<number>;
}

const dueRow = z.object({ order_no: z.string() });

export function createMediaRetentionRepo(sql: Sql): MediaRetentionRepo {
  return {
    async due(cutoff, limit, skip = []) {
      // COALESCE(finished_at, created_at) and media_purged_at IS NULL as written in the
      // orders_media_due index, so the engine walks only the orders not purged yet.
      const rows = await sql.all(
        `SELECT o.order_no FROM orders o
         WHERE o.media_purged_at IS NULL AND COALESCE(o.finished_at, o.created_at) < ?
           AND NOT EXISTS (SELECT 1 FROM attempts a WHERE a.order_no = o.order_no AND a.created_at >= ?)
           AND ${inList("o.order_no", skip.length, true)}
         ORDER BY COALESCE(o.finished_at, o.created_at), o.order_no
         LIMIT ?`,
        [cutoff, cutoff, ...skip, limit],
      );
      return parseRows("orders", dueRow, rows).map((r) => r.order_no);
    },
    async markPurged(orderNos, now) {
      if (orderNos.length === 0) return 0;
      const result = await sql.run(
        `UPDATE orders SET media_purged_at = ? WHERE media_purged_at IS NULL AND ${inList("order_no", orderNos.length)}`,
        [now, ...orderNos],
      );
      return result.changes;
    },
  };
}
