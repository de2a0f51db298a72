/**
 * The decoder's failures, one class per cause, so the verifier can tell the user's file (unreadable,
 * over a limit) from the service (no decoder, too slow) without reading messages.
 */

/** ffmpeg could not read the file, or found it damaged; `reason` is ffmpeg's own words. */
export class MediaUnreadableError extends Error {
  override readonly name = "MediaUnreadableError";
  constructor(readonly reason: string) {
    super(`unreadable media: ${reason}`);
  }
}

/** The limits the probe checks before anything is decoded. */
const MEDIA_LIMITS = ["pixels", "duration", "frames", "noVideo"] as const;
export type MediaLimit = (typeof MEDIA_LIMITS)[number];

/** The recording is over one of the configured limits (or has no video to judge). */
export class MediaLimitError extends Error {
  override readonly name = "MediaLimitError";
  constructor(
    readonly limit: MediaLimit,
    /** The value found and the most allowed (both 0 for "noVideo"). */
    readonly actual: number,
    readonly max: number,
    detail?: string,
  ) {
    super(detail ?? `media over the ${limit} limit: ${actual} > ${max}`);
  }
}

/** ffmpeg did not finish in time and was killed. */
export class MediaTimeoutError extends Error {
  override readonly name = "MediaTimeoutError";
  constructor(
    readonly stage: "probe" | "decode",
    readonly timeoutMs: number,
  ) {
    super(`ffmpeg ${stage} did not finish within ${timeoutMs} ms and was killed`);
  }
}

/** No usable ffmpeg binary: the service cannot decode anything until this is fixed. */
export class FfmpegUnavailableError extends Error {
  override readonly name = "FfmpegUnavailableError";
}
