/**
 * Attempts: each recording (or stream) the user submitted for an order, and its verdict.
 * Number mode opens a pending attempt when it hands out digits; the upload completes it.
 * A recording the service refused before verifying (bad size, type, ...) is kept as
 * "rejected" with the error code, and does not count against the order's attempt limit.
 */
import * as z from "zod";
import { attemptStatusSchema, uploadGuidanceSchema, type AttemptStatus, type UploadGuidance, type VerifyCheck } from "../../../schemas/api";
import type { Db } from "./database";
import { jsonColumn, parseRow, parseRows } from "./json";

export type AttemptChannel = "upload" | "stream";

export interface AttemptRecord {
  id: number;
  orderNo: string;
  seq: number;
  channel: AttemptChannel;
  status: AttemptStatus;
  digits: string | null;
  code: string | null;
  liveRate: number | null;
  willCode: string | null;
  faceCode: string | null;
  similarity: number | null;
  verifier: string | null;
  checks: VerifyCheck[];
  /** The device's face guidance report sent with the recording; null when none came. */
  guidance: UploadGuidance | null;
  createdAt: number;
  finishedAt: number | null;
}

/** What finishing an attempt records. */
export interface AttemptVerdict {
  status: Exclude<AttemptStatus, "pending">;
  code: string;
  liveRate?: number | null;
  willCode?: string | null;
  faceCode?: string | null;
  similarity?: number | null;
  verifier?: string | null;
  checks?: VerifyCheck[];
  guidance?: UploadGuidance | null;
}

const checkSchema = z.object({ name: z.string(), passed: z.boolean(), detail: z.string() });

const attemptRow = z
  .object({
    id: z.number().int(),
    order_no: z.string(),
    seq: z.number().int(),
    channel: z.enum(["upload", "stream"]),
    status: attemptStatusSchema,
    digits: z.string().nullable(),
    code: z.string().nullable(),
    live_rate: z.number().nullable(),
    will_code: z.string().nullable(),
    face_code: z.string().nullable(),
    similarity: z.number().nullable(),
    verifier: z.string().nullable(),
    checks: jsonColumn(z.array(checkSchema)),
    guidance: jsonColumn(uploadGuidanceSchema).nullable(),
    created_at: z.number().int(),
    finished_at: z.number().int().nullable(),
  })
  .transform((r): AttemptRecord => ({
    id: r.id,
    orderNo: r.order_no,
    seq: r.seq,
    channel: r.channel,
    status: r.status,
    digits: r.digits,
    code: r.code,
    liveRate: r.live_rate,
    willCode: r.will_code,
    faceCode: r.face_code,
    similarity: r.similarity,
    verifier: r.verifier,
    checks: r.checks,
    guidance: r.guidance,
    createdAt: r.created_at,
    finishedAt: r.finished_at,
  }));

export interface AttemptsRepo {
  /** Open a pending attempt with the next sequence number. */
  open(orderNo: string, channel: AttemptChannel, digits: string | null, now: number): AttemptRecord;
  get(id: number): AttemptRecord | null;
  /** An order's attempt by its sequence number. */
  bySeq(orderNo: string, seq: number): AttemptRecord | null;
  /** The newest pending attempt of a channel, if any. */
  latestPending(orderNo: string, channel: AttemptChannel): AttemptRecord | null;
  /** Mark every pending attempt of the order abandoned (a new one supersedes them), except those being verified. */
  abandonPending(orderNo: string, now: number): void;
  /** Record the verdict of a pending attempt; false when it was not pending any more. */
  finish(id: number, verdict: AttemptVerdict, now: number): boolean;
  list(orderNo: string): AttemptRecord[];
  /** Keep the device's guidance report with a pending attempt (a hint for staff, never judged). */
  keepGuidance(id: number, guidance: UploadGuidance | null): void;
  /** Whether an attempt of the order has media being verified. */
  verifying(orderNo: string): boolean;
  /** Attempts that reached a verdict (passed or failed): what the attempt limit counts. */
  countVerified(orderNo: string): number;
}

export function createAttemptsRepo(db: Db): AttemptsRepo {
  const nextSeq = db.prepare("SELECT COALESCE(MAX(seq), 0) + 1 AS seq FROM attempts WHERE order_no = ?");
  const insert = db.prepare(`INSERT INTO attempts (order_no, seq, channel, status, digits, created_at)
                             VALUES (?, ?, ?, 'pending', ?, ?)`);
  const select = db.prepare("SELECT * FROM attempts WHERE id = ?");
  const selectSeq = db.prepare("SELECT * FROM attempts WHERE order_no = ? AND seq = ?");
  const pending = db.prepare(`SELECT * FROM attempts WHERE order_no = ? AND channel = ? AND status = 'pending'
                              ORDER BY seq DESC LIMIT 1`);
  // An attempt whose media is being verified is not abandoned by a newer one: its verdict still comes.
  const abandon = db.prepare(`UPDATE attempts SET status = 'abandoned', finished_at = ?
                              WHERE order_no = ? AND status = 'pending'
                                AND id NOT IN (SELECT attempt_id FROM verify_jobs WHERE state != 'done')`);
  const finish = db.prepare(`UPDATE attempts SET status = @status, code = @code, live_rate = @liveRate,
      will_code = @willCode, face_code = @faceCode, similarity = @similarity, verifier = @verifier,
      checks = @checks, guidance = COALESCE(@guidance, guidance), finished_at = @now WHERE id = @id AND status = 'pending'`);
  const list = db.prepare("SELECT * FROM attempts WHERE order_no = ? ORDER BY seq");
  const keepGuidance = db.prepare("UPDATE attempts SET guidance = ? WHERE id = ? AND status = 'pending'");
  const verifying = db.prepare(`SELECT 1 FROM attempts a JOIN verify_jobs j ON j.attempt_id = a.id
                                 WHERE a.order_no = ? AND a.status = 'pending' AND j.state != 'done' LIMIT 1`);
  const countVerified = db.prepare("SELECT COUNT(*) AS n FROM attempts WHERE order_no = ? AND status IN ('passed', 'failed')");
  const seqRow = z.object({ seq: z.number().int() });
  const countRow = z.object({ n: z.number().int() });

  const get = (id: number) => parseRow("attempts", attemptRow, select.get(id));
  return {
    open(orderNo, channel, digits, now) {
      const seq = seqRow.parse(nextSeq.get(orderNo)).seq;
      const id = Number(insert.run(orderNo, seq, channel, digits, now).lastInsertRowid);
      const created = get(id);
      if (created === null) throw new Error(`attempt ${id} vanished right after insert`);
      return created;
    },
    get,
    bySeq: (orderNo, seq) => parseRow("attempts", attemptRow, selectSeq.get(orderNo, seq)),
    latestPending: (orderNo, channel) => parseRow("attempts", attemptRow, pending.get(orderNo, channel)),
    abandonPending: (orderNo, now) => void abandon.run(now, orderNo),
    finish(id, verdict, now) {
      const changes = finish.run({
        id,
        now,
        status: verdict.status,
        code: verdict.code,
        liveRate: verdict.liveRate ?? null,
        willCode: verdict.willCode ?? null,
        faceCode: verdict.faceCode ?? null,
        similarity: verdict.similarity ?? null,
        verifier: verdict.verifier ?? null,
        checks: JSON.stringify(verdict.checks ?? []),
        guidance: verdict.guidance ? JSON.stringify(verdict.guidance) : null,
      }).changes;
      return changes === 1;
    },
    list: (orderNo) => parseRows("attempts", attemptRow, list.all(orderNo)),
    keepGuidance: (id, guidance) => void keepGuidance.run(guidance ? JSON.stringify(guidance) : null, id),
    verifying: (orderNo) => verifying.get(orderNo) !== undefined,
    countVerified: (orderNo) => countRow.parse(countVerified.get(orderNo)).n,
  };
}
