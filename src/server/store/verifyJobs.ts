/**
 * Verification jobs: one per accepted attempt, queued until a worker of the pool takes it.
 * The queue lives in the store so that a restart loses nothing, and the job is marked done in
 * the transaction that records the attempt's verdict. A job is taken with a lease: one still
 * 'running' after `staleBefore` (its worker died, or its process) is taken again by the next
 * claim, on any instance; the embedded single process also queues its own leftovers again at
 * start (requeueRunning), so a restart does not wait for the lease.
 *
 * Fairness: claimNext takes the oldest queued job of the app that has gone longest without
 * one starting, so one partner's burst of uploads does not hold every other partner's users.
 */
import * as z from "zod";
import { verifyJobInputSchema, type VerifyJobInput } from "../../../schemas/verifyJob";
import type { Sql } from "./sql";
import { jsonColumn, parseRow, parseRows } from "./json";

type VerifyJobState = "queued" | "running" | "done";

export interface VerifyJobRecord {
  attemptId: number;
  orderNo: string;
  appId: string;
  input: VerifyJobInput;
  state: VerifyJobState;
  tries: number;
  enqueuedAt: number;
  startedAt: number | null;
  finishedAt: number | null;
  error: string | null;
}

const jobRow = z
  .object({
    attempt_id: z.number().int(),
    order_no: z.string(),
    app_id: z.string(),
    input: jsonColumn(verifyJobInputSchema),
    state: z.enum(["queued", "running", "done"]),
    tries: z.number().int(),
    enqueued_at: z.number().int(),
    started_at: z.number().int().nullable(),
    finished_at: z.number().int().nullable(),
    error: z.string().nullable(),
  })
  .transform((r): VerifyJobRecord => ({
    attemptId: r.attempt_id,
    orderNo: r.order_no,
    appId: r.app_id,
    input: r.input,
    state: r.state,
    tries: r.tries,
    enqueuedAt: r.enqueued_at,
    startedAt: r.started_at,
    finishedAt: r.finished_at,
    error: r.error,
  }));

export interface VerifyJobsRepo {
  enqueue(job: { attemptId: number; orderNo: string; appId: string; input: VerifyJobInput }, now: number): Promise<void>;
  get(attemptId: number): Promise<VerifyJobRecord | null>;
  /**
   * Take the next queued job, or one whose run started before `staleBefore` (fairly across
   * apps), and mark it running with one more try; null when none.
   */
  claimNext(now: number, staleBefore: number): Promise<VerifyJobRecord | null>;
  /**
   * Take this job (a queue that hands out job ids, pg-boss, chose it): mark it running with one
   * more try, whether queued or left running by a worker that died; null when it is done.
   */
  claim(attemptId: number, now: number): Promise<VerifyJobRecord | null>;
  /** Put a running job back in the queue (its worker died or timed out), keeping the error. */
  requeue(attemptId: number, error: string): Promise<void>;
  /** Mark a job done (inside the verdict's transaction). */
  markDone(attemptId: number, now: number, error?: string | null): Promise<void>;
  /** At start: every job a previous process left running is queued again; returns how many. */
  requeueRunning(): Promise<number>;
  /** Jobs not done, for the start-up sweep and the bench. */
  countOpen(): Promise<number>;
  /** How many jobs are in each state (staff's view). */
  countByState(): Promise<Record<VerifyJobState, number>>;
  /** Jobs tried more than once or with an error, newest first (staff's view). */
  troubled(limit: number): Promise<VerifyJobRecord[]>;
}

const countRow = z.object({ n: z.number().int() });
const stateCounts = z.array(z.object({ state: z.enum(["queued", "running", "done"]), n: z.number().int() }));

export function createVerifyJobsRepo(sql: Sql): VerifyJobsRepo {
  const get = async (attemptId: number) => parseRow("verify_jobs", jobRow, await sql.get("SELECT * FROM verify_jobs WHERE attempt_id = ?", [attemptId]));
  // The app whose most recent start is oldest goes first; within it, the oldest job. On
  // PostgreSQL the row is locked and rows other instances hold are skipped, so two
  // instances claiming at once take different jobs instead of waiting for each other.
  const next = `
    SELECT j.* FROM verify_jobs j
    LEFT JOIN (SELECT app_id, MAX(started_at) AS last FROM verify_jobs WHERE started_at IS NOT NULL GROUP BY app_id) a
      ON a.app_id = j.app_id
    WHERE j.state = 'queued' OR (j.state = 'running' AND j.started_at < @staleBefore)
    ORDER BY COALESCE(a.last, 0), j.enqueued_at, j.attempt_id
    LIMIT 1${sql.dialect === "postgres" ? " FOR UPDATE OF j SKIP LOCKED" : ""}`;
  return {
    async enqueue(job, now) {
      await sql.run(
        `INSERT INTO verify_jobs (attempt_id, order_no, app_id, input, state, enqueued_at) VALUES (?, ?, ?, ?, 'queued', ?)`,
        [job.attemptId, job.orderNo, job.appId, JSON.stringify(job.input), now],
      );
    },
    get,
    claimNext(now, staleBefore) {
      return sql.transaction(async (tx) => {
        const [row] = parseRows("verify_jobs", jobRow, await tx.all(next, { staleBefore }));
        if (row === undefined) return null;
        // Conditional on what was read, so a job another claim took meanwhile is not taken twice.
        const started = await tx.run(
          `UPDATE verify_jobs SET state = 'running', tries = tries + 1, started_at = ?
           WHERE attempt_id = ? AND state = ? AND COALESCE(started_at, -1) = ?`,
          [now, row.attemptId, row.state, row.startedAt ?? -1],
        );
        if (started.changes !== 1) return null;
        return parseRow("verify_jobs", jobRow, await tx.get("SELECT * FROM verify_jobs WHERE attempt_id = ?", [row.attemptId]));
      });
    },
    claim: async (attemptId, now) =>
      parseRow("verify_jobs", jobRow, await sql.get(
        `UPDATE verify_jobs SET state = 'running', tries = tries + 1, started_at = ?
         WHERE attempt_id = ? AND state != 'done' RETURNING *`,
        [now, attemptId],
      )),
    async requeue(attemptId, error) {
      await sql.run(`UPDATE verify_jobs SET state = 'queued', error = ? WHERE attempt_id = ? AND state = 'running'`, [error, attemptId]);
    },
    async markDone(attemptId, now, error = null) {
      await sql.run(`UPDATE verify_jobs SET state = 'done', finished_at = ?, error = COALESCE(?, error) WHERE attempt_id = ?`, [now, error, attemptId]);
    },
    requeueRunning: async () => (await sql.run(`UPDATE verify_jobs SET state = 'queued' WHERE state = 'running'`)).changes,
    countOpen: async () => countRow.parse(await sql.get(`SELECT COUNT(*) AS n FROM verify_jobs WHERE state != 'done'`)).n,
    async countByState() {
      const rows = stateCounts.parse(await sql.all(`SELECT state, COUNT(*) AS n FROM verify_jobs GROUP BY state`));
      const counts: Record<VerifyJobState, number> = { queued: 0, running: 0, done: 0 };
      for (const row of rows) counts[row.state] = row.n;
      return counts;
    },
    troubled: async (limit) =>
      parseRows("verify_jobs", jobRow, await sql.all(
        `SELECT * FROM verify_jobs WHERE tries > 1 OR error IS NOT NULL ORDER BY enqueued_at DESC, attempt_id DESC LIMIT ?`,
        [limit],
      )),
  };
}
