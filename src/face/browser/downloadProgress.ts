/**
 * The arithmetic of the face files' loading progress (issue 35): what share of the download
 * has arrived, and the whole percent the recording page shows for it.
 *
 * The page reads each file's body decoded, so it counts decoded bytes; a file's share of the
 * whole is its size on the wire, so the percentage moves with the time the download takes (the
 * worker's JavaScript arrives compressed to a third, the model weights hardly shrink): a file
 * half read is half of its wire bytes arrived.
 */

export type FileState = "queued" | "loading" | "arrived" | "failed";

export interface FileProgress {
  /** Its decoded size (what the page reads). */
  bytes: number;
  /** Its size on the wire (what downloading it costs): its weight in the whole. */
  wire: number;
  /** Decoded bytes read so far. */
  received: number;
  state: FileState;
}

/**
 * The share of the files' wire bytes arrived, 0 to 1. An arrived file counts whole (its size
 * may differ from the build's figure, e.g. behind a proxy that re-encodes); one still loading
 * counts what was read of it, never more than all of it; a failed one what it got before failing.
 * @example arrivedShare([{ bytes: 100, wire: 30, received: 50, state: "loading" }, { bytes: 10, wire: 10, received: 10, state: "arrived" }]) // 0.625
 */
export function arrivedShare(files: readonly FileProgress[]): number {
  let total = 0;
  let arrived = 0;
  for (const file of files) {
    total += file.wire;
    if (file.state === "arrived") arrived += file.wire;
    else if (file.bytes > 0) arrived += file.wire * Math.min(1, file.received / file.bytes);
  }
  return total === 0 ? 1 : arrived / total;
}

/**
 * The whole percent shown: rounded down, so 100% is said only once every file has arrived
 * (a file larger than the build measured could otherwise make it 100% early).
 * @example shownPercent([{ bytes: 100, wire: 100, received: 100, state: "loading" }]) // 99
 */
export function shownPercent(files: readonly FileProgress[]): number {
  const percent = Math.floor(arrivedShare(files) * 100);
  return files.every((f) => f.state === "arrived") ? 100 : Math.min(99, percent);
}
