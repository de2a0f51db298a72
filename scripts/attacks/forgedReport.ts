/**
 * A modified client's report of when each colour went up (lightShown), forged to help a video
 * prepared for ANOTHER sequence: each of this attempt's changes reported at the nearest change
 * of the video's sequence that steps the same way in hue, where a late paint could have put it
 * (the issued gap within 120 ms + 10%, what the service trusted before 2026-11-29). Used by the
 * attack bench (attackCases.ts, family 5) and scripts/presence/lightForge.ts.
 */
import { lightRgb, type LightChallenge, type LightShown } from "../../schemas/lightChallenge";
import { chroma } from "../../src/server/verify/checks/liveness/lightSeries";
import type { Rgb } from "../../src/server/verify/signals/frameSignals";

/** What the old timeline accepted between two reports: the issued gap within this plus 10%. */
export const OLD_TOLERANCE_MS = 120;

const startsOf = (c: LightChallenge): number[] => c.segments.map((_, k) => c.segments.slice(0, k).reduce((sum, s) => sum + s.ms, 0));

function hueStep(c: LightChallenge, k: number): Rgb {
  const a = chroma(lightRgb(c.segments[k - 1]!.color) as Rgb);
  const b = chroma(lightRgb(c.segments[k]!.color) as Rgb);
  return [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
}

const cosine = (a: Rgb, b: Rgb): number => (a[0] * b[0] + a[1] * b[1] + a[2] * b[2]) / Math.sqrt((a[0] ** 2 + a[1] ** 2 + a[2] ** 2) * (b[0] ** 2 + b[1] ** 2 + b[2] ** 2));

/**
 * `ours` reported as if its changes had come with those of `theirs` (shown from `theirsStartMs`
 * on the recording's clock), each within the old tolerance of where the one before it puts it;
 * a change with none of theirs near stepping within 37° is reported where the issued gap puts it.
 * @example movedOnto(ours, theirs, 200)[0] // { index: 0, atMs: 200 }
 */
export function movedOnto(ours: LightChallenge, theirs: LightChallenge, theirsStartMs: number): LightShown {
  const targets = startsOf(theirs).map((t) => t + theirsStartMs);
  const shown: LightShown = [{ index: 0, atMs: theirsStartMs }];
  let at = theirsStartMs;
  for (let k = 1; k < ours.segments.length; k++) {
    const gap = ours.segments[k - 1]!.ms;
    const nominal = at + gap;
    let best = nominal;
    let bestCosine = 0.8;
    targets.forEach((t, j) => {
      if (j === 0 || Math.abs(t - nominal) > OLD_TOLERANCE_MS + 0.1 * gap) return;
      const c = cosine(hueStep(ours, k), hueStep(theirs, j));
      if (c > bestCosine) [bestCosine, best] = [c, t];
    });
    at = best;
    shown.push({ index: k, atMs: Math.round(at) });
  }
  return shown;
}
