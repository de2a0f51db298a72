/**
 * Draws one attempt's light challenge (schemas/lightChallenge.ts): a random colour sequence
 * that a prepared medium cannot know. Rules, each for a reason:
 * - consecutive colours differ: every segment boundary is a change the face must follow;
 * - each of R, G and B switches at least once in any 4 consecutive segments: every channel of
 *   the skin's reflection carries its own signal all along, so a forger cannot answer one
 *   channel and leave another flat;
 * - segments last LIGHT_MIN_SEGMENT_MS..LIGHT_USUAL_MAX_SEGMENT_MS (≤ 3 changes a second, WCAG
 *   2.3.1), random within, so the boundaries are unpredictable too; up to LIGHT_MAX_SEGMENT_MS
 *   only where the cap on segments could not cover the recording otherwise;
 * - together they cover `coverMs` (the mode's longest recording plus tolerance), at most
 *   LIGHT_MAX_SEGMENTS.
 */
import { randomInt as nodeRandomInt } from "node:crypto";
import {
  LIGHT_COLORS,
  LIGHT_MAX_SEGMENT_MS,
  LIGHT_MAX_SEGMENTS,
  LIGHT_MIN_SEGMENT_MS,
  LIGHT_USUAL_MAX_SEGMENT_MS,
  LIGHT_PALETTE,
  type LightChallenge,
  type LightColor,
  type LightSegment,
} from "../../../schemas/lightChallenge";

/** A uniform integer in [0, max): node:crypto's randomInt in production, a seeded one in tests. */
export type RandomInt = (max: number) => number;

export const cryptoRandomInt: RandomInt = (max) => nodeRandomInt(max);

/** Consecutive segments in which every channel must switch at least once. */
export const LIGHT_CHANNEL_WINDOW = 4;
/** The challenge's shortest length (lightChallengeSchema's minimum). */
const MIN_SEGMENTS = 4;

/** Whether each channel takes both values somewhere in `colors` (i.e. switches at least once). */
function everyChannelSwitches(colors: readonly LightColor[]): boolean {
  return [0, 1, 2].every((channel) => new Set(colors.map((c) => LIGHT_PALETTE[c][channel])).size > 1);
}

/** Whether `next` may follow `before`: a different colour, and the newest window keeps every channel switching. */
function mayFollow(before: readonly LightColor[], next: LightColor): boolean {
  if (before.at(-1) === next) return false;
  if (before.length < LIGHT_CHANNEL_WINDOW - 1) return true;
  return everyChannelSwitches([...before.slice(-(LIGHT_CHANNEL_WINDOW - 1)), next]);
}

/**
 * `count` colours under the rules, uniformly among the allowed ones at each step. A choice can
 * leave no allowed successor (cyan, white, cyan holds G and B on, and only red, which the
 * palette lacks, would switch both), so a dead end steps back and tries another colour.
 */
function drawColors(count: number, random: RandomInt): LightColor[] {
  const colors: LightColor[] = [];
  const untried: LightColor[][] = [];
  while (colors.length < count) {
    const options = (untried[colors.length] ??= LIGHT_COLORS.filter((c) => mayFollow(colors, c)));
    if (options.length === 0) {
      // Dead end: forget this level and discard the previous choice.
      untried.length = colors.length;
      if (colors.pop() === undefined) throw new Error("light: no colour sequence satisfies the rules");
      continue;
    }
    const [chosen] = options.splice(random(options.length), 1);
    if (chosen === undefined) throw new Error("light: random index out of range");
    colors.push(chosen);
    untried.length = colors.length;
  }
  return colors;
}

/** Random segment lengths in [min, usual max] (longer only where the cap needs it) until their sum reaches coverMs (and at least 4), at most the cap. */
function drawDurations(coverMs: number, random: RandomInt): number[] {
  const durations: number[] = [];
  let total = 0;
  while ((total < coverMs || durations.length < MIN_SEGMENTS) && durations.length < LIGHT_MAX_SEGMENTS) {
    const slotsAfter = LIGHT_MAX_SEGMENTS - durations.length - 1;
    // Long enough that the remaining slots, at their longest, can still cover the rest.
    const floor = Math.min(LIGHT_MAX_SEGMENT_MS, Math.max(LIGHT_MIN_SEGMENT_MS, coverMs - total - slotsAfter * LIGHT_MAX_SEGMENT_MS));
    const ms = floor + random(Math.max(LIGHT_USUAL_MAX_SEGMENT_MS, floor) - floor + 1);
    durations.push(ms);
    total += ms;
  }
  return durations;
}

/** A fresh challenge covering `coverMs` of recording (a cover beyond 32 × 700 ms is cut at the cap). */
export function drawLightChallenge(coverMs: number, random: RandomInt = cryptoRandomInt): LightChallenge {
  const durations = drawDurations(coverMs, random);
  const colors = drawColors(durations.length, random);
  const segments: LightSegment[] = durations.map((ms, i) => {
    const color = colors[i];
    if (color === undefined) throw new Error("light: fewer colours than segments");
    return { color, ms };
  });
  return { segments };
}
