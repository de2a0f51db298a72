/**
 * The analytics retention job: deletes events received before the retention window and
 * the dashboard counters of days before it, and counts events stored before the counters
 * existed (migration 6). It is a periodic job (jobs/periodicJob.ts: at start and then every
 * `intervalMs`, in steps of at most `batchRows` rows with a turn of the event loop between
 * them), stopped by `close()`, which the service calls before it closes the store.
 */
import type { AnalyticsServiceConfig } from "../../../schemas/analyticsService";
import type { Clock } from "../runtime";
import type { AnalyticsEventsRepo, FactsOf } from "../store/analyticsEvents";
import { createPeriodicJob, type PeriodicJob, type Scheduler } from "../jobs/periodicJob";
import { dayOf } from "./dashboard/eventFacts";

export { nodeScheduler, type Scheduler } from "../jobs/periodicJob";

interface RetentionRun {
  counted: number;
  deletedEvents: number;
  deletedCounters: number;
}

type RetentionJob = PeriodicJob<RetentionRun>;

interface RetentionJobOptions {
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
  const { events, clock, config, factsOf } = options;
  const batch = config.maintenance.batchRows;
  return createPeriodicJob({
    name: "analytics retention",
    scheduler: options.scheduler,
    intervalMs: config.maintenance.intervalMs,
    firstRunDelayMs: options.firstRunDelayMs,
    log: options.log,
    async run({ breathe, closed }) {
      /** Repeat `step` while it fills whole batches; returns the rows it handled. */
      async function drain(step: () => Promise<number>): Promise<number> {
        let total = 0;
        while (!closed()) {
          const done = await step();
          total += done;
          if (done < batch) break;
          await breathe();
        }
        return total;
      }
      const counted = await drain(() => events.countLegacy(batch, factsOf));
      const cutoff = clock.now() - config.retentionDays * DAY_MS;
      const deletedEvents = await drain(() => events.purgeEventsBefore(cutoff, batch));
      const deletedCounters = await drain(() => events.purgeCountersBefore(dayOf(cutoff), batch));
      return { counted, deletedEvents, deletedCounters };
    },
  });
}
