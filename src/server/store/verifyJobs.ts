/**
 * Verification jobs: one per accepted attempt, queued until a worker of the pool takes it.
 * The queue lives in the store so that a restart loses nothing: jobs a dead process left
 * 'running' are queued again at start (requeueRunning), and the job is marked done in the
 * transaction that records the attempt's verdict.
 *
 * Fairness: claimNext takes the oldest queued job of the app that has gone longest without
 * one starting, so one partner's burst of uploads does not hold every other partner's users.
 */
import * as z from "zod";
import { verifyJobInputSchema, type VerifyJobInput } from "../../../schemas/verifyJob";
import type { Db } from "./database";
import { jsonColumn, parseRow, parseRows } from "./json";

export type VerifyJobState = "queued" | "running" | "done";

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
  enqueue(job: { attemptId: number; orderNo: string; appId: string; input: VerifyJobInput }, now: number): void;
  get(attemptId: number): VerifyJobRecord | null;
  /** Take the next queued job (fairly across apps) and mark it running with one more try; null when none. */
  claimNext(now: number): VerifyJobRecord | null;
  /** Put a running job back in the queue (its worker died or timed out), keeping the error. */
  requeue(attemptId: number, error: string): void;
  /** Mark a job done (inside the verdict's transaction). */
  markDone(attemptId: number, now: number, error?: string | null): void;
  /** At start: every job a previous process left running is queued again; returns how many. */
  requeueRunning(): number;
  /** Jobs not done, for the start-up sweep and the bench. */
  countOpen(): number;
}

export function createVerifyJobsRepo(db: Db): VerifyJobsRepo {
  const insert = db.prepare(`INSERT INTO verify_jobs (attempt_id, order_no, app_id, input, state, enqueued_at)
                             VALUES (?, ?, ?, ?, 'queued', ?)`);
  const select = db.prepare("SELECT * FROM verify_jobs WHERE attempt_id = ?");
  // The app whose most recent start is oldest goes first; within it, the oldest job.
  const next = db.prepare(`
    SELECT j.* FROM verify_jobs j
    LEFT JOIN (SELECT app_id, MAX(started_at) AS last FROM verify_jobs WHERE started_at IS NOT NULL GROUP BY app_id) a
      ON a.app_id = j.app_id
    WHERE j.state = 'queued'
    ORDER BY COALESCE(a.last, 0), j.enqueued_at, j.attempt_id
    LIMIT 1`);
  const start = db.prepare(`UPDATE verify_jobs SET state = 'running', tries = tries + 1, started_at = ?
                            WHERE attempt_id = ? AND state = 'queued'`);
  const requeue = db.prepare(`UPDATE verify_jobs SET state = 'queued', error = ? WHERE attempt_id = ? AND state = 'running'`);
  const done = db.prepare(`UPDATE verify_jobs SET state = 'done', finished_at = ?, error = COALESCE(?, error) WHERE attempt_id = ?`);
  const requeueAll = db.prepare(`UPDATE verify_jobs SET state = 'queued' WHERE state = 'running'`);
  const open = db.prepare(`SELECT COUNT(*) AS n FROM verify_jobs WHERE state != 'done'`);
  const countRow = z.object({ n: z.number().int() });

  const get = (attemptId: number) => parseRow("verify_jobs", jobRow, select.get(attemptId));
  return {
    enqueue: (job, now) => void insert.run(job.attemptId, job.orderNo, job.appId, JSON.stringify(job.input), now),
    get,
    claimNext(now) {
      return db.transaction(() => {
        const [row] = parseRows("verify_jobs", jobRow, next.all());
        if (row === undefined) return null;
        start.run(now, row.attemptId);
        return get(row.attemptId);
      })();
    },
    requeue: (attemptId, error) => void requeue.run(error, attemptId),
    markDone: (attemptId, now, error = null) => void done.run(now, error, attemptId),
    requeueRunning: () => requeueAll.run().changes,
    countOpen: () => countRow.parse(open.get()).n,
  };
}
