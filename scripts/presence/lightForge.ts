/**
 * What a modified client gains by forging the page's report of when each colour went up
 * (lightShown): SYNTHETIC faces following another random sequence (as lightChance.ts), judged
 * against this attempt's sequence with the report an honest page gives (none: from the
 * recording's start), with every change moved by up to what a late paint may move it onto one of
 * the other sequence's changes stepping the same way (what lightTimeline.ts trusted before
 * 2026-11-29: each gap within 120 ms + 10% of the issued one), and with one report anchoring the
 * whole sequence wherever in the first `ANCHOR_SPAN_MS` suits the face best (all a report moves
 * now).
 *
 * Usage: npx tsx scripts/presence/lightForge.ts [N]   (N faces, 1500 by default)
 */
import { lightRgb, type LightChallenge, type LightShown } from "../../schemas/lightChallenge";
import { judgeLight } from "../../src/server/verify/checks/liveness/lightCheck";
import { chroma } from "../../src/server/verify/checks/liveness/lightSeries";
import type { Rgb } from "../../src/server/verify/signals/frameSignals";
import { liveSubject, randomChallenge, recordSubject } from "../../tests/server/verify/liveness/syntheticLight";

const ANCHOR_SPAN_MS = 2000;
const ANCHOR_STEP_MS = 100;
/** What the old timeline accepted between two reports: the issued gap within this plus 10%. */
const OLD_TOLERANCE_MS = 120;

const startsOf = (c: LightChallenge): number[] => c.segments.map((_, k) => c.segments.slice(0, k).reduce((sum, s) => sum + s.ms, 0));
const hueStep = (c: LightChallenge, k: number): Rgb => {
  const a = chroma(lightRgb(c.segments[k - 1]!.color) as Rgb);
  const b = chroma(lightRgb(c.segments[k]!.color) as Rgb);
  return [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
};
const cosine = (a: Rgb, b: Rgb): number => (a[0] * b[0] + a[1] * b[1] + a[2] * b[2]) / Math.sqrt((a[0] ** 2 + a[1] ** 2 + a[2] ** 2) * (b[0] ** 2 + b[1] ** 2 + b[2] ** 2));

/** Each of `ours`'s changes reported on the nearest change of `theirs` that steps the same way, where a late paint could put it. */
function movedOnto(ours: LightChallenge, theirs: LightChallenge): LightShown {
  const targets = startsOf(theirs);
  const shown: LightShown = [{ index: 0, atMs: 0 }];
  let at = 0;
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

const n = Number(process.argv[2] ?? 1500);
const counts = { honest: 0, moved: 0, anchored: 0 };
for (let k = 0; k < n; k++) {
  const attempt = randomChallenge(1000 + k);
  const theirs = randomChallenge(5000 + k);
  const face = recordSubject(liveSubject(theirs, { seed: k, durationMs: 2500 + (k % 4) * 1000 }));
  if (judgeLight(face, attempt, []).outcome.passed) counts.honest++;
  if (judgeLight(face, attempt, movedOnto(attempt, theirs)).outcome.passed) counts.moved++;
  for (let anchor = 0; anchor <= ANCHOR_SPAN_MS; anchor += ANCHOR_STEP_MS) {
    if (judgeLight(face, attempt, [{ index: 0, atMs: anchor }]).outcome.passed) {
      counts.anchored++;
      break;
    }
  }
}
const pct = (v: number) => `${v} of ${n} (${((100 * v) / n).toFixed(2)}%)`;
console.log(`passed with no report: ${pct(counts.honest)}; every change moved onto theirs: ${pct(counts.moved)}; the best anchor in the first ${ANCHOR_SPAN_MS} ms: ${pct(counts.anchored)}`);
