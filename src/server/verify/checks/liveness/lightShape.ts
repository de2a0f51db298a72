/**
 * The light check's face-shape measure: how strongly one skin patch answered the screen on the
 * frames where the head held still (lightCheck.ts compares the face's centre with its sides).
 *
 * Besides the head's pose, the fit takes out where the patch lay across the face. The side
 * patches are small (about 40 pixels at the 320-wide analysis) and lie near the silhouette,
 * on the skin's own shading: in a bright room a side's red measured 40-68 (of 255, linear) as
 * its disc moved between 195 and 199 pixels across a still face, a mesh's frame-to-frame
 * jitter; the shadow there is redder too (green over red 0.15 to 0.25), so the jitter moved the
 * patch's hue by more than the screen's light did (SYNTHETIC takes, `scripts/presence/sidesLab.ts`).
 * Within a fraction of the patch's size that colour change is linear in the displacement, so a
 * least-squares term on the patch's position across the face takes it out, as the pose terms
 * take out a turn; the screen's random sequence is unrelated to the mesh's jitter, so the term
 * takes nothing from the light's own answer. Decoding more pixels does not help: a 640x480
 * recording's colour (4:2:0) is 320x240 already, and the patches measured on the same faces
 * decoded at 640 wide gave the same responses within a point.
 */
import type { SkinRegion } from "../../signals/faceRegions";
import type { FrameSignals, Rgb, SkinColour } from "../../signals/frameSignals";
import { chroma, following, levelsOf, relativeSeries, weightedMean } from "./lightSeries";

/** A frame with every skin patch measured. */
export type Judged = FrameSignals & { skin: Record<SkinRegion, SkinColour> };

export interface RegionResponse {
  /** The patch's change per full channel switch, relative to its level, in hue; null when judged on too few still frames. */
  response: number | null;
  /** Still frames that showed the patch. */
  frames: number;
  /** The patch's mean linear colour over the judged frames that showed it (lightEdges.ts weighs its step by it). */
  level: Rgb;
  /** Each channel's response and its standard error (null where the channel did not switch on the still frames, or too few to tell). */
  channels: ({ response: number; error: number } | null)[];
}

export interface ShapeFrames {
  faces: readonly Judged[];
  /** The indices of `faces` judged (inside the sequence at the chosen lag), in time order. */
  judged: readonly number[];
  /** The subset of them where the head held still. */
  resting: ReadonlySet<number>;
  /** The screen's colour on face `i` (at the chosen lag); defined for every judged index. */
  lightOn(i: number): Rgb;
  /** The head's pose terms on some faces (lightCheck.ts: turn, turn², nod). */
  pose(at: readonly number[]): number[][];
  /** The weights of the hue (chroma) of every series: the skin's channel levels. */
  skinLevels: Rgb;
  baselineHalfMs: number;
  minShapeFrames: number;
}

/** The direction across the face (left side to right side), its median over `at`: one line for every frame, not each frame's jittering one. */
function acrossDirection(faces: readonly Judged[], at: readonly number[]): { x: number; y: number } {
  const angles = at.map((i) => {
    const { sideLeft, sideRight } = faces[i]!.skin;
    return Math.atan2(sideRight.y - sideLeft.y, sideRight.x - sideLeft.x);
  });
  const sorted = [...angles].sort((a, b) => a - b);
  const angle = sorted[Math.floor(sorted.length / 2)] ?? 0;
  return { x: Math.cos(angle), y: Math.sin(angle) };
}

/** The response of the patch `colour` picks, over the still frames that show it (see the module comment). */
export function regionResponse(frames: ShapeFrames, colour: (s: Judged) => SkinColour): RegionResponse {
  const { faces } = frames;
  // A face partly outside the picture loses a side: judged on the frames that show it, its slow
  // level and running mean taken over every judged frame that shows it.
  const shown = frames.judged.filter((i) => colour(faces[i]!).pixels > 0);
  const still = shown.map((i) => frames.resting.has(i));
  const count = still.filter(Boolean).length;
  const colours = shown.map((i) => colour(faces[i]!).rgb);
  const level = levelsOf(colours);
  if (count < frames.minShapeFrames) return { response: null, frames: count, level, channels: [null, null, null] };
  const at = shown.map((i) => faces[i]!.atMs);
  // In hue, like the follow test (the weights put the sides' faint blue in its place).
  const xs = relativeSeries(at, colours, frames.baselineHalfMs).map((x) => chroma(x, frames.skinLevels));
  const expected = shown.map((i) => chroma(frames.lightOn(i), frames.skinLevels));
  const across = acrossDirection(faces, shown);
  const place = shown.map((i) => {
    const c = colour(faces[i]!);
    return c.x * across.x + c.y * across.y;
  });
  const fit = following(at, xs, expected, frames.baselineHalfMs, [...frames.pose(shown), place], still);
  const channels = fit.slope.map((response, c) => {
    const error = fit.slopeError[c];
    return response === null || error === null || error === undefined ? null : { response, error };
  });
  return { response: weightedMean(fit.slope, level), frames: count, level, channels };
}

/** The face's centre as one patch: forehead and nose bridge, their colours and places weighed by their pixels. */
export function centrePatch(s: Judged): SkinColour {
  const regions = [s.skin.forehead, s.skin.noseBridge];
  const pixels = regions.reduce((n, r) => n + r.pixels, 0);
  const mean = (v: (r: SkinColour) => number) => (pixels ? regions.reduce((m, r) => m + v(r) * r.pixels, 0) / pixels : 0);
  return { rgb: [0, 1, 2].map((c) => mean((r) => r.rgb[c]!)) as Rgb, pixels, x: mean((r) => r.x), y: mean((r) => r.y) };
}
