/**
 * What becomes of a verification job once a worker thread has run it, whichever queue took it
 * (the embedded store queue, verificationQueue.ts, or pg-boss on PostgreSQL, pgBossQueue.ts):
 * its verdict recorded with "done" in one transaction, or, when the run failed, the job queued
 * again until verification.jobs.maxTries and then judged "the check could not run" (code
 * 1026), never passed.
 */
import type { VerifyResult } from "../../../schemas/verifyJob";
import type { ServiceContext } from "../context";
import { HttpError } from "../http/errors";
import { VERIFY_CODES } from "../media/verifyCodes";
import { recordVerdict } from "../orders/verdict";
import type { VerifyJobRecord } from "../store/verifyJobs";
import { notJudged } from "./checks/judgeMedia";

/** How a job's error starts when it was given up on (staff's view, http/adminJobs.ts). */
export const GIVEN_UP = "given up";
export const DEAD_LETTERED = "dead-lettered";

/** Recorded with each attempt, so a result can be traced to what judged it. */
const MEDIA_VERIFIER_NAME = "faceflow-media-checks";

interface JobJudge {
  /** Record the verdict and mark the job done, in one transaction. */
  finish(job: VerifyJobRecord, result: VerifyResult, error: string | null): Promise<void>;
  /** A run failed: "retry" when the job was queued again, "judged" when its tries are used up and it was judged not run. */
  failed(job: VerifyJobRecord, error: Error): Promise<"retry" | "judged">;
  /** Judge as not run now (tries used up, or the job given up on by the queue), keeping `why` for staff. */
  giveUp(job: VerifyJobRecord, why: string): Promise<void>;
  /** Close the attempt without a verdict (it does not count) and end the job: when even judging it fails. */
  abandon(job: VerifyJobRecord, why: string): Promise<void>;
}

export function createJobJudge(ctx: Pick<ServiceContext, "store" | "clock" | "limits" | "checks">, log: { warn(msg: string): void }): JobJudge {
  const { maxTries } = ctx.limits.verification.jobs;

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

  /** `why` is kept with the job for staff, prefixed so that their view can tell a job given up on. */
  async function giveUp(job: VerifyJobRecord, why: string) {
    const reason = why.startsWith(GIVEN_UP) || why.startsWith(DEAD_LETTERED) ? why : `${GIVEN_UP} after ${job.tries} tries: ${why}`;
    // The check's detail reaches the page and the partner: the error itself (paths, internals)
    // stays in the log and with the job (verify_jobs.error), for staff.
    const detail = `The service could not run its checks on this attempt after ${job.tries} tries; a check that could not run is a failure.`;
    await finish(job, notJudged(VERIFY_CODES.checkNotRun, "verification", detail, job.input.ask.will !== null), reason);
  }

  return {
    finish,
    giveUp,
    async abandon(job, why) {
      const now = ctx.clock.now();
      await ctx.store.transaction(async (store) => {
        await store.attempts.finish(job.attemptId, { status: "abandoned", code: VERIFY_CODES.checkNotRun }, now);
        await store.verifyJobs.markDone(job.attemptId, now, why.startsWith(GIVEN_UP) || why.startsWith(DEAD_LETTERED) ? why : `${GIVEN_UP}: ${why}`);
      });
    },
    async failed(job, error) {
      const message = error.message;
      if (job.tries < maxTries) {
        log.warn(`verification of attempt ${job.attemptId} failed (try ${job.tries} of ${maxTries}), queued again: ${message}`);
        await ctx.store.verifyJobs.requeue(job.attemptId, message);
        return "retry";
      }
      log.warn(`verification of attempt ${job.attemptId} failed ${job.tries} times, judged as not run: ${message}`);
      await giveUp(job, message);
      return "judged";
    },
  };
}
