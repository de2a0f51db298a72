/**
 * Verification jobs: the embedded implementation of the interface the routes use
 * (queueContract.ts), which takes queued jobs from the store (fairly across apps,
 * verifyJobs.claimNext) whenever a pool thread is free. On PostgreSQL the jobs go through
 * pg-boss instead (pgBossQueue.ts). Either way the verdict is recorded by jobOutcome.ts.
 *
 * Exactly once: a job is claimed in a transaction; its verdict and "done" are written in
 * another; recordVerdict only judges a still-pending attempt, with the order's row locked. A
 * process that dies between the two leaves the job 'running': any process's next claim takes
 * it again once its lease (the job timeout plus leaseMarginMs) has run out, and the
 * embedded single process queues its own leftovers at start.
 *
 * An instance without workers (role "api") runs no jobs: it queues them, and its long polls
 * learn the verdict from the store.
 */
import type { ServiceContext } from "../context";
import { createAttemptWaiters, POLL_MS } from "./attemptWaiters";
import { createJobJudge } from "./jobOutcome";
import type { VerificationQueue } from "./queueContract";
import { JobFailedError, type JobRunner } from "./workerPool";

/**
 * A job is taken again this long after its worker's own timeout would have ended it: a
 * quarter of the timeout, between 2 and 30 seconds (the pool kills a job at its timeout, so
 * past this the run is surely over).
 */
export function leaseMarginMs(timeoutMs: number): number {
  return Math.min(30_000, Math.max(2_000, Math.round(timeoutMs / 4)));
}

interface VerificationQueueOptions {
  /** Runs jobs; null on an instance that only queues them (role "api"). */
  pool: JobRunner | null;
  /** Queue again, at start, every job left running: only for the one process of an embedded store. */
  requeueAtStart: boolean;
}

/** Wait for `work` to settle, or `ms`. */
export async function settledWithin(work: Iterable<Promise<unknown>>, ms: number): Promise<void> {
  let deadline: NodeJS.Timeout | undefined;
  const timeUp = new Promise<void>((resolve) => (deadline = setTimeout(resolve, ms)));
  await Promise.race([Promise.allSettled(work), timeUp]);
  clearTimeout(deadline);
}

export function createVerificationQueue(
  ctx: Pick<ServiceContext, "store" | "clock" | "limits" | "checks">,
  options: VerificationQueueOptions,
  log: { warn(msg: string): void },
): VerificationQueue {
  const { pool } = options;
  const waiters = createAttemptWaiters();
  const judge = createJobJudge(ctx, log);
  const running = new Set<Promise<void>>();
  let draining = false;
  let timer: NodeJS.Timeout | null = null;
  let closed = false;
  const { timeoutMs, maxTries } = ctx.limits.verification.jobs;

  // One claiming loop at a time: two would both see a thread idle and claim a job for it.
  let dispatching: Promise<void> | null = null;
  let again = false;
  function dispatch(): Promise<void> {
    if (dispatching !== null) {
      again = true;
      return dispatching;
    }
    dispatching = claimWhileIdle()
      .catch((error: unknown) => log.warn(`taking a verification job from the store failed: ${String(error)}`))
      .finally(() => {
        dispatching = null;
        if (again) {
          again = false;
          void dispatch();
        }
      });
    return dispatching;
  }

  async function claimWhileIdle() {
    while (pool !== null && !closed && !draining && pool.idle() > 0) {
      const now = ctx.clock.now();
      const job = await ctx.store.verifyJobs.claimNext(now, now - timeoutMs - leaseMarginMs(timeoutMs));
      if (job === null) return;
      // Taken again after its lease more times than it may be tried: each run died with its
      // process (a recording that crashes it, say), so it is judged not run instead of run again.
      if (job.tries > maxTries) {
        await judge
          .giveUp(job, `given up after ${job.tries - 1} tries: the processes running it stopped answering`)
          .catch((error: unknown) => log.warn(`giving up on attempt ${job.attemptId} failed: ${String(error)}`));
        continue;
      }
      waiters.report(job.attemptId, "decoding");
      const run: Promise<void> = pool
        .run(job.attemptId, job.input, (step, p) => waiters.report(job.attemptId, step, p))
        .then(
          (result) => judge.finish(job, result, null),
          async (error: unknown) => {
            // Closing: the job stays 'running' in the store and is taken again later.
            if (closed) return;
            await judge.failed(job, error instanceof Error ? error : new JobFailedError(String(error)));
          },
        )
        .catch((error: unknown) => log.warn(`recording the verdict of attempt ${job.attemptId} failed: ${String(error)}`))
        .finally(() => {
          running.delete(run);
          waiters.report(job.attemptId, null);
          void dispatch();
        });
      running.add(run);
    }
  }

  return {
    enqueue: (tx, job, now) => tx.verifyJobs.enqueue(job, now),
    ping: () => ctx.store.ping(),
    describe: () => (pool === null ? "store queue (jobs run by worker instances)" : "store queue"),
    kick: () => setImmediate(() => void dispatch()),
    progressOf: (attemptId) => waiters.progressOf(attemptId),
    waitForChange: (attemptId, ms, isSettled) => waiters.waitForChange(attemptId, ms, isSettled),
    async start() {
      if (pool === null) return;
      if (options.requeueAtStart) {
        const requeued = await ctx.store.verifyJobs.requeueRunning();
        if (requeued > 0) log.warn(`resuming ${requeued} verification job(s) a previous run left unfinished`);
      }
      timer = setInterval(() => void dispatch(), POLL_MS);
      timer.unref();
      void dispatch();
    },
    async drain(ms) {
      draining = true;
      await dispatching;
      await settledWithin(running, ms);
    },
    async close() {
      closed = true;
      if (timer) clearInterval(timer);
      waiters.wakeAll();
      await dispatching;
      await pool?.close();
    },
  };
}
