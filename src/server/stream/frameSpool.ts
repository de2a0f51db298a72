/**
 * A frame stream's JPEGs, stored in the media store as they arrive, under one folder
 * (`<orderNo>/<seq>-stream/NNNNN.jpg`). A put to S3 takes a few round trips (tens of
 * milliseconds); one frame after another, that would be the stream's pace, so a few puts run at
 * once and a frame is acknowledged once its put has started. `add` waits only while `limit` puts
 * are in flight, which slows the acknowledgements, and so the page (it skips frames while too
 * many are unacknowledged), instead of piling frames up in memory.
 *
 * A failed put fails the next `add` and `flush`; `discard` waits for the puts in flight before
 * removing the folder, so none lands after it.
 */
import type { MediaStore } from "../media/store/mediaStore";

export interface FrameSpool {
  /** Starts storing `jpeg` as `<prefix>/<file>`; resolves once there is room for the next frame. */
  add(file: string, jpeg: Buffer): Promise<void>;
  /** Resolves once every frame is stored; rejects with the first put that failed. */
  flush(): Promise<void>;
  /** Waits for the puts in flight, then removes every frame stored. Never rejects on a failed put. */
  discard(): Promise<void>;
}

/** Puts in flight at once: enough to hide S3's latency at the page's 10 frames a second. */
const FRAME_PUTS_IN_FLIGHT = 4;

/**
 * @example const spool = createFrameSpool(ctx.media, "ord_1/2-stream"); await spool.add("00000.jpg", jpeg); await spool.flush();
 */
export function createFrameSpool(media: MediaStore, prefix: string, limit = FRAME_PUTS_IN_FLIGHT): FrameSpool {
  const inFlight = new Set<Promise<void>>();
  let failure: { error: unknown } | null = null;

  const throwIfFailed = () => {
    if (failure) throw failure.error;
  };

  return {
    async add(file, jpeg) {
      throwIfFailed();
      const put = media.put(`${prefix}/${file}`, jpeg, { contentType: "image/jpeg" }).then(
        () => undefined,
        (error: unknown) => void (failure ??= { error }),
      );
      const tracked = put.finally(() => inFlight.delete(tracked));
      inFlight.add(tracked);
      while (inFlight.size >= limit) await Promise.race(inFlight);
      throwIfFailed();
    },
    async flush() {
      await Promise.all(inFlight);
      throwIfFailed();
    },
    async discard() {
      await Promise.all(inFlight);
      await media.deletePrefix(prefix);
    },
  };
}
