/**
 * The replay check's numbers that are data: its section of flows/checks.json `thresholds`.
 * The replay check runs on the main thread as the verdict is recorded (replayCheck.ts), not in
 * the worker's check plan, so its section is named here and checked with the plan's
 * (checks/checkPlan.ts): a missing or malformed section stops the build and the service.
 *
 * So far these are the tempo search's (tempoMatch.ts): a copy played faster or slower as a
 * whole. The margins behind each default are written beside it in flows/checks.json's
 * neighbour, docs/presentationAttacks.md ("2026-11-29, tempo"), and in tempoMatch.ts.
 */
import * as z from "zod/mini";
import type { ChecksFile } from "../../../../schemas/checks";

const correlation = z.number().check(z.gte(0), z.lte(1));

export const replayThresholdsSchema = z
  .strictObject({
    /** The slowest tempo searched: 0.8 is a copy played at 80% of its original's speed. */
    slowestTempo: z.number().check(z.gt(0.5), z.lte(1)),
    /** The fastest tempo searched. */
    fastestTempo: z.number().check(z.gte(1), z.lt(2)),
    /** The voices' syllables, resampled at the tempo found, must correlate this well (tempoSeries.ts). */
    tempoVoiceCorrelation: correlation,
    /** Mouths that moved must correlate this well at the voices' tempo: the picture was sped up with the sound. */
    tempoMouthCorrelation: correlation,
    /** How far from the voices' shift the mouths are searched (a container's audio may start a little before or after its video). */
    tempoMouthReachMs: z.number().check(z.gte(0), z.lte(1000)),
  })
  .check(z.refine((t) => t.slowestTempo < t.fastestTempo, "slowestTempo must be below fastestTempo"));
export type ReplayThresholds = z.infer<typeof replayThresholdsSchema>;

/** The section's name in flows/checks.json `thresholds`. */
export const REPLAY_THRESHOLDS = "replay";

/** The replay check's thresholds from a checks file already checked at start (createCheckPlan). */
export const replayThresholdsOf = (file: ChecksFile): ReplayThresholds => z.parse(replayThresholdsSchema, file.thresholds[REPLAY_THRESHOLDS]);

/** The shipped values (flows/checks.json), each with the margin it was set on (docs/presentationAttacks.md "2026-11-29, tempo"). */
export const REPLAY_DEFAULTS: ReplayThresholds = {
  slowestTempo: 0.78,
  fastestTempo: 1.28,
  tempoVoiceCorrelation: 0.97,
  tempoMouthCorrelation: 0.5,
  tempoMouthReachMs: 200,
};
