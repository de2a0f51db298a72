/**
 * The light check's transition test: at each colour change, did the skin step the way the
 * screen's hue stepped? (checks/liveness/lightCheck.ts judges with it.)
 */
import type { Rgb } from "../../signals/frameSignals";
import type { LightTimeline } from "./lightTimeline";

/**
 * Each boundary between two segments inside the judged frames: the skin's mean just before and
 * just after (up to 300 ms or 60% of the segment, leaving 35 ms each side for the frame that
 * straddles it), and whether the channels that switch moved the way they switched, by at least
 * `minStep` of the expected step a channel.
 *
 * A step that moved far enough must also point the way the screen's hue moved: within
 * acos(`minAlignment`) of it. A live face's step is its response times the screen's step plus a
 * noise of a fraction of a percent (SYNTHETIC takes rendered by ffmpeg: cos 0.89-1.00); a face
 * lit by another sequence steps at about the same times (segments of 350-500 ms line up at some
 * lag) but toward another colour, and a large step at 45° still projects far enough.
 *
 * `x` (the skin) and `expected` (the sequence's hue at the same frames) are both detrended by
 * the same running mean, and the expected step is measured in the same windows as the skin's:
 * the running mean takes part of every step away (about a fifth mid-recording, and up to half
 * in the last segments, where its window is cut short by the recording's end), and it takes
 * the same part from both. Measured against the undetrended palette instead, a live face's last
 * transition read 0.07 where 0.09 was needed (SYNTHETIC shake, bright room).
 */
export function transitionsFollowed(timeline: LightTimeline, lag: number, times: readonly number[], x: readonly Rgb[], expected: readonly Rgb[], minStep: number, minAlignment: number): { seen: number; followed: number } {
  let seen = 0;
  let followed = 0;
  const spans = timeline.spans;
  for (let k = 1; k < spans.length; k++) {
    const prev = spans[k - 1]!;
    const next = spans[k]!;
    const b = next.startMs + lag;
    const mean = (xs: readonly Rgb[], from: number, to: number): Rgb | null => {
      const inside = xs.filter((_, i) => times[i]! >= from && times[i]! < to);
      return inside.length ? ([0, 1, 2].map((c) => inside.reduce((s, v) => s + v[c]!, 0) / inside.length) as Rgb) : null;
    };
    const beforeFrom = b - Math.min(300, 0.6 * (prev.endMs - prev.startMs));
    const afterTo = b + Math.min(300, 0.6 * (next.endMs - next.startMs));
    const before = mean(x, beforeFrom, b - 35);
    const after = mean(x, b + 35, afterTo);
    const was = mean(expected, beforeFrom, b - 35);
    const now = mean(expected, b + 35, afterTo);
    if (!before || !after || !was || !now) continue;
    let agree = 0;
    let energy = 0;
    let moved = 0;
    for (let c = 0; c < 3; c++) {
      const de = now[c]! - was[c]!;
      const dx = after[c]! - before[c]!;
      energy += de * de;
      moved += dx * dx;
      agree += de * dx;
    }
    // In hue every two palette colours differ, so only a boundary whose windows caught nothing of it is skipped.
    if (energy < 1e-9) continue;
    seen++;
    // The right way, and by a good part of the recording's own step: a face lit by another
    // sequence mostly holds still across this sequence's transitions, and noise has no size;
    // and toward this sequence's colour, not another's.
    if (agree > minStep * energy && agree >= minAlignment * Math.sqrt(energy * moved)) followed++;
  }
  return { seen, followed };
}

