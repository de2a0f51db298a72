/**
 * How often the light check passes a face that followed ANOTHER random sequence (a replay of
 * another attempt, a prepared video): SYNTHETIC skin signals (tests/server/verify/liveness/
 * syntheticLight.ts) over 2.5-5.5 s recordings, judged against this attempt's sequence at the
 * shipped defaults, and beside them with one setting changed, so the price of a margin is
 * measured, not guessed.
 *
 * Usage: npx tsx scripts/presence/lightChance.ts [N]   (N faces, 1500 by default)
 */
import { LIGHT_DEFAULTS, judgeLight, type LightThresholds } from "../../src/server/verify/checks/liveness/lightCheck";
import { liveSubject, randomChallenge, recordSubject } from "../../tests/server/verify/liveness/syntheticLight";

const variants: [string, LightThresholds][] = [
  ["defaults", LIGHT_DEFAULTS],
  ["80% of the changes followed (before 2026-11-29)", { ...LIGHT_DEFAULTS, minFollowedShare: 0.8 }],
  ["steps in any direction (no alignment)", { ...LIGHT_DEFAULTS, minStepAlignment: -1 }],
  ["no missed transition forgiven", { ...LIGHT_DEFAULTS, forgiveOneAbove: Infinity }],
  ["correlation 0.8", { ...LIGHT_DEFAULTS, minCorrelation: 0.8 }],
];
const n = Number(process.argv[2] ?? 1500);
const passed = variants.map(() => 0);
const short = variants.map(() => 0);
for (let k = 0; k < n; k++) {
  const attempt = randomChallenge(1000 + k);
  const other = recordSubject(liveSubject(randomChallenge(5000 + k), { seed: k, durationMs: 2500 + (k % 4) * 1000 }));
  variants.forEach(([, t], j) => {
    if (judgeLight(other, attempt, [], t).outcome.passed) {
      passed[j]!++;
      if (k % 4 === 0) short[j]!++;
    }
  });
}
for (const [j, [name]] of variants.entries()) console.log(`${name}: ${passed[j]} of ${n} passed (${((100 * passed[j]!) / n).toFixed(2)}%; ${short[j]} of them 2.5 s long)`);
