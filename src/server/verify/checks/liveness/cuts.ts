/**
 * Splices: frames where the face signature jumps far beyond the recording's own frame-to-frame
 * change, as when frames of another person (or another take) are cut in. The verifier describes
 * the faces on both sides of each cut for the identity check, so a splice cannot hide between
 * the frames it happens to sample.
 *
 * Each frame with a face is compared with the previous frame with a face after the best 2D
 * alignment (signals/cropCompare.ts), so a head moving in the frame is not a jump; what is left
 * between two frames of one live face is small (noise, a blink, the mouth: 0.1-0.15 in the face's
 * own standard deviations, averaged over the face), and another face leaves several times that.
 */
import * as z from "zod/mini";
import { normaliseCrop, rigidResidual, smoothCrop } from "../../signals/cropCompare";
import type { FrameSignals } from "../../signals/frameSignals";

export const cutThresholdsSchema = z.strictObject({
  /** A jump is at least this (mean aligned residual, standard deviations of the face's pattern). */
  minJump: z.number().check(z.gt(0)),
  /** ... and this many times the recording's median frame-to-frame residual. */
  overMedian: z.number().check(z.gte(1)),
});
export type CutThresholds = z.infer<typeof cutThresholdsSchema>;

export const CUT_DEFAULTS: CutThresholds = {
  // Measured on the drawn faces (tests/server/verify/liveness/cuts.test.ts): another person about
  // 0.8; one face from open to closed eyes 0.11, from closed to wide open mouth in one frame 0.14,
  // moved and rescaled 0.01. 0.25 sits about 2x above a face's own largest change and 3x below
  // another face. Two real faces share more layout than the drawings (the box puts eyes, nose and
  // mouth at about the same places): their jump is to be measured on real recordings.
  minJump: 0.25,
  // A recording whose every frame changes a lot (heavy compression, fast movement) raises its
  // median, and only a jump well above that counts.
  overMedian: 4,
};

export interface Cut {
  /** Index (into the signals) of the first frame after the jump. */
  index: number;
  /** The jump's size (mean aligned residual). */
  jump: number;
}

/** Each jump beyond the floors, in time order. */
export function findCuts(signals: readonly FrameSignals[], t: CutThresholds = CUT_DEFAULTS): Cut[] {
  const faces = signals.flatMap((s, i) => (s.crop === null ? [] : [{ i, crop: smoothCrop(normaliseCrop(s.crop)) }]));
  const jumps: Cut[] = [];
  for (let k = 1; k < faces.length; k++) jumps.push({ index: faces[k]!.i, jump: rigidResidual(faces[k - 1]!.crop, faces[k]!.crop).mean });
  if (jumps.length === 0) return [];
  const median = [...jumps].sort((a, b) => a.jump - b.jump)[Math.floor(jumps.length / 2)]!.jump;
  const floor = Math.max(t.minJump, t.overMedian * median);
  return jumps.filter((j) => j.jump > floor);
}

/**
 * The frames on both sides of the cuts, each once, the largest jumps first (a cap on the frames
 * described keeps the clearest).
 * Largest first, because not every jump is a splice: where the screen is the room's main light
 * (a dim room), a colour change reshades the face and can jump as far as 0.3-0.5 (SYNTHETIC
 * takes, at every few colour changes), where another person's face jumped 0.36-0.49. Taken in time order,
 * four such jumps before a splice filled the cap and the splice passed (the attack bench,
 * 1 in 10); the splice's own two jumps are at or near the top.
 */
export function framesAroundCuts(cuts: readonly Cut[], frameCount: number): number[] {
  const frames = new Set<number>();
  for (const { index } of [...cuts].sort((a, b) => b.jump - a.jump)) {
    for (const i of [index - 1, index]) if (i >= 0 && i < frameCount) frames.add(i);
  }
  return [...frames];
}
