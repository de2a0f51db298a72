/**
 * Verification jobs on PostgreSQL through pg-boss, when several instances share the store: an
 * API instance sends a pg-boss job in the same transaction that accepts the media (so a job
 * exists exactly when its verify_jobs row does), and any instance with workers (role "all" or
 * "worker") takes it. pg-boss brings what a queue across machines needs: SKIP LOCKED fetching,
 * retries with backoff, expiry of a job whose worker died (it is then tried again), and a
 * dead-letter queue for a job no try could finish.
 *
 * The verify_jobs row stays the service's own record of the job (what pages and partners are
 * told, its tries and error), and jobOutcome.ts judges it as the embedded queue does: a job a
 * worker died on is taken again by pg-boss after expireInSeconds and claimed again here
 * (verifyJobs.claim), and recordVerdict judges an attempt only while it is pending, with the
 * order's row locked, so a job judged twice is recorded once. A job in the dead-letter queue
 * is judged "the check could not run" (code 1026) and keeps its reason for staff.
 *
 * Unlike the embedded queue, pg-boss takes jobs in arrival order, not fairly across apps.
 */
import PgBoss from "pg-boss";
import { verifyJobMessageSchema } from "../../../schemas/jobQueue";
import type { ServiceContext } from "../context";
import { createAttemptWaiters } from "./attemptWaiters";
import { createJobJudge, DEAD_LETTERED } from "./jobOutcome";
import type { VerificationQueue } from "./queueContract";
import { leaseMarginMs, settledWithin } from "./verificationQueue";
import { JobFailedError, type JobRunner } from "./workerPool";

const VERIFY_QUEUE = "faceflow-verify";
const VERIFY_DEAD_QUEUE = "faceflow-verify-dead";
/** pg-boss's tables live in their own schema, apart from the service's. */
const PG_BOSS_SCHEMA = "pgboss";
/** pg-boss's fastest polling; a job waits at most this long for an idle worker to see it. */
const POLLING_SECONDS = 0.5;

interface PgBossQueueOptions {
  connectionString: string;
  /** Runs jobs; null on an instance that only sends them (role "api"). */
  pool: JobRunner | null;
  /** How many jobs this instance runs at once (the pool's threads). */
  concurrency: number;
  applicationName?: string;
}

export function createPgBossQueue(
  ctx: Pick<ServiceContext, "store" | "clock" | "limits" | "checks">,
  options: PgBossQueueOptions,
  log: { warn(msg: string): void; error(msg: string): void },
): VerificationQueue & { boss: PgBoss } {
  const { pool } = options;
  const { maxTries, timeoutMs } = ctx.limits.verification.jobs;
  const expireInSeconds = Math.ceil((timeoutMs + leaseMarginMs(timeoutMs)) / 1000);
  const boss = new PgBoss({
    connectionString: options.connectionString,
    schema: PG_BOSS_SCHEMA,
    application_name: options.applicationName ?? "faceflow-queue",
    // Every instance may supervise (expire, retry, archive); pg-boss takes turns with advisory locks.
    supervise: true,
    // Expiry is found by maintenance: run it often enough that a job a dead worker held is
    // tried again soon after its expiry, not up to pg-boss's default two minutes later.
    maintenanceIntervalSeconds: Math.max(1, Math.min(60, Math.floor(expireInSeconds / 2))),
  });
  boss.on("error", (error: Error) => log.error(`pg-boss: ${error.message}`));
  const waiters = createAttemptWaiters();
  const judge = createJobJudge(ctx, log);
  const running = new Set<Promise<void>>();
  let started = false;
  let closed = false;
  let draining = false;

  async function runJob(attemptId: number): Promise<void> {
    if (pool === null) throw new Error("this instance runs no verification jobs");
    // Fetched as the drain began: handed back (pg-boss tries it again elsewhere) before it is claimed.
    if (draining) throw new Error("this instance is stopping");
    const job = await ctx.store.verifyJobs.claim(attemptId, ctx.clock.now());
    // Judged already (a try that pg-boss took for dead finished after all): nothing to do.
    if (job === null) return;
    if (job.tries > maxTries) {
      await judge.giveUp(job, `given up after ${job.tries - 1} tries: the workers running it stopped answering`);
      return;
    }
    waiters.report(attemptId, "decoding");
    try {
      const result = await pool.run(attemptId, job.input, (step, p) => waiters.report(attemptId, step, p));
      await judge.finish(job, result, null);
    } catch (error) {
      // Closing: pg-boss sees the job fail and another instance tries it again.
      if (closed) throw error;
      const outcome = await judge.failed(job, error instanceof Error ? error : new JobFailedError(String(error)));
      // Thrown, pg-boss retries it after its backoff; the verify_jobs row says queued meanwhile.
      if (outcome === "retry") throw error;
    } finally {
      waiters.report(attemptId, null);
    }
  }

  async function deadLettered(attemptId: number): Promise<void> {
    const job = await ctx.store.verifyJobs.get(attemptId);
    if (job === null || job.state === "done") return;
    log.warn(`verification of attempt ${attemptId} reached the dead-letter queue; judged as not run`);
    const why = `${DEAD_LETTERED} by the job queue after ${job.tries} tries${job.error ? `; last error: ${job.error}` : ""}`;
    try {
      await judge.giveUp(job, why);
    } catch (error) {
      // Judging failed too (the same fault as every try, most likely): the attempt must not stay
      // pending and hold the order, so it is closed without a verdict and the user may try again.
      log.error(`judging dead-lettered attempt ${attemptId} failed, closed without a verdict: ${String(error)}`);
      await judge.abandon(job, `${why}; judging it failed: ${String(error)}`);
    }
  }

  /** One pg-boss worker per pool thread, each taking one job at a time. */
  async function work(queue: string, handle: (attemptId: number) => Promise<void>, count: number): Promise<void> {
    for (let i = 0; i < count; i++) {
      await boss.work(queue, { batchSize: 1, pollingIntervalSeconds: POLLING_SECONDS }, async (jobs) => {
        for (const job of jobs) {
          const { attemptId } = verifyJobMessageSchema.parse(job.data);
          const run = handle(attemptId);
          running.add(run);
          try {
            await run;
          } finally {
            running.delete(run);
          }
        }
      });
    }
  }

  return {
    boss,
    async enqueue(tx, job, now) {
      await tx.verifyJobs.enqueue(job, now);
      const raw = tx.sql.executeRaw?.bind(tx.sql);
      if (raw === undefined) throw new Error("pg-boss needs the PostgreSQL store");
      // Sent on the transaction's own connection: the pg-boss job commits or rolls back with the row.
      const id = await boss.send(VERIFY_QUEUE, { attemptId: job.attemptId }, { db: { executeSql: (text, values) => raw(text, values) } });
      // pg-boss answers null when it created nothing (its queue missing): the row must not commit alone.
      if (id === null) throw new Error(`pg-boss created no job for attempt ${job.attemptId} (queue ${VERIFY_QUEUE})`);
    },
    kick: () => undefined,
    async ping() {
      if (!started) throw new Error("the queue has not started");
      if ((await boss.getQueue(VERIFY_QUEUE)) === null) throw new Error(`pg-boss queue ${VERIFY_QUEUE} is missing`);
    },
    describe: () => `pg-boss ${VERIFY_QUEUE}${pool === null ? " (jobs run by worker instances)" : ""}`,
    progressOf: (attemptId) => waiters.progressOf(attemptId),
    waitForChange: (attemptId, ms, isSettled) => waiters.waitForChange(attemptId, ms, isSettled),
    async start() {
      await boss.start();
      started = true;
      const policy = { retryLimit: maxTries, retryDelay: 2, retryBackoff: true, expireInSeconds, deadLetter: VERIFY_DEAD_QUEUE };
      await boss.createQueue(VERIFY_DEAD_QUEUE, { name: VERIFY_DEAD_QUEUE });
      await boss.createQueue(VERIFY_QUEUE, { name: VERIFY_QUEUE, ...policy });
      // An existing queue keeps the options it was created with: bring them to this version's.
      await boss.updateQueue(VERIFY_QUEUE, { name: VERIFY_QUEUE, ...policy });
      if (pool === null) return;
      await work(VERIFY_QUEUE, runJob, options.concurrency);
      await work(VERIFY_DEAD_QUEUE, deadLettered, 1);
    },
    async drain(ms) {
      draining = true;
      if (started && pool !== null) {
        await boss.offWork(VERIFY_QUEUE);
        await boss.offWork(VERIFY_DEAD_QUEUE);
      }
      // Until none runs: a fetch in flight when polling stopped may still add one.
      const deadline = Date.now() + ms;
      while (running.size > 0 && Date.now() < deadline) await settledWithin(running, Math.min(500, deadline - Date.now()));
    },
    async close() {
      closed = true;
      waiters.wakeAll();
      if (started) await boss.stop({ graceful: false, wait: true, close: true, timeout: 5_000 });
      await pool?.close();
    },
  };
}
