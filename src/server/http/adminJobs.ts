/**
 * `GET /admin/jobs.json` (staff, the dashboard's admin token): the verification jobs' states,
 * and every job that needed a second look: tried again after a failed run or a dead worker,
 * given up on (its tries used up, or dead-lettered by pg-boss) and so judged "the check could
 * not run", with the error staff need and the page never sees.
 */
import type { FastifyInstance, preHandlerAsyncHookHandler } from "fastify";
import type { StaffJob, StaffJobsAnswer } from "../../../schemas/jobQueue";
import { createAdminAuth } from "../analytics/dashboard/adminAuth";
import type { ServiceContext } from "../context";
import type { VerifyJobRecord } from "../store/verifyJobs";
import { DEAD_LETTERED, GIVEN_UP } from "../verify/jobOutcome";

const TROUBLED_MAX = 200;
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function staffView(job: VerifyJobRecord): StaffJob {
  return {
    attemptId: job.attemptId,
    orderNo: job.orderNo,
    appId: job.appId,
    state: job.state,
    tries: job.tries,
    error: job.error,
    givenUp: job.state === "done" && job.error !== null && (job.error.startsWith(GIVEN_UP) || job.error.startsWith(DEAD_LETTERED)),
    enqueuedAt: new Date(job.enqueuedAt).toISOString(),
    startedAt: iso(job.startedAt),
    finishedAt: iso(job.finishedAt),
  };
}

export function registerAdminJobsRoute(app: FastifyInstance, ctx: ServiceContext, options: { adminToken: string; limiter: preHandlerAsyncHookHandler }): void {
  const auth = createAdminAuth(options.adminToken);
  app.get("/admin/jobs.json", { preHandler: options.limiter }, async (request, reply): Promise<StaffJobsAnswer | undefined> => {
    if (!auth.admit(request, reply)) return undefined;
    const [counts, troubled] = await Promise.all([ctx.store.verifyJobs.countByState(), ctx.store.verifyJobs.troubled(TROUBLED_MAX)]);
    void reply.header("cache-control", "no-store, private");
    return { queue: ctx.verification.describe(), counts, troubled: troubled.map((job) => staffView(job)) };
  });
}
