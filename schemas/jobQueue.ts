/**
 * What a verification job carries through pg-boss (src/server/verify/pgBossQueue.ts): only the
 * attempt's id. The job's input stays in the store (verify_jobs.input), written in the same
 * transaction as the pg-boss job, so the queue holds nothing a worker must trust on its own.
 */
import * as z from "zod";

export const verifyJobMessageSchema = z.strictObject({ attemptId: z.number().int().positive() });

/** One job as staff see it (`GET /admin/jobs.json`): the input is left out, the error kept. */
const staffJobSchema = z.object({
  attemptId: z.number().int(),
  orderNo: z.string(),
  appId: z.string(),
  state: z.enum(["queued", "running", "done"]),
  tries: z.number().int(),
  error: z.string().nullable(),
  /** Given up on: its tries used up, or dead-lettered by the queue; judged "could not run" (1026). */
  givenUp: z.boolean(),
  enqueuedAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});

/** What `GET /admin/jobs.json` answers: how many jobs are in each state, and the ones that needed a second look. */
export const staffJobsAnswerSchema = z.object({
  queue: z.string(),
  counts: z.object({ queued: z.number().int(), running: z.number().int(), done: z.number().int() }),
  /** Jobs tried more than once or with an error, newest first (at most 200). */
  troubled: z.array(staffJobSchema),
});
export type StaffJob = z.infer<typeof staffJobSchema>;
export type StaffJobsAnswer = z.infer<typeof staffJobsAnswerSchema>;
