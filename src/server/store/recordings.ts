/**
 * Recording metadata. The bytes live in the media store (ctx.media); `path` is their key, which
 * for the local store is the file's path relative to FACEFLOW_MEDIA.
 */
import * as z from "zod";
import type { Sql } from "./sql";
import { parseRow, parseRows } from "./json";

export interface RecordingRecord {
  attemptId: number;
  path: string;
  container: string;
  mimeType: string;
  bytes: number;
  durationMs: number | null;
  sha256: string;
  /** The upload's messageId (spec §4), which makes a retried upload recognisable. */
  messageId: string;
  createdAt: number;
}

const recordingRow = z
  .object({
    attempt_id: z.number().int(),
    path: z.string(),
    container: z.string(),
    mime_type: z.string(),
    bytes: z.number().int(),
    duration_ms: z.number().int().nullable(),
    sha256: z.string(),
    message_id: z.string(),
    created_at: z.number().int(),
  })
  .transform((r): RecordingRecord => ({
    attemptId: r.attempt_id,
    path: r.path,
    container: r.container,
    mimeType: r.mime_type,
    bytes: r.bytes,
    durationMs: r.duration_ms,
    sha256: r.sha256,
    messageId: r.message_id,
    createdAt: r.created_at,
  }));

export interface RecordingsRepo {
  insert(recording: RecordingRecord): Promise<void>;
  listByOrder(orderNo: string): Promise<RecordingRecord[]>;
  /** Whether a recording of this order was uploaded with this messageId. */
  hasMessageId(orderNo: string, messageId: string): Promise<boolean>;
  /** The recording of this order uploaded with this messageId and these bytes (their SHA-256), if any. */
  findUpload(orderNo: string, messageId: string, sha256: string): Promise<RecordingRecord | null>;
}

export function createRecordingsRepo(sql: Sql): RecordingsRepo {
  return {
    async insert(r) {
      await sql.run(
        `INSERT INTO recordings (attempt_id, path, container, mime_type, bytes, duration_ms, sha256, message_id, created_at)
         VALUES (@attemptId, @path, @container, @mimeType, @bytes, @durationMs, @sha256, @messageId, @createdAt)`,
        {
          attemptId: r.attemptId, path: r.path, container: r.container, mimeType: r.mimeType, bytes: r.bytes,
          durationMs: r.durationMs, sha256: r.sha256, messageId: r.messageId, createdAt: r.createdAt,
        },
      );
    },
    listByOrder: async (orderNo) =>
      parseRows("recordings", recordingRow, await sql.all(
        `SELECT r.* FROM recordings r JOIN attempts a ON a.id = r.attempt_id WHERE a.order_no = ? ORDER BY a.seq`, [orderNo])),
    hasMessageId: async (orderNo, messageId) =>
      (await sql.get(`SELECT 1 FROM recordings r JOIN attempts a ON a.id = r.attempt_id
                      WHERE a.order_no = ? AND r.message_id = ? LIMIT 1`, [orderNo, messageId])) !== undefined,
    findUpload: async (orderNo, messageId, sha256) =>
      parseRow("recordings", recordingRow, await sql.get(
        `SELECT r.* FROM recordings r JOIN attempts a ON a.id = r.attempt_id
         WHERE a.order_no = ? AND r.message_id = ? AND r.sha256 = ? LIMIT 1`, [orderNo, messageId, sha256])),
  };
}
