/**
 * Long polls waiting on an attempt (GET /api/v1/attempts/:n), and the progress of the jobs
 * this process runs. A waiter wakes when a job here changes step, moves its bar by PROGRESS_WAKE,
 * or ends, and otherwise looks at the store every POLL_MS: the job may run on another instance,
 * which only the store tells.
 */
import { EventEmitter } from "node:events";
import type { VerifyStep } from "../../../schemas/api";

/** How often a waiter looks at the store for a verdict another process recorded. */
export const POLL_MS = 500;

/**
 * Waiters wake when a job's fraction done grew by this much since they were last woken: the
 * page's bar moves in visible steps (a 2-4 s job answers a poll every half second at most, the
 * page's own gap between polls), not once a frame.
 */
export const PROGRESS_WAKE = 0.05;

interface AttemptWaiters {
  /** A job here began, changed step, moved on, or ended (step null): wake its waiters on a new step, PROGRESS_WAKE more, or the end. */
  report(attemptId: number, step: VerifyStep | null, progress?: number): void;
  /** The running job's step and fraction done (which never goes back while it runs; a job tried again starts over, and the page holds its bar). */
  progressOf(attemptId: number): { step: VerifyStep; progress: number } | null;
  /** Resolves when the attempt's job reports a new step, PROGRESS_WAKE more or ends here, `isSettled` says so, or after `ms`. */
  waitForChange(attemptId: number, ms: number, isSettled: () => Promise<boolean>): Promise<void>;
  /** Wake every waiter (closing: each answers with what it knows now). */
  wakeAll(): void;
}

export function createAttemptWaiters(): AttemptWaiters {
  const progress = new Map<number, { step: VerifyStep; progress: number; wokeAt: number }>();
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
      const now = Math.max(before?.progress ?? 0, p);
      const moved = before === undefined || before.step !== step || now - before.wokeAt >= PROGRESS_WAKE;
      progress.set(attemptId, { step, progress: now, wokeAt: moved ? now : before.wokeAt });
      if (moved) wake(attemptId);
    },
    progressOf(attemptId) {
      const running = progress.get(attemptId);
      return running ? { step: running.step, progress: running.progress } : null;
    },
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
