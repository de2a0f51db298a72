/**
 * The media retention job (FACEFLOW_MEDIA_RETENTION_DAYS, schemas/mediaRetention.ts): deletes
 * the media of orders finished (or, never finished, created) more than N days ago, every key
 * under `<orderNo>/` in the media store (recordings, evidence and stream frames, the reference
 * photo), and marks each order once its media is gone so it is never asked about again. The
 * orders' rows stay; analytics events have their own job (analytics/retentionJob.ts). The
 * recordings' fingerprints (store/fingerprints.ts, the replay check's memory) judged before the
 * same cutoff go too: a replay is looked for as long as the media is kept, and no longer.
 *
 * Like that job it runs soon after start and then every `intervalMs`, in steps of at most
 * `batchOrders` orders with a turn of the event loop between steps, stops at its next step on
 * `close()`, and its timer never keeps the process alive.
 *
 * Several instances may run it at once on one store and media: deleting what is already gone is
 * not an error (deletePrefix is idempotent) and an order is marked once, so the worst is a
 * folder listed twice. An order whose deletion fails is left unmarked and tried again next run.
 */
import type { FastifyInstance } from "fastify";
import { mediaRetentionConfigOf, mediaRetentionEnvSchema, type MediaRetentionConfig } from "../../../schemas/mediaRetention";
import { createPeriodicJob, nodeScheduler, type PeriodicJob, type Scheduler } from "../jobs/periodicJob";
import type { ServiceContext } from "../context";
import type { Clock } from "../runtime";
import type { FingerprintsRepo } from "../store/fingerprints";
import type { MediaRetentionRepo } from "../store/mediaRetention";
import { isMediaKey, type MediaStore } from "./store/mediaStore";

interface MediaRetentionRun {
  /** Orders whose media this run deleted and marked. */
  purged: number;
  /** Orders whose deletion failed, left for the next run. */
  failed: string[];
}

type MediaRetentionJob = PeriodicJob<MediaRetentionRun>;

export interface MediaRetentionJobOptions {
  orders: Pick<MediaRetentionRepo, "due" | "markPurged">;
  media: Pick<MediaStore, "deletePrefix">;
  /** The recordings' fingerprints, purged by the same cutoff; none purged when absent. */
  fingerprints?: Pick<FingerprintsRepo, "purgeBefore">;
  clock: Clock;
  scheduler: Scheduler;
  config: MediaRetentionConfig;
  /** Where failures are reported; the next run is scheduled anyway. */
  log: (message: string, error: unknown) => void;
  firstRunDelayMs?: number;
}

const DAY_MS = 86_400_000;

export function createMediaRetentionJob(options: MediaRetentionJobOptions): MediaRetentionJob {
  const { orders, media, clock, config, log } = options;
  const batch = config.maintenance.batchOrders;

  /** Deletes one order's media; an order number no key can start with has none stored. */
  async function purge(orderNo: string): Promise<void> {
    if (isMediaKey(orderNo)) await media.deletePrefix(orderNo);
  }

  return createPeriodicJob({
    name: "media retention",
    scheduler: options.scheduler,
    intervalMs: config.maintenance.intervalMs,
    firstRunDelayMs: options.firstRunDelayMs,
    log,
    async run({ breathe, closed }) {
      const cutoff = clock.now() - config.days * DAY_MS;
      const failed = new Map<string, unknown>();
      let purged = 0;
      while (!closed()) {
        const due = await orders.due(cutoff, batch, [...failed.keys()]);
        const gone: string[] = [];
        for (const orderNo of due) {
          if (closed()) break;
          try {
            await purge(orderNo);
            gone.push(orderNo);
          } catch (error) {
            failed.set(orderNo, error);
          }
        }
        purged += await orders.markPurged(gone, clock.now());
        // A batch's worth of failures says the store is down: the next run tries again.
        if (due.length < batch || failed.size >= batch) break;
        await breathe();
      }
      while (options.fingerprints && !closed()) {
        if ((await options.fingerprints.purgeBefore(cutoff, batch)) < batch) break;
        await breathe();
      }
      if (failed.size > 0) {
        const [first] = failed.values();
        log(`media retention could not delete the media of ${failed.size} order(s), tried again next run: ${[...failed.keys()].slice(0, 5).join(", ")}`, first);
      }
      return { purged, failed: [...failed.keys()] };
    },
  });
}

/**
 * The retention the environment asks for (FACEFLOW_MEDIA_RETENTION_DAYS), or null for none;
 * throws naming the variable when its value is refused, so a typo stops the start.
 */
export function mediaRetentionFromEnv(env: Readonly<Record<string, string | undefined>>): MediaRetentionConfig | null {
  return mediaRetentionConfigOf(mediaRetentionEnvSchema.parse(env));
}

/**
 * Starts the job on `app` when `config` asks for one, stopped before the app's store closes.
 * @example registerMediaRetention(app, ctx, mediaRetentionFromEnv(process.env));
 */
export function registerMediaRetention(
  app: FastifyInstance,
  ctx: Pick<ServiceContext, "store" | "media" | "clock">,
  config: MediaRetentionConfig | null,
  options: { scheduler?: Scheduler } = {},
): MediaRetentionJob | null {
  if (config === null) return null;
  const job = createMediaRetentionJob({
    orders: ctx.store.mediaRetention,
    media: ctx.media,
    fingerprints: ctx.store.fingerprints,
    clock: ctx.clock,
    scheduler: options.scheduler ?? nodeScheduler,
    config,
    log: (message, error) => app.log.error({ err: error }, message),
  });
  // preClose runs before the onClose hook that closes the store, so no step runs on a closed database.
  app.addHook("preClose", async () => job.close());
  job.start();
  return job;
}
