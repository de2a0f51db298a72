/**
 * What a screen reader hears of a view that keeps changing: the guidance hint, the prompt,
 * the 3-2-1 and the progress of an upload or a verification. The visible text changes many
 * times a second (face guidance runs per frame, progress per chunk sent); saying each change
 * would flood the listener, so an announcer says an offer only when it is new (its key differs
 * from the last one said), has held for `holdMs` (a hint flickering between two values is
 * never said), and comes at least `minGapMs` after the last one said (the latest offer
 * waiting wins). React-free; src/ui/components/LiveAnnouncement.tsx renders it into a polite
 * live region.
 */

/** The clock and timers an announcer waits with (the window's; a test's fake ones). */
export interface AnnouncerTimers {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface Announcement {
  /** What is said. */
  text: string;
  /** What counts as a change: an offer whose key was the last said is not said again (default: the text). */
  key?: string | undefined;
}

export interface AnnouncePolicy {
  /** How long an offer must stay unchanged before it is said. */
  holdMs: number;
  /** The least time between two announcements. */
  minGapMs: number;
}

/** Guidance hints: a hint must hold a second, so the frame-by-frame flicker is never said. */
export const HINT_POLICY: AnnouncePolicy = { holdMs: 1000, minGapMs: 1500 };
/** The digits, the action asked now, the question: said at once, as they change. */
export const PROMPT_POLICY: AnnouncePolicy = { holdMs: 0, minGapMs: 0 };
/** The 3-2-1: each second at most. */
export const COUNTDOWN_POLICY: AnnouncePolicy = { holdMs: 0, minGapMs: 1000 };
/** Progress: keyed by quarter (progressKey), and never closer than two seconds apart. */
export const PROGRESS_POLICY: AnnouncePolicy = { holdMs: 0, minGapMs: 2000 };

/** How many parts progress is announced in: 0%, 25%, 50%, 75% and 100%. */
const PROGRESS_PARTS = 4;

/**
 * The key of a progress announcement: its label (a step, say) and the quarter it is in, so
 * progress is said on a step change or when it passes a quarter, not on every percent.
 * @example progressKey("analysing", 0.42) // "analysing:1"
 */
export function progressKey(label: string, fraction: number): string {
  const clamped = Math.min(1, Math.max(0, fraction));
  return `${label}:${Math.floor(clamped * PROGRESS_PARTS)}`;
}

export interface Announcer {
  /** What the view shows now; null: nothing to say (a pending announcement is dropped and the region cleared). */
  offer(next: Announcement | null): void;
  /** Drops a pending announcement (the view went away). */
  dispose(): void;
}

/**
 * An announcer that calls `say` with each text to announce, and with "" when the view shows
 * nothing any more (so a stale announcement does not linger in the region).
 */
export function createAnnouncer(policy: AnnouncePolicy, timers: AnnouncerTimers, say: (text: string) => void): Announcer {
  let saidKey: string | null = null;
  let saidAt = Number.NEGATIVE_INFINITY;
  let shown = false;
  let pending: { key: string; text: string; handle: unknown } | null = null;

  const cancel = () => {
    if (pending) timers.clearTimeout(pending.handle);
    pending = null;
  };
  const announce = (key: string, text: string) => {
    pending = null;
    saidKey = key;
    saidAt = timers.now();
    shown = true;
    say(text);
  };

  return {
    offer(next) {
      if (next === null) {
        cancel();
        if (shown) {
          shown = false;
          say("");
        }
        return;
      }
      const key = next.key ?? next.text;
      if (pending?.key === key) {
        // Still the same announcement: it keeps its place in time, with the newest wording.
        pending.text = next.text;
        return;
      }
      cancel();
      // Back to what was said last: nothing new to say.
      if (key === saidKey) return;
      const now = timers.now();
      const wait = Math.max(policy.holdMs, saidAt + policy.minGapMs - now);
      if (wait <= 0) {
        announce(key, next.text);
        return;
      }
      const entry = { key, text: next.text, handle: undefined as unknown };
      entry.handle = timers.setTimeout(() => {
        if (pending === entry) announce(entry.key, entry.text);
      }, wait);
      pending = entry;
    },
    dispose: cancel,
  };
}
