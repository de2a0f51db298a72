/**
 * Attempts: each recording (or stream) the user submitted for an order, and its verdict.
 * Number mode opens a pending attempt when it hands out digits; the upload completes it.
 * A recording the service refused before verifying (bad size, type, ...) is kept as
 * "rejected" with the error code, and does not count against the order's attempt limit.
 */
import * as z from "zod";
import { attemptStatusSchema, uploadGuidanceSchema, type AttemptStatus, type LiveType, type UploadGuidance, type VerifyCheck } from "../../../schemas/api";
import { lightChallengeSchema, type LightChallenge } from "../../../schemas/lightChallenge";
import type { Sql, SqlParams } from "./sql";
import { jsonColumn, parseRow, parseRows } from "./json";

type AttemptChannel = "upload" | "stream";

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
  /** The page's device-info string (spec §3) sent with the recording, parsed before it was kept; null when none came. */
  deviceInfo: string | null;
  /** The light challenge drawn for this attempt (GET /api/v1/light); null when its mode shows none. */
  light: LightChallenge | null;
  /** The live type it is judged in when not the order's (the light alternative's number mode); null: the order's. */
  liveType: LiveType | null;
  createdAt: number;
  finishedAt: number | null;
}

/** What finishing an attempt records. */
interface AttemptVerdict {
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
    device_info: z.string().nullable(),
    // Absent from rows of a store before migration 14 is read as null.
    light: jsonColumn(lightChallengeSchema).nullable().optional(),
    live_type: z.enum(["1", "2", "3"]).nullable().optional(),
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
    deviceInfo: r.device_info,
    light: r.light ?? null,
    liveType: r.live_type ?? null,
    createdAt: r.created_at,
    finishedAt: r.finished_at,
  }));

export interface AttemptsRepo {
  /** Open a pending attempt with the next sequence number (lock the order first: orders.lock). */
  open(orderNo: string, channel: AttemptChannel, digits: string | null, now: number, extra?: AttemptChallenge): Promise<AttemptRecord>;
  /** Give a pending attempt its light challenge (number mode: the digits' attempt shows light too). */
  keepLight(id: number, light: LightChallenge): Promise<boolean>;
  get(id: number): Promise<AttemptRecord | null>;
  /** An order's attempt by its sequence number. */
  bySeq(orderNo: string, seq: number): Promise<AttemptRecord | null>;
  /** The newest pending attempt of a channel, if any. */
  latestPending(orderNo: string, channel: AttemptChannel): Promise<AttemptRecord | null>;
  /** Mark every pending attempt of the order abandoned (a new one supersedes them), except those being verified. */
  abandonPending(orderNo: string, now: number): Promise<void>;
  /**
   * Record the verdict of a pending attempt; false when it was not pending any more. With
   * `unlessQueued`, also false when a verification job exists for it: a refusal of one upload
   * must not close an attempt another upload (answering the same digits) has queued.
   */
  finish(id: number, verdict: AttemptVerdict, now: number, options?: { unlessQueued?: boolean }): Promise<boolean>;
  list(orderNo: string): Promise<AttemptRecord[]>;
  /** Keep the device's guidance report with a pending attempt (a hint for staff, never judged). */
  keepGuidance(id: number, guidance: UploadGuidance | null): Promise<void>;
  /** Keep the page's device-info string with a pending attempt (for staff, never judged). */
  keepDeviceInfo(id: number, deviceInfo: string | null): Promise<void>;
  /** Whether an attempt of the order has media being verified. */
  verifying(orderNo: string): Promise<boolean>;
  /** Attempts that reached a verdict (passed or failed): what the attempt limit counts. */
  countVerified(orderNo: string): Promise<number>;
}

/** What else an attempt is opened with: its light challenge, and the live type it is judged in when not the order's. */
export interface AttemptChallenge {
  light?: LightChallenge | null;
  liveType?: LiveType | null;
}

const countRow = z.object({ n: z.number().int() });

export function createAttemptsRepo(sql: Sql): AttemptsRepo {
  const one = async (query: string, params: SqlParams) => parseRow("attempts", attemptRow, await sql.get(query, params));
  return {
    async open(orderNo, channel, digits, now, extra) {
      // One statement: the sequence number and the row together; UNIQUE (order_no, seq) refuses a duplicate.
      const created = await one(
        `INSERT INTO attempts (order_no, seq, channel, status, digits, light, live_type, created_at)
         VALUES (@orderNo, (SELECT COALESCE(MAX(seq), 0) + 1 FROM attempts WHERE order_no = @orderNo), @channel, 'pending', @digits, @light, @liveType, @now)
         RETURNING *`,
        { orderNo, channel, digits, now, light: extra?.light ? JSON.stringify(extra.light) : null, liveType: extra?.liveType ?? null },
      );
      if (created === null) throw new Error(`attempt of ${orderNo} not returned by its insert`);
      return created;
    },
    async keepLight(id, light) {
      const result = await sql.run("UPDATE attempts SET light = ? WHERE id = ? AND status = 'pending'", [JSON.stringify(light), id]);
      return result.changes === 1;
    },
    get: (id) => one("SELECT * FROM attempts WHERE id = ?", [id]),
    bySeq: (orderNo, seq) => one("SELECT * FROM attempts WHERE order_no = ? AND seq = ?", [orderNo, seq]),
    latestPending: (orderNo, channel) =>
      one(`SELECT * FROM attempts WHERE order_no = ? AND channel = ? AND status = 'pending' ORDER BY seq DESC LIMIT 1`, [orderNo, channel]),
    async abandonPending(orderNo, now) {
      // An attempt whose media is being verified is not abandoned by a newer one: its verdict still comes.
      await sql.run(
        `UPDATE attempts SET status = 'abandoned', finished_at = ?
         WHERE order_no = ? AND status = 'pending'
           AND id NOT IN (SELECT attempt_id FROM verify_jobs WHERE state != 'done')`,
        [now, orderNo],
      );
    },
    async finish(id, verdict, now, options) {
      const unqueued = options?.unlessQueued ? " AND NOT EXISTS (SELECT 1 FROM verify_jobs j WHERE j.attempt_id = attempts.id)" : "";
      const result = await sql.run(
        `UPDATE attempts SET status = @status, code = @code, live_rate = @liveRate,
           will_code = @willCode, face_code = @faceCode, similarity = @similarity, verifier = @verifier,
           checks = @checks, guidance = COALESCE(@guidance, guidance), finished_at = @now WHERE id = @id AND status = 'pending'${unqueued}`,
        {
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
        },
      );
      return result.changes === 1;
    },
    list: async (orderNo) => parseRows("attempts", attemptRow, await sql.all("SELECT * FROM attempts WHERE order_no = ? ORDER BY seq", [orderNo])),
    async keepGuidance(id, guidance) {
      await sql.run("UPDATE attempts SET guidance = ? WHERE id = ? AND status = 'pending'", [guidance ? JSON.stringify(guidance) : null, id]);
    },
    async keepDeviceInfo(id, deviceInfo) {
      await sql.run("UPDATE attempts SET device_info = ? WHERE id = ? AND status = 'pending'", [deviceInfo, id]);
    },
    verifying: async (orderNo) =>
      (await sql.get(
        `SELECT 1 FROM attempts a JOIN verify_jobs j ON j.attempt_id = a.id
         WHERE a.order_no = ? AND a.status = 'pending' AND j.state != 'done' LIMIT 1`,
        [orderNo],
      )) !== undefined,
    countVerified: async (orderNo) =>
      countRow.parse(await sql.get("SELECT COUNT(*) AS n FROM attempts WHERE order_no = ? AND status IN ('passed', 'failed')", [orderNo])).n,
  };
}
