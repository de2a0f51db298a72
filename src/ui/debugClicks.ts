/**
 * The hidden debug-console gesture of spec §2: 10 clicks, each within 500 ms of the
 * previous one. A slower click starts a new series.
 */
const DEBUG_CLICKS = 10;
const DEBUG_CLICK_GAP_MS = 500;

export function createDebugClickDetector(now: () => number): { click(): boolean } {
  let count = 0;
  let last = Number.NEGATIVE_INFINITY;
  return {
    /** Registers a click; true exactly when this click completes the series. */
    click() {
      const t = now();
      count = t - last <= DEBUG_CLICK_GAP_MS ? count + 1 : 1;
      last = t;
      if (count >= DEBUG_CLICKS) {
        count = 0;
        return true;
      }
      return false;
    },
  };
}

/** Loads and starts vConsole at most once per page, lazily (its ~80 KB never ship up front). */
export function createDebugConsoleLoader(load: () => Promise<unknown>): { open(): Promise<void>; readonly opened: boolean } {
  let pending: Promise<void> | null = null;
  let opened = false;
  return {
    open() {
      pending ??= load().then(() => {
        opened = true;
      });
      return pending;
    },
    get opened() {
      return opened;
    },
  };
}
