/**
 * The light check's transition test: at each colour change, did the skin step the way the
 * screen's hue stepped? (checks/liveness/lightCheck.ts judges with it.)
 */
import type { Rgb } from "../../signals/frameSignals";
import { chroma } from "./lightSeries";
import type { LightTimeline } from "./lightTimeline";

/**
 * Each boundary between two segments inside the judged frames: the skin's mean just before and
 * just after (up to 300 ms or 60% of the segment, leaving 35 ms each side for the frame that
 * straddles it), and whether the channels that switch moved the way they switched, on average
 * by at least `minStep` (relative) a channel.
 */
export function transitionsFollowed(timeline: LightTimeline, lag: number, times: readonly number[], x: readonly Rgb[], minStep: number, weights: Rgb): { seen: number; followed: number } {
  let seen = 0;
  let followed = 0;
  const spans = timeline.spans;
  for (let k = 1; k < spans.length; k++) {
    const prev = spans[k - 1]!;
    const next = spans[k]!;
    const b = next.startMs + lag;
    const mean = (from: number, to: number): Rgb | null => {
      const inside = x.filter((_, i) => times[i]! >= from && times[i]! < to);
      return inside.length ? ([0, 1, 2].map((c) => inside.reduce((s, v) => s + v[c]!, 0) / inside.length) as Rgb) : null;
    };
    const before = mean(b - Math.min(300, 0.6 * (prev.endMs - prev.startMs)), b - 35);
    const after = mean(b + 35, b + Math.min(300, 0.6 * (next.endMs - next.startMs)));
    if (!before || !after) continue;
    // In hue (chroma, about the same weighed mean as the series `x`): the expected change of each channel less their mean, never zero here,
    // as every two palette colours differ in hue.
    const was = chroma(prev.rgb, weights);
    const now = chroma(next.rgb, weights);
    let agree = 0;
    let energy = 0;
    for (let c = 0; c < 3; c++) {
      const de = now[c]! - was[c]!;
      energy += de * de;
      agree += de * (after[c]! - before[c]!);
    }
    if (energy === 0) continue;
    seen++;
    // The right way, and by a good part of the recording's own step: a face lit by another
    // sequence mostly holds still across this sequence's transitions, and noise has no size.
    if (agree > minStep * energy) followed++;
  }
  return { seen, followed };
}

