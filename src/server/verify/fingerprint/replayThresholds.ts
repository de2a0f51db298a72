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

/**
 * The shipped values (flows/checks.json), each with the margin it was set on: SYNTHETIC number
 * takes (scripts/presence/mouthLab.ts through the service's own pipeline, saved and compared
 * again; docs/presentationAttacks.md "2026-11-29, tempo").
 */
export const REPLAY_DEFAULTS: ReplayThresholds = {
  // The bench's copies are drawn from 0.8-1.25; the search reaches a little beyond.
  slowestTempo: 0.78,
  fastestTempo: 1.28,
  // 64 tempo copies (0.81-1.25, pitch kept or moved, trimmed, mirrored) correlated 0.977-0.999,
  // 12 more in voiceLab.ts 0.975-0.999; 34 pairs of retakes of the same digits (both ways) at
  // most 0.960 (one pair, which the check at one tempo already refuses, its voices 0.944 there),
  // the next 0.891; takes of other digits at most 0.874. 0.97 leaves 0.005 under the lowest copy
  // and 0.010 over that pair: thin on both sides.
  tempoVoiceCorrelation: 0.97,
  // Not what tells a copy from a retake (retakes' mouths reached 0.924 at their voices' tempo):
  // that the mouth moved with the voice. Copies' mouths 0.667-0.966 at their voices' tempo (the
  // lowest played 1.19 times as fast: every sixth frame dropped at 15 a second); lip-sync's own floor is 0.5.
  tempoMouthCorrelation: 0.5,
  // Copies' mouths lined up 0 to 150 ms before their voices' shift (earlier the faster the copy).
  tempoMouthReachMs: 200,
};
