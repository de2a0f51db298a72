/**
 * The analytics retention job: deletes events received before the retention window and
 * the dashboard counters of days before it, and counts events stored before the counters
 * existed (migration 6). It runs at start and then every `intervalMs`, in steps of at most
 * `batchRows` rows with a turn of the event loop between steps, so a large backlog never
 * holds up requests for more than one small transaction.
 *
 * The timer is injected (tests step it) and stopped by `close()`, which the service calls
 * before it closes the store.
 */
import type { AnalyticsServiceConfig } from "../../../schemas/analyticsService";
import type { Clock } from "../runtime";
import type { AnalyticsEventsRepo, FactsOf } from "../store/analyticsEvents";
import { dayOf } from "./dashboard/eventFacts";

/** The timer functions the job uses; node's by default. */
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

export interface RetentionRun {
  counted: number;
  deletedEvents: number;
  deletedCounters: number;
}

export interface RetentionJob {
  /** Schedule the first run after `firstRunDelayMs`, then one every interval after each run ends. */
  start(): void;
  /** One full run now (what the timer does); resolves when done or stopped by close(). */
  runOnce(): Promise<RetentionRun>;
  /** Cancel the timer and stop a running run at its next step. */
  close(): Promise<void>;
}

export interface RetentionJobOptions {
  events: Pick<AnalyticsEventsRepo, "countLegacy" | "purgeEventsBefore" | "purgeCountersBefore">;
  clock: Clock;
  scheduler: Scheduler;
  config: Pick<AnalyticsServiceConfig, "retentionDays" | "maintenance">;
  factsOf: FactsOf;
  /** Where a failed run is reported; the next run is scheduled anyway. */
  log: (message: string, error: unknown) => void;
  firstRunDelayMs?: number;
}

const DAY_MS = 86_400_000;

export function createRetentionJob(options: RetentionJobOptions): RetentionJob {
  const { events, clock, scheduler, config, factsOf, log } = options;
  const batch = config.maintenance.batchRows;
  let closed = false;
  let timer: unknown;
  let running: Promise<RetentionRun> | undefined;
  // The pause between steps, kept so close() can end it at once.
  let pause: { handle: unknown; resolve: () => void } | undefined;

  const breathe = () =>
    new Promise<void>((resolve) => {
      pause = { handle: scheduler.setTimeout(() => resolve(), 0), resolve };
    }).finally(() => (pause = undefined));

  /** Repeat `step` while it fills whole batches; returns the rows it handled. */
  async function drain(step: () => Promise<number>): Promise<number> {
    let total = 0;
    while (!closed) {
      const done = await step();
      total += done;
      if (done < batch) break;
      await breathe();
    }
    return total;
  }

  async function run(): Promise<RetentionRun> {
    const counted = await drain(() => events.countLegacy(batch, factsOf));
    const cutoff = clock.now() - config.retentionDays * DAY_MS;
    const deletedEvents = await drain(() => events.purgeEventsBefore(cutoff, batch));
    const deletedCounters = await drain(() => events.purgeCountersBefore(dayOf(cutoff), batch));
    return { counted, deletedEvents, deletedCounters };
  }

  function runOnce(): Promise<RetentionRun> {
    return (running ??= run().finally(() => (running = undefined)));
  }

  function schedule(delayMs: number): void {
    if (closed) return;
    timer = scheduler.setTimeout(() => {
      timer = undefined;
      void runOnce()
        .catch((error: unknown) => log("analytics retention run failed", error))
        .finally(() => schedule(config.maintenance.intervalMs));
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
