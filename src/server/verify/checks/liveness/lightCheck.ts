/**
 * The light challenge's answer: did the face in the recording reflect this attempt's own random
 * colour sequence, as a live face in front of the screen does?
 *
 * (a) Followed: each channel of the skin's colour, relative to its slow level (auto-exposure is
 *     slow; segments are 350-700 ms), correlates with the channel of the sequence at the best lag
 *     in [-100, +600] ms (camera, encoder and paint delays), AND the skin changed the right way
 *     at most transitions, not at a lucky few. A replay, a photo on a screen playing an older
 *     attempt's colours, a video of the wrong sequence: their skin follows another sequence.
 * (b) Strong enough to judge: a screen gives the face about 100 lux of white at 40 cm; an
 *     indoor room 200-500 lux, so one channel switching moves the skin by 5-20%; in daylight by
 *     1-2%, which 8-bit video and an encoder's skipped blocks cannot carry reliably.
 * (c) Face-shaped: the near face gets (distance ratio)² more of the screen's light than the far
 *     wall, so the skin's relative response must clearly exceed the background's; and a face
 *     curves away, so its centre (facing the screen) responds more than its sides (turned ~55-60°,
 *     Lambert's cos ≈ 0.5-0.6), where a flat print or a screen lit by our screen responds evenly.
 */
import * as z from "zod/mini";
import type { LightChallenge, LightShown } from "../../../../../schemas/lightChallenge";
import { failed, pass, type Outcome } from "../../../media/checkOutcome";
import { VERIFY_CODES } from "../../../media/verifyCodes";
import type { FrameSignals, RegionColour, Rgb } from "../../signals/frameSignals";
import type { SkinRegion } from "../../signals/faceRegions";
import { following, meanOf, relativeSeries } from "./lightSeries";
import { lightAt, lightTimeline, type LightTimeline } from "./lightTimeline";

const ms = z.number().check(z.gte(0));
const ratio = z.number().check(z.gte(0));
export const lightThresholdsSchema = z.strictObject({
  /** The page's shown times are used when their gaps match the issued durations within this (plus 10%). */
  shownToleranceMs: ms,
  /** The lag searched, from the anchor: the camera, encoder and paint delay the picture by 0-600 ms. */
  lagMinMs: z.number(),
  lagMaxMs: z.number(),
  lagStepMs: z.number().check(z.gt(0)),
  /** Half the window of the slow level each series is divided by (auto-exposure, white balance). */
  baselineHalfMs: ms,
  /** Frames with a face inside the sequence, as a share of the frames inside it, and at least this many. */
  minJudgedShare: ratio,
  minJudgedFrames: z.int().check(z.gte(1)),
  /** Transitions seen inside the recording, and the share of them the skin must follow. */
  minTransitions: z.int().check(z.gte(1)),
  minFollowedShare: ratio,
  /** A transition counts as followed when the switching channels moved, on average, this share of the skin's fitted response. */
  minStepShare: ratio,
  /** Mean normalised correlation over the channels that switched. */
  minCorrelation: ratio,
  /** The skin's change per full channel switch, relative to its level. */
  minResponse: ratio,
  /** The skin's relative response over the background's. */
  minOverBackground: ratio,
  /** The centre's relative response over the sides': at least the first, at most the second. */
  minCentreOverSides: ratio,
  maxCentreOverSides: ratio,
  /** For the "too weak" detail: a face narrower than this share of the frame is far from the screen. */
  farBelowFaceShare: ratio,
});
export type LightThresholds = z.infer<typeof lightThresholdsSchema>;

export const LIGHT_DEFAULTS: LightThresholds = {
  shownToleranceMs: 120,
  lagMinMs: -100,
  lagMaxMs: 600,
  lagStepMs: 20,
  // 1.5 s around each frame: two to four segments, so the level is the sequence's mean, while
  // auto-exposure drifting over seconds is followed.
  baselineHalfMs: 750,
  minJudgedShare: 0.6,
  minJudgedFrames: 20,
  minTransitions: 4,
  // A live face follows nearly every transition; a wrong sequence about half (each a coin toss):
  // 8 of 10 by chance is 5%, and the correlation must hold too.
  minFollowedShare: 0.8,
  // Noise on a mean of two to four frames of ~400 skin pixels is a fraction of a percent; a live
  // face's step is its full response. 0.4 of it leaves room for a step blurred by the encoder.
  minStepShare: 0.6,
  // A live face, measured on tens of skin pixels a frame, correlates 0.8-0.95; an unrelated
  // sequence over ~10 segments gives |r| about 0.3 per channel, less averaged over three.
  minCorrelation: 0.6,
  // 2% a channel: indoor faces give 5-20%, a 1% step is one 8-bit level at mid-grey.
  minResponse: 0.02,
  // Face at 0.4 m, wall at 2 m: 25x less light on the wall; 2x leaves room for a near wall or
  // a chair back, and for auto-exposure's common-mode pull.
  minOverBackground: 2,
  // A face's centre/sides ratio is 1.5-2 (cos 0° over cos 55-60°), a flat picture's 1.0.
  minCentreOverSides: 1.25,
  // Sides turned 80° still get cos 80° ≈ 0.17 of the light: a ratio above 8 is not a face either.
  maxCentreOverSides: 8,
  farBelowFaceShare: 0.3,
};

export interface LightFigures {
  anchor: LightTimeline["anchor"] | null;
  lagMs: number | null;
  judged: number;
  /** Frames (with or without a face) inside the sequence at the chosen lag. */
  inside: number;
  correlation: number | null;
  transitions: { seen: number; followed: number };
  response: number | null;
  backgroundResponse: number | null;
  centreResponse: number | null;
  sidesResponse: number | null;
}

type Judged = FrameSignals & { skin: Record<SkinRegion, RegionColour> };

/** The pixel-weighted mean colour of some regions. */
function blend(regions: readonly RegionColour[]): Rgb {
  const n = regions.reduce((s, r) => s + r.pixels, 0);
  return [0, 1, 2].map((c) => (n ? regions.reduce((s, r) => s + r.rgb[c]! * r.pixels, 0) / n : 0)) as Rgb;
}

const SKIN: SkinRegion[] = ["forehead", "noseBridge", "cheekLeft", "cheekRight"];
const CENTRE: SkinRegion[] = ["forehead", "noseBridge"];
const SIDES: SkinRegion[] = ["sideLeft", "sideRight"];

/** The weighted mean slope over the channels that switched. */
const responseOf = (slope: (number | null)[]) => meanOf(slope);

export function judgeLight(signals: readonly FrameSignals[], challenge: LightChallenge | null, shown: LightShown, t: LightThresholds = LIGHT_DEFAULTS): { outcome: Outcome; figures: LightFigures } {
  const figures: LightFigures = { anchor: null, lagMs: null, judged: 0, inside: 0, correlation: null, transitions: { seen: 0, followed: 0 }, response: null, backgroundResponse: null, centreResponse: null, sidesResponse: null };
  const fail = (code: (typeof VERIFY_CODES)[keyof typeof VERIFY_CODES], detail: string) => ({ outcome: failed("light", code, detail), figures });
  if (challenge === null) return fail(VERIFY_CODES.lightNotIssued, "This mode shows a light challenge, but none was issued for the attempt.");
  const timeline = lightTimeline(challenge, shown, t.shownToleranceMs);
  figures.anchor = timeline.anchor;
  const faces = signals.filter((s): s is Judged => s.skin !== null && SKIN.every((r) => s.skin![r].pixels > 0));
  const times = faces.map((s) => s.atMs);
  const series = (pick: (s: Judged) => Rgb) => relativeSeries(times, faces.map(pick), t.baselineHalfMs);
  const skin = series((s) => blend(SKIN.map((r) => s.skin[r])));

  // The lag at which a series follows the sequence best.
  const bestLag = (xs: readonly Rgb[]) => {
    let found: { lag: number; corr: number; slope: number } | null = null;
    for (let lag = t.lagMinMs; lag <= t.lagMaxMs; lag += t.lagStepMs) {
      const keep = faces.map((s) => lightAt(timeline, s.atMs - lag));
      const idx = keep.flatMap((e, i) => (e ? [i] : []));
      if (idx.length < 3) continue;
      const f = following(idx.map((i) => times[i]!), idx.map((i) => xs[i]!), idx.map((i) => keep[i]!), t.baselineHalfMs);
      const corr = meanOf(f.correlation);
      if (corr !== null && (found === null || corr > found.corr)) found = { lag, corr, slope: meanOf(f.slope) ?? 0 };
    }
    return found;
  };
  const best = bestLag(skin);
  const lag = best?.lag ?? 0;
  figures.lagMs = best ? lag : null;
  const expected = faces.map((s) => lightAt(timeline, s.atMs - lag));
  const idx = expected.flatMap((e, i) => (e ? [i] : []));
  figures.judged = idx.length;
  figures.inside = signals.filter((s) => lightAt(timeline, s.atMs - lag) !== null).length;
  const where = `${figures.judged} of ${figures.inside} frames inside the sequence with a face, lag ${lag} ms from the ${timeline.anchor === "shown" ? "page's shown times" : "issued durations"}`;
  if (best === null || figures.judged < t.minJudgedFrames || figures.judged < t.minJudgedShare * figures.inside) {
    return fail(VERIFY_CODES.lightNotFollowed, `Not judged: too few frames with a face while the light was shown (${where}; at least ${t.minJudgedFrames} and ${Math.round(t.minJudgedShare * 100)}% needed).`);
  }
  const at = (xs: readonly Rgb[]) => idx.map((i) => xs[i]!);
  const ts = idx.map((i) => times[i]!);
  const es = idx.map((i) => expected[i]!);
  const judge = (xs: readonly Rgb[]) => following(ts, at(xs), es, t.baselineHalfMs);
  const skinF = judge(skin);
  figures.correlation = meanOf(skinF.correlation);
  figures.response = responseOf(skinF.slope) ?? 0;
  figures.transitions = transitionsFollowed(timeline, lag, ts, at(skin), t.minStepShare * Math.max(figures.response, t.minResponse));
  const { seen, followed } = figures.transitions;
  const said = `${where}; correlation ${figures.correlation?.toFixed(2)} (at least ${t.minCorrelation}); ${followed} of ${seen} transitions followed (at least ${Math.round(t.minFollowedShare * 100)}% of at least ${t.minTransitions})`;
  if (seen < t.minTransitions) return fail(VERIFY_CODES.lightNotFollowed, `Not judged: the recording holds too few colour changes (${said}).`);

  // Strength first: with too little of the screen's light on the skin, whether it followed cannot be told.
  // The skin's own change within the windows (RMS over the channels, relative): a face that
  // changes a lot without following is not "too weak", it follows something else.
  const change = Math.sqrt((meanOf(skinF.variance) ?? 0));
  if (figures.response < t.minResponse && change < t.minResponse) {
    // The scene, at its own best lag: following the sequence where the face does not.
    const bg = bestLag(series((s) => s.background.rgb));
    if (bg && bg.slope >= t.minResponse && bg.corr >= t.minCorrelation) {
      figures.backgroundResponse = bg.slope;
      return fail(VERIFY_CODES.lightNotFaceShaped, `The light reached the scene but not the face: skin ${pct(figures.response)}, background ${pct(bg.slope)} per colour channel (background correlation ${bg.corr.toFixed(2)} at lag ${bg.lag} ms; ${said}).`);
    }
    const share = median(faces.flatMap((s) => (s.faceShare === null ? [] : [s.faceShare])));
    const why = share !== null && share < t.farBelowFaceShare ? `the face is small in the picture (${Math.round(share * 100)}% of its width): come closer to the screen` : "the room's light drowns the screen's: too bright here";
    return fail(VERIFY_CODES.lightTooWeak, `The screen's light was too weak on the face to judge: ${why} (response ${pct(figures.response)} per colour channel, at least ${pct(t.minResponse)}; ${said}).`);
  }
  if ((figures.correlation ?? 0) < t.minCorrelation || followed < t.minFollowedShare * seen) {
    return fail(VERIFY_CODES.lightNotFollowed, `The face did not follow this attempt's colour sequence (${said}).`);
  }

  figures.backgroundResponse = responseOf(judge(series((s) => s.background.rgb)).slope) ?? 0;
  figures.centreResponse = responseOf(judge(series((s) => blend(CENTRE.map((r) => s.skin[r])))).slope) ?? 0;
  // The sides, on the frames that show them (a face partly outside the picture loses one or both).
  const sided = idx.filter((i) => SIDES.every((r) => faces[i]!.skin[r].pixels > 0));
  if (sided.length < t.minJudgedFrames) {
    return fail(VERIFY_CODES.lightNotFaceShaped, `Not judged: the sides of the face were in the picture in only ${sided.length} frames (at least ${t.minJudgedFrames} needed); ${said}.`);
  }
  const sidedTimes = sided.map((i) => times[i]!);
  const sides = relativeSeries(sidedTimes, sided.map((i) => blend(SIDES.map((r) => faces[i]!.skin[r]))), t.baselineHalfMs);
  const sidesF = following(sidedTimes, sides, sided.map((i) => expected[i]!), t.baselineHalfMs);
  figures.sidesResponse = responseOf(sidesF.slope) ?? 0;
  const { backgroundResponse: bg, centreResponse: centre, sidesResponse: side } = figures;
  const shape = `skin ${pct(figures.response)}, background ${pct(bg)} (skin at least ${t.minOverBackground}x); centre ${pct(centre)}, sides ${pct(side)} (centre ${t.minCentreOverSides}-${t.maxCentreOverSides}x the sides)`;
  if (figures.response < t.minOverBackground * bg) {
    return fail(VERIFY_CODES.lightNotFaceShaped, `The light reached the whole scene as much as the face: ${shape}.`);
  }
  if (centre < t.minCentreOverSides * side || centre > t.maxCentreOverSides * Math.max(side, 0) || centre <= 0) {
    return fail(VERIFY_CODES.lightNotFaceShaped, `The light fell on the face as on a flat picture, not a face turning away at its sides: ${shape}.`);
  }
  return { outcome: pass("light", `The face followed this attempt's light: ${said}; ${shape}.`), figures };
}

/**
 * Each boundary between two segments inside the judged frames: the skin's mean just before and
 * just after (up to 300 ms or 60% of the segment, leaving 35 ms each side for the frame that
 * straddles it), and whether the channels that switch moved the way they switched, on average
 * by at least `minStep` (relative) a channel.
 */
function transitionsFollowed(timeline: LightTimeline, lag: number, times: readonly number[], x: readonly Rgb[], minStep: number): { seen: number; followed: number } {
  let seen = 0;
  let followed = 0;
  const spans = timeline.spans;
  for (let k = 1; k < spans.length; k++) {
    const prev = spans[k - 1]!;
    const next = spans[k]!;
    const b = next.startMs + lag;
    const mean = (from: number, to: number): Rgb | null => {
      const inside = x.filter((_, i) => times[i]! >= from && times[i]! < to);
      return inside.length ? ([0, 1, 2].map((c) => inside.reduce((s, v) => s + v[c]!, 0) / inside.length) as Rgb) : null;
    };
    const before = mean(b - Math.min(300, 0.6 * (prev.endMs - prev.startMs)), b - 35);
    const after = mean(b + 35, b + Math.min(300, 0.6 * (next.endMs - next.startMs)));
    if (!before || !after) continue;
    let agree = 0;
    let switched = 0;
    for (let c = 0; c < 3; c++) {
      const de = next.rgb[c]! - prev.rgb[c]!;
      if (de === 0) continue;
      switched++;
      agree += de * (after[c]! - before[c]!);
    }
    if (!switched) continue;
    seen++;
    // The right way, and by a good part of the recording's own step: a face lit by another
    // sequence mostly holds still across this sequence's transitions, and noise has no size.
    if (agree > minStep * switched) followed++;
  }
  return { seen, followed };
}

const pct = (v: number | null) => (v === null ? "unmeasured" : `${(v * 100).toFixed(1)}%`);

function median(values: readonly number[]): number | null {
  if (!values.length) return null;
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
}
