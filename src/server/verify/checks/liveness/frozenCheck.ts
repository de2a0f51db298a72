/**
 * Frozen media: a looped still, or a still moved, zoomed, shaken or noised in 2D, instead of a
 * camera's picture of a live face. What tells them apart is change INSIDE the face that no 2D
 * move of a picture explains: a blink, the mouth, an expression, the screen's light shading a
 * curved face differently from one colour to the next. So every pair of face signatures some
 * way apart in time (one frame, ~200 ms, ~500 ms) is aligned by the best 2D similarity
 * transform (signals/cropCompare.ts) and the worst 3x3 block of what is left is kept. A live
 * face, even one sitting quietly, has some such blocks over a recording (a person blinks about
 * every 3-4 s; the blink's eye block changes by about one standard deviation of the face's
 * pattern); a picture has none beyond noise and resampling.
 *
 * Second, the skin must carry some sensor noise: a median high-pass residual of exactly zero on
 * most frames means more than half the skin pixels equal their neighbours' mean, which flat or
 * perfectly smooth synthetic rendering gives and no camera does (8-bit rounding of a camera's
 * smooth gradient alone leaves about 0.2 levels).
 */
import * as z from "zod/mini";
import { failed, pass, type Outcome } from "../../../media/checkOutcome";
import { VERIFY_CODES } from "../../../media/verifyCodes";
import { plural } from "../analysis";
import { normaliseCrop, rigidResidual, smoothCrop } from "../../signals/cropCompare";
import type { FrameSignals } from "../../signals/frameSignals";

export const frozenThresholdsSchema = z.strictObject({
  /** Fewer frames with a face than this: cannot be judged, and fails. */
  minFrames: z.int().check(z.gte(3)),
  /** Time gaps of the compared pairs, ms (the nearest frame to each). */
  lagsMs: z.array(z.number().check(z.gt(0))).check(z.minLength(1)),
  /**
   * The worst 3x3 block's residual after the best 2D transform (in standard deviations of the
   * face's own pattern) that counts as change inside the face.
   */
  minNonRigid: z.number().check(z.gt(0)),
  /** ... and above this multiple of the recording's median pair residual. */
  overTypical: z.number().check(z.gte(1)),
  /**
   * That many pairs at least (and this share of all pairs) must show it: one glitched frame is
   * not life. 0 (with a share of 0) reports the change without judging on it: see the shipped
   * flows/checks.json for why it is off there.
   */
  minNonRigidPairs: z.int().check(z.gte(0)),
  minNonRigidShare: z.number().check(z.gte(0), z.lte(1)),
  /** ... and this many of them must remain once the frame in most of them is set aside. */
  minBeyondOneFrame: z.int().check(z.gte(0)),
  /** Consecutive signatures closer than this are counted identical. */
  identicalBelow: z.number().check(z.gte(0)),
  /**
   * A looped still: fails when at least this share of consecutive frames are identical. A camera
   * never repeats a frame exactly (sensor noise); a slow one decoded at the signal rate repeats
   * some (a 10 fps camera read at 15 a second: a third; 6 fps: three fifths), so the bound sits
   * above that; a looped still encoded as video measured 81-93%.
   */
  maxIdenticalShare: z.number().check(z.gt(0), z.lte(1)),
  /** Skin noise (0..255 levels) below this is "no noise"; fails when that holds on at least `noNoiseShare` of the frames. */
  minNoise: z.number().check(z.gte(0)),
  noNoiseShare: z.number().check(z.gte(0), z.lte(1)),
});
export type FrozenThresholds = z.infer<typeof frozenThresholdsSchema>;

export const FROZEN_DEFAULTS: FrozenThresholds = {
  minFrames: 8,
  lagsMs: [67, 200, 500],
  // Measured on the synthetic subjects (tests/server/verify/liveness/frozenCheck.test.ts), on
  // smoothed signatures of a 120-px box: a still photo shaken by σ 3 px, zoomed σ 2.5% and turned
  // σ 1° with σ = 2-level noise and a box off by 2 px / 2% every other frame leaves a median of
  // about 0.07 and at most about 0.11 (resampling: eyes and brows are a few pixels tall); one
  // blink about 0.57; the same through VP8 at 50-400 kbps or H.264 at 300 kbps (320x240): photo at
  // most 0.10, blink 0.58. 0.25 sits about 2.3x from both. Both bounds together (0.25, and 2.5x the
  // recording's median pair) keep a noisier camera or encoder, which raises every pair, from
  // counting as life. The thinnest margin here: to be measured on real recordings.
  minNonRigid: 0.25,
  overTypical: 2.5,
  // A blink of 150 ms at 15 fps changes 2-3 frames, seen in 10 or more of the pairs at three lags
  // (the synthetic one in 18); one odd frame is seen in 6-8, all sharing that frame.
  minNonRigidPairs: 6,
  minNonRigidShare: 0.02,
  minBeyondOneFrame: 3,
  identicalBelow: 0.003,
  maxIdenticalShare: 0.7,
  // One step of the residual (1/8 level): below it the median residual is exactly zero. Measured
  // through VP8 at 320x240 (the drawn face with σ 2 noise): 400 kbps median 0.375 and no zero
  // frames; 150 kbps 0.125 with 5 of 52 frames at zero; 90 kbps 22 of 52 at zero; 50 kbps 0.25
  // (blocking adds residual). A noiseless rendering through the same encoder: zero on all 52.
  // So only "zero on nearly every frame" fails: a low bitrate zeroes many frames, not all.
  minNoise: 0.125,
  noNoiseShare: 0.95,
};

export interface FrozenFigures {
  frames: number;
  pairs: number;
  /** Pairs whose residual after a 2D transform exceeds the floor, and how many do not share the frame most of them share. */
  nonRigidPairs: number;
  beyondOneFrame: number;
  /** The largest such residual, and the median over the pairs. */
  largestNonRigid: number;
  typicalNonRigid: number;
  /** Consecutive frames with identical signatures, of `frames - 1`. */
  identical: number;
  /** Median skin noise over the frames, levels. */
  noise: number | null;
  noNoiseFrames: number;
}

/** For each frame, the index of the frame nearest `lagMs` later (or none). */
function laterIndex(times: readonly number[], i: number, lagMs: number): number | null {
  const want = (times[i] as number) + lagMs;
  let best: number | null = null;
  for (let j = i + 1; j < times.length; j++) {
    if (best === null || Math.abs((times[j] as number) - want) < Math.abs((times[best] as number) - want)) best = j;
    if ((times[j] as number) > want) break;
  }
  // A lag is honoured within half of itself, so a gap in the frames does not make a long pair short.
  return best !== null && Math.abs((times[best] as number) - want) <= lagMs / 2 ? best : null;
}

export function judgeFrozen(signals: readonly FrameSignals[], t: FrozenThresholds = FROZEN_DEFAULTS): { outcome: Outcome; figures: FrozenFigures } {
  const faces = signals.filter((s): s is FrameSignals & { crop: Float32Array } => s.crop !== null);
  const crops = faces.map((s) => normaliseCrop(s.crop));
  const smooth = crops.map(smoothCrop);
  const times = faces.map((s) => s.atMs);
  const noises = faces.flatMap((s) => (s.noise === null ? [] : [s.noise]));
  const noise = noises.length ? ([...noises].sort((a, b) => a - b)[Math.floor(noises.length / 2)] as number) : null;
  const figures: FrozenFigures = { frames: faces.length, pairs: 0, nonRigidPairs: 0, beyondOneFrame: 0, largestNonRigid: 0, typicalNonRigid: 0, identical: 0, noise, noNoiseFrames: noises.filter((n) => n < t.minNoise).length };
  if (faces.length < t.minFrames) {
    return { outcome: failed("frozen", VERIFY_CODES.frozenMedia, `Not judged: ${plural(faces.length, "frame")} with a face, at least ${t.minFrames} needed.`), figures };
  }
  // A repeat is the frame before's picture in this frame's own box (FrameSignals.repeat): the
  // boxes of a still jitter by a pixel between frames, which alone puts two signatures of one
  // picture far apart.
  figures.identical = faces.filter((s) => s.repeat !== null && s.repeat < t.identicalBelow).length;
  const blocks: number[] = [];
  const pairs: [number, number][] = [];
  for (const lag of t.lagsMs) {
    for (let i = 0; i < crops.length; i++) {
      const j = laterIndex(times, i, lag);
      if (j === null) continue;
      const { block } = rigidResidual(smooth[i] as Float32Array, smooth[j] as Float32Array);
      // A pair the alignment could not solve (a face turned far away: the signatures share too
      // little) says nothing either way, and must not read as change.
      if (!Number.isFinite(block)) continue;
      blocks.push(block);
      pairs.push([i, j]);
    }
  }
  // Change counts above the floor and well above this recording's own typical pair: a noisier
  // camera or encoder raises both a picture's and a face's typical residual alike.
  const typical = blocks.length ? ([...blocks].sort((a, b) => a - b)[Math.floor(blocks.length / 2)] as number) : 0;
  const floor = Math.max(t.minNonRigid, t.overTypical * typical);
  figures.pairs = blocks.length;
  figures.typicalNonRigid = typical;
  figures.largestNonRigid = Math.max(0, ...blocks);
  const changed = pairs.filter((_, k) => (blocks[k] as number) > floor);
  figures.nonRigidPairs = changed.length;
  // One odd frame (a decoding glitch, an inserted frame) shows in every pair it is part of, and
  // only there: what counts is the change left once the most involved frame is set aside.
  const involved = new Map<number, number>();
  for (const [i, j] of changed) for (const f of [i, j]) involved.set(f, (involved.get(f) ?? 0) + 1);
  figures.beyondOneFrame = changed.length - Math.max(0, ...involved.values());
  const needPairs = Math.max(t.minNonRigidPairs, Math.ceil(t.minNonRigidShare * figures.pairs));
  const consecutive = faces.length - 1;
  if (figures.identical >= t.maxIdenticalShare * consecutive) {
    return { outcome: failed("frozen", VERIFY_CODES.frozenMedia, `The picture repeated itself: ${figures.identical} of ${consecutive} consecutive frames show an identical face (a looped still; at most ${Math.round(t.maxIdenticalShare * 100)}% allowed).`), figures };
  }
  const said = `${figures.nonRigidPairs} of ${plural(figures.pairs, "frame pair")} ${t.lagsMs.join("/")} ms apart change inside the face beyond a 2D move (largest ${figures.largestNonRigid.toFixed(2)}, median ${typical.toFixed(2)}; above ${floor.toFixed(2)} counts, at least ${needPairs} needed, ${figures.beyondOneFrame} beyond one frame of ${t.minBeyondOneFrame} needed); ${figures.identical} of ${faces.length - 1} consecutive frames identical`;
  if (figures.nonRigidPairs < needPairs || figures.beyondOneFrame < t.minBeyondOneFrame) {
    return { outcome: failed("frozen", VERIFY_CODES.frozenMedia, `The face did not change as a live face does, only as a picture moved in 2D: ${said}.`), figures };
  }
  const noiseSaid = `median skin noise ${noise === null ? "unmeasured" : noise.toFixed(2)} levels; ${figures.noNoiseFrames} of ${plural(noises.length, "frame")} below ${t.minNoise}`;
  if (noises.length > 0 && figures.noNoiseFrames >= t.noNoiseShare * noises.length) {
    return { outcome: failed("frozen", VERIFY_CODES.frozenMedia, `The face carries no camera noise (a rendered picture): ${noiseSaid}.`), figures };
  }
  return { outcome: pass("frozen", `The face changed as a live face does: ${said}; ${noiseSaid}.`), figures };
}
