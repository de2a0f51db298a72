/**
 * The tempo search: whether a series (the mouth's or the voice's, syllableSeries.ts) is
 * another's played faster or slower as a whole, and how closely the two agree at that tempo.
 *
 * Why: a replay played at another speed (a video player's 1.1x, ffmpeg's setpts and atempo)
 * keeps every syllable in its order and its proportions, but at one offset only the middle of
 * the recording lines up: at 1.1 the syllables drift 10 ms further apart every 100 ms, so the
 * plain shift search (alignSeries) of a 4 s take finds them out of step by a syllable's width at
 * its ends. A retake never keeps the proportions: a person reads each word at its own pace.
 *
 * How, bounded: the tempo and shift are voted for by pairs of the syllables' peaks (each pair of
 * one series against each pair of the other, the peaks at most PAIR_REACH apart, whose spans
 * imply a tempo in range); the few most voted are refined by least squares over every peak that
 * lands near one of the other's; the series is then resampled at each and correlated over a
 * small grid around it. Peaks are few (a number take has 4-8), at most MAX_PEAKS of each series
 * vote and the first WINDOW_MS of `a` are correlated, so a 60 s recording costs what 12 s do (it
 * took 13-31 ms a candidate on all of 60 s, on a loaded machine); the correlation runs over a few
 * dozen tempos and shifts, not every shift of every tempo.
 */
import { MAX_SHIFT_MS, MIN_COVERED, MIN_MS, prepared, type Prepared, type SeriesMatch, type SeriesScale } from "./syllableSeries";

export interface TempoRange {
  /** The slowest tempo searched (0.8: the copy plays at 80% of its original's speed). */
  slowest: number;
  /** The fastest (1.25). */
  fastest: number;
}

export interface TempoMatch extends SeriesMatch {
  /** How many times as fast `a` plays as `b`: `a`'s step k lies on `b`'s step tempo·k + shift. */
  tempo: number;
  /** Peaks of `a` that landed within INLIER_MS of one of `b`'s at that tempo. */
  peaks: number;
}

/** Peaks of a pair are at most this many peaks apart: pairs of neighbours carry the proportions, and the count stays linear. */
const PAIR_REACH = 3;
/** Peaks of each series that vote (about 10 s of speech): a 60 s recording would otherwise cost 36 times as much. */
const MAX_PEAKS = 40;
/** A pair spanning less than this says too little of the tempo (a step's error is a sixth of it). */
const MIN_PAIR_MS = 400;
/** Votes fall in bins of 2% of tempo and 133 ms of shift: a copy's pairs agree to within a step, a few per cent on the shortest. */
const TEMPO_BIN = 0.02;
const SHIFT_BIN_MS = 133;
/** The most voted bins refined: a copy's own is among the first, chance agreements of regular syllables follow. */
const HYPOTHESES = 3;
/**
 * A fit of the peaks whose own tempo and shift correlate under this is not searched around: a
 * copy's fit lands close to its best (40 rendered copies of mouthLab.ts, 0.78-1.25, were found
 * at 0.977-0.997 with or without this floor), and most candidates are no copy at all (it cut the
 * tempo search's cost by a third).
 */
const CENTRE_FLOOR = 0.85;
/** The stretch of `a` resampled and correlated: a copy shows its tempo within seconds, and the cost stays that of a short take. */
const WINDOW_MS = 12_000;
/** A peak mapped within this of one of the other's is the same syllable (a step and a half of the mouth's grid). */
const INLIER_MS = 100;

/** The peaks of `x` (above `peak`, a local maximum) at a part of a step: the vertex of the parabola through each and its neighbours. */
export function finePeaks(x: Float64Array, peak: number): number[] {
  const out: number[] = [];
  for (let i = 1; i + 1 < x.length; i++) {
    const [before, here, after] = [x[i - 1]!, x[i]!, x[i + 1]!];
    // NaN (no value) fails every comparison.
    if (!(here > peak && here > before && here >= after)) continue;
    const curve = before - 2 * here + after;
    out.push(curve < 0 ? i + (before - after) / (2 * curve) : i);
  }
  return out;
}

const peaksKept = new WeakMap<Prepared, number[]>();
const peaksOfPrepared = (p: Prepared, scale: SeriesScale): number[] => {
  const hit = peaksKept.get(p);
  if (hit !== undefined) return hit;
  const found = finePeaks(p.syllables, scale.peak);
  peaksKept.set(p, found);
  return found;
};

interface Hypothesis {
  tempo: number;
  shift: number;
}

/** The most voted (tempo, shift) bins of pairs of `pa`'s peaks against pairs of `pb`'s. */
function voted(pa: readonly number[], pb: readonly number[], scale: SeriesScale, range: TempoRange): Hypothesis[] {
  const [minPair, maxShift, shiftBin] = [MIN_PAIR_MS / scale.stepMs, MAX_SHIFT_MS / scale.stepMs, SHIFT_BIN_MS / scale.stepMs];
  const bins = new Map<number, { votes: number; logTempo: number; shift: number }>();
  const [na, nb] = [Math.min(pa.length, MAX_PEAKS), Math.min(pb.length, MAX_PEAKS)];
  for (let i = 0; i < na; i++) {
    for (let j = i + 1; j < Math.min(na, i + 1 + PAIR_REACH); j++) {
      const spanA = pa[j]! - pa[i]!;
      if (spanA < minPair) continue;
      for (let k = 0; k < nb; k++) {
        for (let l = k + 1; l < Math.min(nb, k + 1 + PAIR_REACH); l++) {
          const tempo = (pb[l]! - pb[k]!) / spanA;
          if (tempo < range.slowest || tempo > range.fastest) continue;
          const shift = pb[k]! - tempo * pa[i]!;
          if (Math.abs(shift) > maxShift) continue;
          const logTempo = Math.log(tempo);
          const key = Math.round(logTempo / TEMPO_BIN) * 100_000 + Math.round(shift / shiftBin);
          const bin = bins.get(key) ?? { votes: 0, logTempo: 0, shift: 0 };
          bins.set(key, { votes: bin.votes + 1, logTempo: bin.logTempo + logTempo, shift: bin.shift + shift });
        }
      }
    }
  }
  return [...bins.values()]
    .sort((x, y) => y.votes - x.votes)
    .slice(0, HYPOTHESES)
    .map((b) => ({ tempo: Math.exp(b.logTempo / b.votes), shift: b.shift / b.votes }));
}

/** `h` refitted (least squares) to the peaks of `pa` that land near one of `pb`'s, a few times over; with how many landed. */
function refined(pa: readonly number[], pb: readonly number[], h: Hypothesis, scale: SeriesScale, range: TempoRange): Hypothesis & { peaks: number } {
  const near = INLIER_MS / scale.stepMs;
  let [tempo, shift, peaks] = [h.tempo, h.shift, 0];
  for (let round = 0; round < 3; round++) {
    let [n, sx, sy, sxx, sxy, k] = [0, 0, 0, 0, 0, 0];
    for (const p of pa) {
      const q = tempo * p + shift;
      while (k + 1 < pb.length && pb[k + 1]! <= q) k++;
      const best = k + 1 < pb.length && Math.abs(pb[k + 1]! - q) < Math.abs(pb[k]! - q) ? pb[k + 1]! : pb[k]!;
      if (best === undefined || Math.abs(best - q) > near) continue;
      [n, sx, sy, sxx, sxy] = [n + 1, sx + p, sy + best, sxx + p * p, sxy + p * best];
    }
    peaks = n;
    const spread = sxx - (sx * sx) / n;
    if (n < 2 || spread <= 0) break;
    const fitted = (sxy - (sx * sy) / n) / spread;
    if (fitted < range.slowest || fitted > range.fastest) break;
    [tempo, shift] = [fitted, (sy - fitted * sx) / n];
  }
  return { tempo, shift, peaks };
}

/** The correlation of `x` resampled onto `y`'s grid (`x`'s step k on `y`'s tempo·k + shift, linear between steps) with `y`, over at least `least` steps both have, or null. */
function correlationAtTempo(x: Float64Array, y: Float64Array, tempo: number, shift: number, least: number): number | null {
  let n = 0, sx = 0, sy = 0, sxx = 0, syy = 0, sxy = 0;
  const from = Math.max(0, Math.ceil(shift));
  const to = Math.min(y.length - 1, Math.floor(tempo * (x.length - 1) + shift));
  for (let j = from; j <= to; j++) {
    const t = (j - shift) / tempo;
    const i = Math.floor(t);
    const f = t - i;
    const u = f === 0 ? x[i]! : x[i]! * (1 - f) + x[i + 1]! * f;
    const v = y[j]!;
    if (u !== u || v !== v) continue;
    n += 1;
    sx += u;
    sy += v;
    sxx += u * u;
    syy += v * v;
    sxy += u * v;
  }
  if (n < least) return null;
  const vx = sxx - (sx * sx) / n;
  const vy = syy - (sy * sy) / n;
  return vx > 0 && vy > 0 ? (sxy - (sx * sy) / n) / Math.sqrt(vx * vy) : 0;
}

interface Fit {
  tempo: number;
  shift: number;
  correlation: number;
}

/**
 * The best correlation around `tempo` and `shift`: tempos a quarter step of drift apart over
 * `a`'s length (two either way), shifts a half step apart (`reach` steps either way), pivoting
 * on `a`'s middle so that a change of tempo does not move the middle.
 */
function searchAround(pa: Prepared, pb: Prepared, scale: SeriesScale, tempo: number, shift: number, reach: number, floor: number): Fit | null {
  const x = pa.syllables.subarray(0, Math.ceil(WINDOW_MS / scale.stepMs));
  let heard = 0;
  for (const v of x) if (v === v) heard += 1;
  // Most of the shorter series must line up, as in the plain search.
  const least = Math.max(MIN_MS / scale.stepMs, MIN_COVERED * Math.min(heard * tempo, pb.heard));
  const centre = correlationAtTempo(x, pb.syllables, tempo, shift, least);
  if (centre === null || centre < floor) return centre === null ? null : { tempo, shift, correlation: centre };
  const middle = x.length / 2;
  const tempoStep = 0.25 / x.length;
  let best: Fit | null = null;
  for (let dt = -2; dt <= 2; dt++) {
    const t = tempo * (1 + dt * tempoStep);
    for (let ds = -2 * reach; ds <= 2 * reach; ds++) {
      const s = shift + (tempo - t) * middle + ds / 2;
      const correlation = correlationAtTempo(x, pb.syllables, t, s, least);
      if (correlation !== null && (best === null || correlation > best.correlation)) best = { tempo: t, shift: s, correlation };
    }
  }
  return best;
}

/** `fit` as a match, with the bytes' own median difference there. */
function matchOf(pa: Prepared, pb: Prepared, scale: SeriesScale, fit: Fit, peaks: number): TempoMatch {
  const diffs: number[] = [];
  for (let i = 0; i < Math.min(pa.x.length, Math.ceil(WINDOW_MS / scale.stepMs)); i++) {
    const [x, y] = [pa.x[i], pb.x[Math.round(fit.tempo * i + fit.shift)]];
    if (x !== null && x !== undefined && y !== null && y !== undefined) diffs.push(Math.abs(x - y));
  }
  diffs.sort((p, q) => p - q);
  return { ...fit, peaks, shiftMs: fit.shift * scale.stepMs, medianDiff: diffs[Math.floor(diffs.length / 2)] ?? Infinity };
}

/**
 * The tempo and shift at which `a`'s syllables, resampled, correlate best with `b`'s, searched
 * around the peaks' few best fits; null when either series says nothing (still, or too few
 * syllables) or no fit lands `scale.minPeaks` of `a`'s peaks on `b`'s.
 */
export function alignAtTempo(a: string, b: string, scale: SeriesScale, range: TempoRange): TempoMatch | null {
  const [pa, pb] = [prepared(a, scale), prepared(b, scale)];
  if (pa === null || pb === null) return null;
  const peaksB = peaksOfPrepared(pb, scale);
  const peaksA = peaksOfPrepared(pa, scale).filter((p) => p < WINDOW_MS / scale.stepMs);
  let best: TempoMatch | null = null;
  for (const h of voted(peaksA, peaksB, scale, range)) {
    const fit = refined(peaksA, peaksB, h, scale, range);
    if (fit.peaks < scale.minPeaks) continue;
    const found = searchAround(pa, pb, scale, fit.tempo, fit.shift, 1, CENTRE_FLOOR);
    if (found !== null && (best === null || found.correlation > best.correlation)) best = matchOf(pa, pb, scale, found, fit.peaks);
  }
  return best;
}

/**
 * How `a`'s syllables correlate with `b`'s at a tempo and shift found on another series of the
 * same recordings (the voice's, for the mouth), searched `reachMs` either way of that shift: the
 * picture and the sound of a copy were sped up together. Null when either series says nothing.
 */
export function alignAtGivenTempo(a: string, b: string, scale: SeriesScale, tempo: number, shiftMs: number, reachMs: number): TempoMatch | null {
  const [pa, pb] = [prepared(a, scale), prepared(b, scale)];
  if (pa === null || pb === null) return null;
  // Searched whatever the centre gives: the mouth's best lies up to 150 ms from the voice's shift.
  const found = searchAround(pa, pb, scale, tempo, shiftMs / scale.stepMs, Math.ceil(reachMs / scale.stepMs), -Infinity);
  return found === null ? null : matchOf(pa, pb, scale, found, 0);
}
