/**
 * When the page put each colour of the light challenge on screen (schemas/lightChallenge.ts
 * `lightShown`), for the upload's `meta.light` and the stream's `end`. The times are taken in
 * the requestAnimationFrame callback that changed the colour (its timestamp, the frame's), on
 * the page's monotonic clock, and kept absolute: the recording measures from its start and the
 * frame stream from its first frame sent, so each asks relative to its own zero.
 */
import { LIGHT_MAX_SEGMENTS, type LightShown } from "../../schemas/lightChallenge";

/** lightShownSchema's atMs bound. */
const MAX_AT_MS = 600_000;

export interface LightLog {
  /** A new showing of the sequence began: forgets the previous one's times. */
  restart(): void;
  /** Segment `index` reached the screen at `atMs` (the page's clock). Once per segment: the first time stays. */
  shown(index: number, atMs: number): void;
  /**
   * The times relative to `startMs`, valid for lightShownSchema. A segment already on screen at
   * `startMs` counts from 0 (only the latest such one: the earlier ones were gone by then).
   */
  relativeTo(startMs: number): LightShown;
}

/** @example const log = createLightLog(); log.shown(0, performance.now()); upload({ light: log.relativeTo(recordingStartedAt) }); */
export function createLightLog(): LightLog {
  let seen = new Map<number, number>();
  return {
    restart() {
      seen = new Map();
    },
    shown(index, atMs) {
      if (index < 0 || index >= LIGHT_MAX_SEGMENTS || seen.has(index)) return;
      seen.set(index, atMs);
    },
    relativeTo(startMs) {
      const ordered = [...seen.entries()].map(([index, at]) => ({ index, atMs: at - startMs })).sort((a, b) => a.index - b.index);
      const before = ordered.filter((e) => e.atMs <= 0).at(-1);
      return ordered
        .filter((e) => e.atMs > 0 || e === before)
        .map((e) => ({ index: e.index, atMs: Math.min(MAX_AT_MS, Math.max(0, Math.round(e.atMs))) }));
    },
  };
}
