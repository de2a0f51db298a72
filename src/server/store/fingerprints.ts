/**
 * The fingerprints of judged recordings (schemas/mediaFingerprint.ts), one per attempt, and
 * their band keys: the index a new recording's keys are looked up in to find the few earlier
 * recordings worth comparing with (verify/fingerprint/replayCheck.ts). Rows go with the media:
 * the retention job purges those judged before its cutoff.
 */
import * as z from "zod";
import { mediaFingerprintSchema, type MediaFingerprint } from "../../../schemas/mediaFingerprint";
import { jsonColumn, parseRows } from "./json";
import { inList, type Sql } from "./sql";

export interface StoredFingerprint {
  attemptId: number;
  orderNo: string;
  judgedAt: number;
  fingerprint: MediaFingerprint;
}

export interface FingerprintsRepo {
  /**
   * Inside a transaction: wait until no other transaction is between its lookup and its insert,
   * so two copies of one recording judged at once on two instances cannot both miss each other.
   * PostgreSQL: a transaction-scoped advisory lock; SQLite: nothing to do, its write
   * transactions (BEGIN IMMEDIATE) already run one at a time.
   */
  serializeLookups(): Promise<void>;
  /** Keep an attempt's fingerprint and its band keys (a second call for the same attempt changes nothing). */
  insert(record: StoredFingerprint, keys: readonly number[]): Promise<void>;
  /**
   * The stored fingerprints sharing the most of `keys`, at most `limit`, most shared first,
   * leaving out `exceptAttemptId`. At most `scanRows` key rows are read, so a key that many
   * recordings share (a plain backdrop) cannot make one lookup slow.
   */
  candidates(keys: readonly number[], options: { exceptAttemptId: number; limit: number; scanRows: number }): Promise<StoredFingerprint[]>;
  /** Delete up to `limit` fingerprints judged before `cutoff` (their keys go with them); returns how many. */
  purgeBefore(cutoff: number, limit: number): Promise<number>;
}

const fingerprintRow = z
  .object({ attempt_id: z.number().int(), order_no: z.string(), judged_at: z.number().int(), fingerprint: jsonColumn(mediaFingerprintSchema) })
  .transform((r): StoredFingerprint => ({ attemptId: r.attempt_id, orderNo: r.order_no, judgedAt: r.judged_at, fingerprint: r.fingerprint }));
const hitRow = z.object({ attempt_id: z.number().int(), hits: z.coerce.number().int() });

/** The advisory lock's key ("fpr1"), one for every lookup: lookups are few (one per verdict) and short. */
const LOOKUP_LOCK = 0x66707231;

export function createFingerprintsRepo(sql: Sql): FingerprintsRepo {
  return {
    async serializeLookups() {
      if (sql.dialect === "postgres") await sql.get("SELECT pg_advisory_xact_lock(?) AS locked", [LOOKUP_LOCK]);
    },
    async insert(r, keys) {
      const added = await sql.run(
        `INSERT INTO media_fingerprints (attempt_id, order_no, judged_at, fingerprint) VALUES (?, ?, ?, ?)
         ON CONFLICT (attempt_id) DO NOTHING`,
        [r.attemptId, r.orderNo, r.judgedAt, JSON.stringify(r.fingerprint)],
      );
      if (added.changes === 0 || keys.length === 0) return;
      const unique = [...new Set(keys)];
      await sql.run(
        `INSERT INTO media_fingerprint_keys (band_key, attempt_id) VALUES ${unique.map(() => "(?, ?)").join(", ")}
         ON CONFLICT (band_key, attempt_id) DO NOTHING`,
        unique.flatMap((k) => [k, r.attemptId]),
      );
    },
    async candidates(keys, { exceptAttemptId, limit, scanRows }) {
      if (keys.length === 0) return [];
      const hits = parseRows("media_fingerprint_keys", hitRow, await sql.all(
        `SELECT attempt_id, COUNT(*) AS hits FROM (
           SELECT attempt_id FROM media_fingerprint_keys WHERE ${inList("band_key", keys.length)} AND attempt_id <> ? LIMIT ?
         ) k GROUP BY attempt_id ORDER BY hits DESC, attempt_id DESC LIMIT ?`,
        [...keys, exceptAttemptId, scanRows, limit],
      ));
      if (hits.length === 0) return [];
      const rows = parseRows("media_fingerprints", fingerprintRow, await sql.all(
        `SELECT attempt_id, order_no, judged_at, fingerprint FROM media_fingerprints WHERE ${inList("attempt_id", hits.length)}`,
        hits.map((h) => h.attempt_id),
      ));
      const rank = new Map(hits.map((h, i) => [h.attempt_id, i]));
      return rows.sort((x, y) => (rank.get(x.attemptId) ?? 0) - (rank.get(y.attemptId) ?? 0));
    },
    async purgeBefore(cutoff, limit) {
      const result = await sql.run(
        `DELETE FROM media_fingerprints WHERE attempt_id IN (
           SELECT attempt_id FROM media_fingerprints WHERE judged_at < ? ORDER BY judged_at LIMIT ?)`,
        [cutoff, limit],
      );
      return result.changes;
    },
  };
}
