/**
 * Long polls waiting on an attempt (GET /api/v1/attempts/:n), and the progress of the jobs
 * this process runs. A waiter wakes when a job here changes step or ends, and otherwise looks
 * at the store every POLL_MS: the job may run on another instance, which only the store tells.
 */
import { EventEmitter } from "node:events";
import type { VerifyStep } from "../../../schemas/api";

/** How often a waiter looks at the store for a verdict another process recorded. */
export const POLL_MS = 500;

interface AttemptWaiters {
  /** A job here began, changed step or ended: wake its waiters. */
  report(attemptId: number, step: VerifyStep | null, progress?: number): void;
  progressOf(attemptId: number): { step: VerifyStep; progress: number } | null;
  /** Resolves when the attempt's job reports a new step or ends here, `isSettled` says so, or after `ms`. */
  waitForChange(attemptId: number, ms: number, isSettled: () => Promise<boolean>): Promise<void>;
  /** Wake every waiter (closing: each answers with what it knows now). */
  wakeAll(): void;
}

export function createAttemptWaiters(): AttemptWaiters {
  const progress = new Map<number, { step: VerifyStep; progress: number }>();
  const events = new EventEmitter();
  events.setMaxListeners(0);
  const wake = (attemptId: number) => events.emit(String(attemptId));
  const waiting = new Set<() => void>();
  return {
    report(attemptId, step, p = 0) {
      if (step === null) {
        progress.delete(attemptId);
        wake(attemptId);
        return;
      }
      const before = progress.get(attemptId);
      progress.set(attemptId, { step, progress: p });
      if (before?.step !== step) wake(attemptId);
    },
    progressOf: (attemptId) => progress.get(attemptId) ?? null,
    waitForChange(attemptId, ms, isSettled) {
      return new Promise<void>((resolve) => {
        const key = String(attemptId);
        const done = () => {
          clearTimeout(deadline);
          clearInterval(poll);
          events.off(key, done);
          waiting.delete(done);
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
        waiting.add(done);
      });
    },
    wakeAll() {
      for (const done of [...waiting]) done();
    },
  };
}
