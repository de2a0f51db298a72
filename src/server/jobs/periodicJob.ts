/**
 * A maintenance job that runs soon after start and then every interval after each run ends,
 * in small steps with a turn of the event loop between them (`breathe`), so a large backlog
 * never holds up requests for more than one small transaction. `close()` cancels the timer,
 * ends a pause at once and lets a running run stop at its next step. The timer is injected
 * (tests step it) and node's is unref'd, so a pending run never keeps a process alive.
 * The analytics and media retention jobs are built on it.
 */

/** The timer functions a job uses; node's by default. */
export interface Scheduler {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** Node's timers, unref'd: a pending run never keeps a process alive. */
export const nodeScheduler: Scheduler = {
  setTimeout(fn, ms) {
    const handle = setTimeout(fn, ms);
    handle.unref();
    return handle;
  },
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface PeriodicJob<R> {
  /** Schedule the first run after `firstRunDelayMs`, then one every interval after each run ends. */
  start(): void;
  /** One full run now (what the timer does); resolves when done or stopped by close(). */
  runOnce(): Promise<R>;
  /** Cancel the timer and stop a running run at its next step. */
  close(): Promise<void>;
}

/** What a run is given: a pause between steps, and whether it should stop. */
interface RunControl {
  breathe(): Promise<void>;
  closed(): boolean;
}

interface PeriodicJobOptions<R> {
  /** Names the job in the log line of a failed run. */
  name: string;
  scheduler: Scheduler;
  intervalMs: number;
  firstRunDelayMs?: number | undefined;
  /** Where a failed run is reported; the next run is scheduled anyway. */
  log: (message: string, error: unknown) => void;
  run: (control: RunControl) => Promise<R>;
}

export function createPeriodicJob<R>(options: PeriodicJobOptions<R>): PeriodicJob<R> {
  const { scheduler } = options;
  let closed = false;
  let timer: unknown;
  let running: Promise<R> | undefined;
  // The pause between steps, kept so close() can end it at once.
  let pause: { handle: unknown; resolve: () => void } | undefined;

  const control: RunControl = {
    breathe: () =>
      new Promise<void>((resolve) => {
        pause = { handle: scheduler.setTimeout(() => resolve(), 0), resolve };
      }).finally(() => (pause = undefined)),
    closed: () => closed,
  };

  function runOnce(): Promise<R> {
    return (running ??= options.run(control).finally(() => (running = undefined)));
  }

  function schedule(delayMs: number): void {
    if (closed) return;
    timer = scheduler.setTimeout(() => {
      timer = undefined;
      void runOnce()
        .catch((error: unknown) => options.log(`${options.name} run failed`, error))
        .finally(() => schedule(options.intervalMs));
    }, delayMs);
  }

  return {
    start: () => schedule(options.firstRunDelayMs ?? 1000),
    runOnce,
    async close() {
      closed = true;
      if (timer !== undefined) scheduler.clearTimeout(timer);
      timer = undefined;
      if (pause) {
        scheduler.clearTimeout(pause.handle);
        pause.resolve();
      }
      await running?.catch(() => undefined);
    },
  };
}
