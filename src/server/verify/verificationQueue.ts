/**
 * The verification queue of one service process: takes queued jobs from the store (fairly
 * across apps, verifyJobs.claimNext) whenever a pool thread is free, records each verdict with
 * the attempt's other state in one transaction, and lets long-poll requests wait for an
 * attempt's progress or verdict.
 *
 * Exactly once: a job is claimed in a transaction; its verdict and "done" are written in
 * another; recordVerdict only judges a still-pending attempt. A process that dies between the
 * two leaves the job 'running', and the next start queues it again (start()). A job whose
 * thread failed is queued again until verification.jobs.maxTries, then judged "the check
 * could not run" (code 1026), never passed.
 */
import { EventEmitter } from "node:events";
import type { VerifyStep } from "../../../schemas/api";
import type { VerifyResult } from "../../../schemas/verifyJob";
import type { ServiceContext } from "../context";
import { HttpError } from "../http/errors";
import { VERIFY_CODES } from "../media/verifyCodes";
import { recordVerdict } from "../orders/verdict";
import type { VerifyJobRecord } from "../store/verifyJobs";
import { notJudged } from "./checks/judgeMedia";
import { JobFailedError, type JobRunner } from "./workerPool";

/** Recorded with each attempt, so a result can be traced to what judged it. */
export const MEDIA_VERIFIER_NAME = "faceflow-media-checks";

/** How often the queue looks at the store for jobs another process queued, and waiters for verdicts another process recorded. */
const POLL_MS = 500;

export interface VerificationQueue {
  /** A job was queued: dispatch now rather than at the next poll. */
  kick(): void;
  /** Progress of a job this process runs; null when it runs elsewhere or not at all. */
  progressOf(attemptId: number): { step: VerifyStep; progress: number } | null;
  /** Resolves when the attempt's job reports progress or ends here, or after `ms` (with a store check every POLL_MS). */
  waitForChange(attemptId: number, ms: number, isSettled: () => Promise<boolean>): Promise<void>;
  /** Queue again what a previous process left running, then start dispatching. */
  start(): Promise<void>;
  close(): Promise<void>;
}

export function createVerificationQueue(ctx: Pick<ServiceContext, "store" | "clock" | "limits">, pool: JobRunner, log: { warn(msg: string): void }): VerificationQueue {
  const progress = new Map<number, { step: VerifyStep; progress: number }>();
  const events = new EventEmitter();
  events.setMaxListeners(0);
  let timer: NodeJS.Timeout | null = null;
  let closed = false;
  const { maxTries } = ctx.limits.verification.jobs;

  const changed = (attemptId: number) => events.emit(String(attemptId));

  async function finish(job: VerifyJobRecord, result: VerifyResult, error: string | null) {
    const now = ctx.clock.now();
    await ctx.store.transaction(async (store) => {
      try {
        // A savepoint: a refusal rolls back only the verdict, and the job is still marked done.
        await recordVerdict({ ...ctx, store }, job.orderNo, job.attemptId, { ...result, verifier: MEDIA_VERIFIER_NAME }, null);
      } catch (e) {
        // The order finished (another attempt passed) or this attempt was closed meanwhile: nothing to judge.
        if (!(e instanceof HttpError)) throw e;
        await store.attempts.finish(job.attemptId, { status: "abandoned", code: e.code }, now);
      }
      await store.verifyJobs.markDone(job.attemptId, now, error);
    });
  }

  async function failedRun(job: VerifyJobRecord, error: Error) {
    // Closing: the job stays 'running' in the store and the next start queues it again.
    if (closed) return;
    const message = error.message;
    if (job.tries < maxTries) {
      log.warn(`verification of attempt ${job.attemptId} failed (try ${job.tries} of ${maxTries}), queued again: ${message}`);
      await ctx.store.verifyJobs.requeue(job.attemptId, message);
      return;
    }
    log.warn(`verification of attempt ${job.attemptId} failed ${job.tries} times, judged as not run: ${message}`);
    // The check's detail reaches the page and the partner: the error itself (paths, internals)
    // stays in the log and with the job (verify_jobs.error), for staff.
    const detail = `The service could not run its checks on this attempt after ${job.tries} tries; a check that could not run is a failure.`;
    await finish(job, notJudged(VERIFY_CODES.checkNotRun, "verification", detail, job.input.ask.will !== null), message);
  }

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
    while (!closed && pool.idle() > 0) {
      const job = await ctx.store.verifyJobs.claimNext(ctx.clock.now());
      if (job === null) return;
      progress.set(job.attemptId, { step: "decoding", progress: 0 });
      changed(job.attemptId);
      const report = (step: VerifyStep, p: number) => {
        const before = progress.get(job.attemptId);
        progress.set(job.attemptId, { step, progress: p });
        if (before?.step !== step) changed(job.attemptId);
      };
      pool
        .run(job.attemptId, job.input, report)
        .then(
          (result) => finish(job, result, null),
          (error: unknown) => failedRun(job, error instanceof Error ? error : new JobFailedError(String(error))),
        )
        .catch((error: unknown) => log.warn(`recording the verdict of attempt ${job.attemptId} failed: ${String(error)}`))
        .finally(() => {
          progress.delete(job.attemptId);
          changed(job.attemptId);
          void dispatch();
        });
    }
  }

  return {
    kick: () => setImmediate(() => void dispatch()),
    progressOf: (attemptId) => progress.get(attemptId) ?? null,
    waitForChange(attemptId, ms, isSettled) {
      return new Promise<void>((resolve) => {
        const key = String(attemptId);
        const done = () => {
          clearTimeout(deadline);
          clearInterval(poll);
          events.off(key, done);
          resolve();
        };
        const deadline = setTimeout(done, ms);
        const poll = setInterval(() => {
          isSettled().then(
            (settled) => settled && done(),
            () => undefined, // a failed look is tried again at the next poll, and the deadline still ends the wait
          );
        }, POLL_MS);
        events.on(key, done);
      });
    },
    async start() {
      const requeued = await ctx.store.verifyJobs.requeueRunning();
      if (requeued > 0) log.warn(`resuming ${requeued} verification job(s) a previous run left unfinished`);
      timer = setInterval(() => void dispatch(), POLL_MS);
      timer.unref();
      void dispatch();
    },
    async close() {
      closed = true;
      if (timer) clearInterval(timer);
      await dispatching;
      await pool.close();
    },
  };
}
