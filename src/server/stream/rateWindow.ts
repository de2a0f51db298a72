/**
 * Sliding one-second window over frame arrivals: admits a frame only when fewer than
 * `maxPerSecond` frames arrived in the last second, so a client cannot flood the service
 * with frames faster than any camera produces them.
 */
interface RateWindow {
  /** Record an arrival at `nowMs` if allowed; false when the window is full. */
  admit(nowMs: number): boolean;
}

const WINDOW_MS = 1000;

export function createRateWindow(maxPerSecond: number): RateWindow {
  // Arrival times inside the window, oldest first; never more than maxPerSecond of them.
  const arrivals: number[] = [];
  return {
    admit(nowMs) {
      while (arrivals.length > 0 && (arrivals[0] ?? 0) <= nowMs - WINDOW_MS) arrivals.shift();
      if (arrivals.length >= maxPerSecond) return false;
      arrivals.push(nowMs);
      return true;
    },
  };
}
