/**
 * The lifetime of one capture attempt for the live handlers (websocket, real-time video):
 * the outcome is settled exactly once, and settling runs every cleanup registered so far
 * (timers, socket, room, camera), whichever way the attempt ended — a result, a failure,
 * a timeout or dispose. Timers are the injected ones, so tests drive time.
 */
import type { CaptureOutcome } from "../contract";

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

interface CaptureScope {
  /** Resolves with the settled outcome. */
  readonly outcome: Promise<CaptureOutcome>;
  isSettled(): boolean;
  /** Settle once; later calls are ignored. Cleanups run in reverse order of registration. */
  settle(outcome: CaptureOutcome): void;
  /** Run `cleanup` when the attempt settles (at once if it already has). */
  onCleanup(cleanup: () => void): void;
  /** A timer cleared on settle; returns a function that cancels it earlier. */
  after(ms: number, callback: () => void): () => void;
  /** Resolves after `ms`, or when the attempt settles, whichever comes first. */
  sleep(ms: number): Promise<void>;
  /** Waits for `promise`, or for the attempt to settle; check isSettled() afterwards. */
  until<T>(promise: Promise<T>): Promise<T | undefined>;
}

export function createCaptureScope(timers: Timers): CaptureScope {
  let settled = false;
  // A set, so a timer that fired or was cancelled takes its cleanup out again: a long stream
  // sets a timer per frame and must not pile them up.
  const cleanups = new Set<() => void>();
  let resolve: (outcome: CaptureOutcome) => void = () => undefined;
  const outcome = new Promise<CaptureOutcome>((r) => (resolve = r));

  const runCleanup = (cleanup: () => void) => {
    try {
      cleanup();
    } catch {
      // One failing release (a track already stopped) must not keep the others from running.
    }
  };

  const scope: CaptureScope = {
    outcome,
    isSettled: () => settled,
    settle(result) {
      if (settled) return;
      settled = true;
      const pending = [...cleanups].reverse();
      cleanups.clear();
      for (const cleanup of pending) runCleanup(cleanup);
      resolve(result);
    },
    onCleanup(cleanup) {
      if (settled) runCleanup(cleanup);
      else cleanups.add(cleanup);
    },
    after(ms, callback) {
      let pending = true;
      const cancel = () => {
        if (pending) timers.clearTimeout(handle);
        pending = false;
        cleanups.delete(cancel);
      };
      const handle = timers.setTimeout(() => {
        pending = false;
        cleanups.delete(cancel);
        if (!settled) callback();
      }, ms);
      scope.onCleanup(cancel);
      return cancel;
    },
    sleep(ms) {
      return scope.until(new Promise<void>((done) => void scope.after(ms, done))).then(() => undefined);
    },
    until(promise) {
      return Promise.race([promise, outcome.then(() => undefined)]);
    },
  };
  return scope;
}

/** Count down from `seconds` (one event a second), then resolve; the live handlers start together with the recorder's 3-2-1. */
export async function countDown(scope: CaptureScope, seconds: number, onSecond: (secondsLeft: number) => void): Promise<void> {
  for (let left = seconds; left > 0; left -= 1) {
    if (scope.isSettled()) return;
    onSecond(left);
    await scope.sleep(1000);
  }
}
