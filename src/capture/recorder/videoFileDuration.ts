/**
 * The duration of a picked video file, read the way the browser itself reads it: a
 * detached <video> loads the file's metadata. Null when the browser cannot tell (a format
 * it cannot play, a file without a declared duration, or no answer in time); the service
 * then judges the duration from the container itself.
 *
 * WebM written by MediaRecorder declares no duration, so browsers report Infinity until
 * they have seen the end: seeking far past it makes them scan the file and report the
 * real value in a `durationchange`.
 */

interface DurationReadOptions {
  doc: Document;
  url: Pick<typeof URL, "createObjectURL" | "revokeObjectURL">;
  setTimeout(callback: () => void, ms: number): number;
  clearTimeout(handle: number): void;
  /** Give up after this long (a large file on a slow phone, or a decoder that never answers). */
  timeoutMs: number;
}

/** Beyond any real recording: makes the browser scan to the end of a duration-less WebM. */
const FAR_PAST_THE_END = Number.MAX_SAFE_INTEGER;

export function readVideoDuration(file: Blob, options: DurationReadOptions): Promise<number | null> {
  return new Promise((resolve) => {
    let objectUrl: string;
    try {
      objectUrl = options.url.createObjectURL(file);
    } catch {
      resolve(null);
      return;
    }
    const video = options.doc.createElement("video");
    let settled = false;
    const finish = (ms: number | null) => {
      if (settled) return;
      settled = true;
      options.clearTimeout(timer);
      video.removeEventListener("loadedmetadata", onMetadata);
      video.removeEventListener("durationchange", onDuration);
      video.removeEventListener("error", onError);
      video.removeAttribute("src");
      options.url.revokeObjectURL(objectUrl);
      resolve(ms);
    };
    const usable = (seconds: number) => Number.isFinite(seconds) && seconds > 0;
    const onDuration = () => {
      if (usable(video.duration)) finish(Math.round(video.duration * 1000));
    };
    const onMetadata = () => {
      if (usable(video.duration)) return finish(Math.round(video.duration * 1000));
      if (video.duration === Infinity) {
        video.addEventListener("durationchange", onDuration);
        video.currentTime = FAR_PAST_THE_END;
        return;
      }
      finish(null);
    };
    const onError = () => finish(null);
    const timer = options.setTimeout(() => finish(null), options.timeoutMs);
    video.preload = "metadata";
    video.muted = true;
    video.addEventListener("loadedmetadata", onMetadata);
    video.addEventListener("error", onError);
    video.src = objectUrl;
  });
}
