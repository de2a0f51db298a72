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
import { judgeLight } from "../../src/server/verify/checks/liveness/lightCheck";
import { movedOnto } from "../attacks/forgedReport";
import { liveSubject, randomChallenge, recordSubject } from "../../tests/server/verify/liveness/syntheticLight";

const ANCHOR_SPAN_MS = 2000;
const ANCHOR_STEP_MS = 100;

const n = Number(process.argv[2] ?? 1500);
const counts = { honest: 0, moved: 0, anchored: 0 };
for (let k = 0; k < n; k++) {
  const attempt = randomChallenge(1000 + k);
  const theirs = randomChallenge(5000 + k);
  const face = recordSubject(liveSubject(theirs, { seed: k, durationMs: 2500 + (k % 4) * 1000 }));
  if (judgeLight(face, attempt, []).outcome.passed) counts.honest++;
  if (judgeLight(face, attempt, movedOnto(attempt, theirs, 0)).outcome.passed) counts.moved++;
  for (let anchor = 0; anchor <= ANCHOR_SPAN_MS; anchor += ANCHOR_STEP_MS) {
    if (judgeLight(face, attempt, [{ index: 0, atMs: anchor }]).outcome.passed) {
      counts.anchored++;
      break;
    }
  }
}
const pct = (v: number) => `${v} of ${n} (${((100 * v) / n).toFixed(2)}%)`;
console.log(`passed with no report: ${pct(counts.honest)}; every change moved onto theirs: ${pct(counts.moved)}; the best anchor in the first ${ANCHOR_SPAN_MS} ms: ${pct(counts.anchored)}`);
