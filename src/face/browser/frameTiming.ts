/**
 * The face session's timing decisions as pure functions of the measured frame times, so the
 * rules (how fast frames are taken, when a device counts as too slow) are tested without a
 * browser or a clock.
 */

/** Median of a list; null when empty. Even counts average the two middle values. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * Nearest-rank percentile (p in 0..100) of a list; null when empty.
 * @example percentile([10, 20, 30, 40], 90) // 40
 */
export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((Math.min(100, Math.max(0, p)) / 100) * sorted.length);
  return sorted[Math.max(0, rank - 1)]!;
}

interface SlowRule {
  /** A frame time above this (ms, median) makes guidance lag too far behind the user. */
  slowFrameMs: number;
  /** How many recent frames the median is taken over; no decision before that many. */
  slowAfterFrames: number;
}

/**
 * True when the device is too slow for guidance: the median of the last `slowAfterFrames`
 * frame times is above `slowFrameMs`. A window of recent frames (rather than every frame
 * so far) also catches a phone that slows down as it heats up, while one slow frame (a
 * garbage collection, the first frame after warm-up) does not decide anything.
 */
export function isTooSlow(frameMs: readonly number[], rule: SlowRule): boolean {
  if (rule.slowAfterFrames < 1 || frameMs.length < rule.slowAfterFrames) return false;
  const recent = median(frameMs.slice(-rule.slowAfterFrames));
  return recent !== null && recent > rule.slowFrameMs;
}

/**
 * How long to wait before taking the next frame, so frames start at most `framesPerSecond`
 * times a second. Called when the previous frame's answer arrived (one frame in flight at a
 * time), so a slow device simply analyses fewer frames instead of queueing them.
 * @example nextFrameDelay(1000, 1050, 8) // 75: frames start 125 ms apart, 50 ms have passed
 */
export function nextFrameDelay(lastStartMs: number | null, nowMs: number, framesPerSecond: number): number {
  if (lastStartMs === null || framesPerSecond <= 0) return 0;
  const interval = 1000 / framesPerSecond;
  return Math.max(0, Math.round(lastStartMs + interval - nowMs));
}
