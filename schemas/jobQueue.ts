/**
 * What a verification job carries through pg-boss (src/server/verify/pgBossQueue.ts): only the
 * attempt's id. The job's input stays in the store (verify_jobs.input), written in the same
 * transaction as the pg-boss job, so the queue holds nothing a worker must trust on its own.
 */
import * as z from "zod";

export const verifyJobMessageSchema = z.strictObject({ attemptId: z.number().int().positive() });
export type VerifyJobMessage = z.infer<typeof verifyJobMessageSchema>;
