/**
 * The verification queue as the routes and the service context see it, apart from either
 * implementation (verificationQueue.ts embedded, pgBossQueue.ts on PostgreSQL), so that the
 * context can name it without importing an implementation that itself takes the context.
 */
import type { VerifyStep } from "../../../schemas/api";
import type { VerifyJobInput } from "../../../schemas/verifyJob";
import type { Store } from "../store";

export interface NewJob {
  attemptId: number;
  orderNo: string;
  appId: string;
  input: VerifyJobInput;
}

export interface VerificationQueue {
  /** Queue a job as part of the transaction `tx` that accepts its media. */
  enqueue(tx: Store, job: NewJob, now: number): Promise<void>;
  /** A job was queued and committed: take it now rather than at the next poll. */
  kick(): void;
  /** Progress of a job this process runs; null when it runs elsewhere or not at all. */
  progressOf(attemptId: number): { step: VerifyStep; progress: number } | null;
  /** Resolves when the attempt's job reports progress or ends here, `isSettled` says so (asked every POLL_MS), or after `ms`. */
  waitForChange(attemptId: number, ms: number, isSettled: () => Promise<boolean>): Promise<void>;
  /** Start taking jobs (after queueing leftovers again, when requeueAtStart). */
  start(): Promise<void>;
  /** Take no more jobs and wait until those running here are judged, or `timeoutMs` passed. */
  drain(timeoutMs: number): Promise<void>;
  close(): Promise<void>;
  /** Throws when jobs cannot be queued or taken (the readiness probe). */
  ping(): Promise<void>;
  /** For the readiness answer and logs. */
  describe(): string;
}
