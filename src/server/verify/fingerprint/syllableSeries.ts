/**
 * A series of one byte a step on a fine grid (15 or 60 a second), whose syllables are a take's
 * timing: the mouth's opening (mouthSeries.ts) and the voice's loudness (voiceSeries.ts). Here
 * is what both share: parsing, the syllables alone, their peaks, and the shift at which two
 * series correlate best.
 *
 * Why one alignment for both: a replay keeps every syllable on its frame whether it is seen
 * (the mouth) or heard (the voice), while a retake puts each tens of milliseconds elsewhere; the
 * two series differ only in their grid and scale (what a peak, a moving series and a gross change are).
 */
import { MOUTH_CHARS } from "../../../../schemas/mediaFingerprint";

export const GAP_STEP = "-".repeat(MOUTH_CHARS);

/** What a series' bytes mean: its grid and the thresholds that depend on its scale. */
export interface SeriesScale {
  /** The step of its grid, in ms of the recording. */
  stepMs: number;
  /** A series whose 10th to 90th percentile spread is under this stays still and says nothing. */
  minSpread: number;
  /** A syllable's peak rises this far above the mean of its surroundings. */
  peak: number;
  /** At the best shift, the bytes' median difference beyond this is a gross change of scale, not a copy. */
  maxMedianDiff: number;
  /**
   * Syllables each series must show: the timing of one opening (the "open your mouth" action) is
   * no take's signature, as any two such takes align at some shift (the bench's SYNTHETIC honest
   * takes were refused as each other's replays so). Number mode issues four digits, a syllable
   * each in Mandarin.
   */
  minPeaks: number;
  /**
   * Where set, the grid is fine enough to search in two passes: whole shifts of blocks of this
   * many steps first, then the steps around the COARSE_KEPT best (no half steps on such a grid).
   */
  coarse?: number;
}

/** 2 s of moving series at least. */
export const MIN_MS = 2000;
export const MIN_COVERED = 0.8;
/** 333 ms either side: a syllable and a half, so the mean keeps the slow part and not the syllable. */
const HALF_WINDOW_MS = 1000 / 3;
/** Shifts searched either way: a trimmed start of up to 3 s. */
export const MAX_SHIFT_MS = 3000;
/** Coarse shifts refined: a copy's own shift is the best or close to it; chance likenesses of speech rhythms come next. */
const COARSE_KEPT = 3;
/** Block means correlating under this stop the search (alignSeries). */
const COARSE_FLOOR = 0.7;

/** A byte a step: a value of 0-255, or "--" for a step with nothing measured. */
export const toByte = (value: number) => Math.round(Math.min(255, Math.max(0, value))).toString(16).padStart(MOUTH_CHARS, "0");

/** A hex digit's value from its character code (the schema allows lower-case hex only). */
const hexValue = (code: number) => (code <= 57 ? code - 48 : code - 87);

export function parseSeries(series: string): (number | null)[] {
  // Character codes, not slices and parseInt: this runs on the main thread for every candidate.
  const out: (number | null)[] = new Array(Math.floor(series.length / MOUTH_CHARS));
  for (let i = 0; i < out.length; i++) {
    const [hi, lo] = [series.charCodeAt(2 * i), series.charCodeAt(2 * i + 1)];
    out[i] = hi === 45 ? null : hexValue(hi) * 16 + hexValue(lo);
  }
  return out;
}

/**
 * The syllables alone: each value less the mean of those within ±HALF_WINDOW steps. Left in,
 * the slow part (talking, then not) dominates, and it is what any two readings of the same
 * words share: the SYNTHETIC subject reading the same digits at 166 and 191 words a minute
 * correlated at 0.90 on the raw openings.
 */
export function syllables(x: readonly (number | null)[], stepMs: number): (number | null)[] {
  const half = Math.round(HALF_WINDOW_MS / stepMs);
  // Running sums of the values and of how many there are: one pass, however wide the window.
  const sum = new Float64Array(x.length + 1);
  const count = new Uint32Array(x.length + 1);
  x.forEach((v, i) => {
    sum[i + 1] = sum[i]! + (v ?? 0);
    count[i + 1] = count[i]! + (v === null ? 0 : 1);
  });
  return x.map((v, i) => {
    if (v === null) return null;
    const [from, to] = [Math.max(0, i - half), Math.min(x.length, i + half + 1)];
    return v - (sum[to]! - sum[from]!) / (count[to]! - count[from]!);
  });
}

/** The steps where a syllable peaks: its value (less its surroundings' mean) a local maximum above `peak`. */
export function peaksOf(x: readonly (number | null)[], peak: number): number[] {
  const peaks: number[] = [];
  for (let i = 1; i + 1 < x.length; i++) {
    const [before, here, after] = [x[i - 1], x[i], x[i + 1]];
    if (here === null || here === undefined || before === null || before === undefined || after === null || after === undefined) continue;
    if (here > peak && here > before && here >= after) peaks.push(i);
  }
  return peaks;
}

export interface SeriesMatch {
  /** Steps of `b` (halves included) that step 0 of `a` lines up with. */
  shift: number;
  /** The shift in ms of the recording. */
  shiftMs: number;
  correlation: number;
  /** The median difference of the bytes at that shift. */
  medianDiff: number;
}

/** `x` at a whole or half index: a half index is the mean of its two neighbours (null if either is). */
function at(x: readonly (number | null)[], index: number): number | null {
  const lo = x[Math.floor(index)];
  const hi = x[Math.ceil(index)];
  if (lo === null || lo === undefined || hi === null || hi === undefined) return null;
  return (lo + hi) / 2;
}

/** The 10th to 90th percentile spread of byte values (0-255), counted rather than sorted. */
function spread(values: readonly (number | null)[]): number {
  const counts = new Uint32Array(256);
  let n = 0;
  for (const v of values) if (v !== null) (counts[Math.round(v)]! += 1), (n += 1);
  if (n === 0) return 0;
  const percentile = (share: number) => {
    const rank = Math.floor(n * share);
    for (let v = 0, seen = 0; v < 256; v++) if ((seen += counts[v]!) > rank) return v;
    return 255;
  };
  return percentile(0.9) - percentile(0.1);
}

/** A series as numbers, NaN where a step has none: typed, the correlation's loop runs several times faster than over an array holding nulls. */
const typed = (x: readonly (number | null)[]): Float64Array => Float64Array.from(x, (v) => (v === null ? NaN : v));

/** The correlation of `x` with `y` shifted by `shift` (halves interpolated) over at least `least` steps both have (NaN: none), or null. */
function correlationAt(x: Float64Array, y: Float64Array, shift: number, least: number): number | null {
  // One pass of running sums, no arrays: this runs on the main thread (the verdict's
  // transaction), for up to 112 candidates (arrays and sorts at every shift took 0.6 s for 16
  // candidates of 30 s).
  const whole = Number.isInteger(shift);
  let n = 0, sx = 0, sy = 0, sxx = 0, syy = 0, sxy = 0;
  for (let i = Math.max(0, Math.ceil(-shift)); i < x.length && i + shift <= y.length - 1; i++) {
    const u = x[i]!;
    const v = whole ? y[i + shift]! : (y[Math.floor(i + shift)]! + y[Math.ceil(i + shift)]!) / 2;
    // NaN (no value) is the only number unequal to itself.
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

const bestOf = (found: { shift: number; correlation: number }[]) => found.reduce<{ shift: number; correlation: number } | null>((b, f) => (b === null || f.correlation > b.correlation ? f : b), null);

/** The mean of each block of `k` steps (null where the block has none). */
export function blockMeans(x: readonly (number | null)[], k: number): (number | null)[] {
  return Array.from({ length: Math.floor(x.length / k) }, (_, j) => {
    let [sum, n] = [0, 0];
    for (let i = j * k; i < (j + 1) * k; i++) if (x[i] !== null) (sum += x[i]!), (n += 1);
    return n === 0 ? null : sum / n;
  });
}

export interface Prepared {
  x: (number | null)[];
  /** The syllables, typed (NaN where none). */
  syllables: Float64Array;
  /** Steps with a value. */
  heard: number;
  /** The syllables' block means where the scale searches coarse first. */
  blocks: Float64Array | null;
}

/**
 * The most recently prepared series, a few per scale: the replay check compares one recording
 * with up to 112 candidates in turn (seven lookups of 16), and preparing its own series again each time was half the
 * main thread's work.
 */
const recent = new Map<SeriesScale, Map<string, Prepared | null>>();
const RECENT_KEPT = 4;

/** `series` parsed, its syllables and block means; null when it stays still or shows too few syllables. */
export function prepared(series: string, scale: SeriesScale): Prepared | null {
  const kept = recent.get(scale) ?? new Map<string, Prepared | null>();
  recent.set(scale, kept);
  const hit = kept.get(series);
  if (hit !== undefined) return hit;
  const x = parseSeries(series);
  let out: Prepared | null = null;
  if (spread(x) >= scale.minSpread) {
    const s = syllables(x, scale.stepMs);
    if (peaksOf(s, scale.peak).length >= scale.minPeaks) {
      out = { x, syllables: typed(s), heard: x.filter((v) => v !== null).length, blocks: scale.coarse === undefined ? null : typed(blockMeans(s, scale.coarse)) };
    }
  }
  if (kept.size >= RECENT_KEPT) kept.delete(kept.keys().next().value!);
  kept.set(series, out);
  return out;
}

/**
 * The shift at which two series' syllables correlate best, with both moving over at least
 * MIN_STEPS and most of the shorter, and how closely they agree there; null when no shift has
 * both moving (a still mouth, or silence, says nothing either way).
 */
export function alignSeries(a: string, b: string, scale: SeriesScale): SeriesMatch | null {
  const [pa, pb] = [prepared(a, scale), prepared(b, scale)];
  // A series that stays still says nothing (judged once on each whole series), nor do too few syllables.
  if (pa === null || pb === null) return null;
  const [xa, xb, sa, sb] = [pa.x, pb.x, pa.syllables, pb.syllables];
  const [MIN_STEPS, MAX_SHIFT] = [MIN_MS / scale.stepMs, Math.round(MAX_SHIFT_MS / scale.stepMs)];
  // Most of the shorter series must line up, not a scrap at the edge of a far shift.
  const minSteps = Math.max(MIN_STEPS, MIN_COVERED * Math.min(pa.heard, pb.heard));
  let best: { shift: number; correlation: number } | null = null;
  const consider = (x: Float64Array, y: Float64Array, shift: number, least: number, found: { shift: number; correlation: number }[]) => {
    const correlation = correlationAt(x, y, shift, least);
    if (correlation !== null) found.push({ shift, correlation });
  };
  if (scale.coarse === undefined) {
    // Half steps too: a replay trimmed by a part of a step puts its syllables between the original's.
    const found: { shift: number; correlation: number }[] = [];
    for (let halfShift = -2 * MAX_SHIFT; halfShift <= 2 * MAX_SHIFT; halfShift++) consider(sa, sb, halfShift / 2, minSteps, found);
    best = bestOf(found);
  } else {
    // A fine grid searched step by step over ±3 s costs the main thread 50 ms a candidate of 60 s:
    // the best few shifts of block means first, then the fine steps around them only.
    const k = scale.coarse;
    // prepared() keeps block means wherever the scale is coarse.
    const [ca, cb] = [pa.blocks!, pb.blocks!];
    const coarse: { shift: number; correlation: number }[] = [];
    // Whole blocks: the fine steps around (±k) reach any shift between them.
    for (let shift = -Math.ceil(MAX_SHIFT / k); shift <= Math.ceil(MAX_SHIFT / k); shift++) consider(ca, cb, shift, minSteps / k, coarse);
    const fine: { shift: number; correlation: number }[] = [];
    coarse.sort((p, q) => q.correlation - p.correlation);
    // Block means far from alike are no copy: a copy's series is its original's with a little noise,
    // and means of 4 steps keep what the two share (15 copies searched this way, voiceLab.ts,
    // still found at 0.977-0.996, none stopped here). That figure is answer enough, and most
    // candidates stop here.
    if ((coarse[0]?.correlation ?? 0) < COARSE_FLOOR) return coarse[0] === undefined ? null : { shift: coarse[0].shift * k, shiftMs: coarse[0].shift * k * scale.stepMs, correlation: coarse[0].correlation, medianDiff: Infinity };
    for (const around of coarse.slice(0, COARSE_KEPT)) {
      for (let shift = Math.round(around.shift * k) - k; shift <= Math.round(around.shift * k) + k; shift++) consider(sa, sb, shift, minSteps, fine);
    }
    best = bestOf(fine);
  }
  if (best === null) return null;
  // The bytes' own difference, at the best shift only.
  const diffs: number[] = [];
  for (let i = 0; i < xa.length; i++) {
    const x = xa[i];
    const y = i + best.shift >= 0 && i + best.shift <= xb.length - 1 ? at(xb, i + best.shift) : null;
    if (x !== null && x !== undefined && y !== null) diffs.push(Math.abs(x - y));
  }
  diffs.sort((p, q) => p - q);
  return { ...best, shiftMs: best.shift * scale.stepMs, medianDiff: diffs[Math.floor(diffs.length / 2)] ?? Infinity };
}

/** The alignment at which two series may be one take's (`minCorrelation`), or null. */
export function matchSeries(a: string, b: string, scale: SeriesScale, minCorrelation: number): SeriesMatch | null {
  const best = alignSeries(a, b, scale);
  return best !== null && seriesMatch(best, scale, minCorrelation) ? best : null;
}

/** Whether an alignment of alignSeries is one take's: matchSeries's test, for a caller that aligned already. */
export const seriesMatch = (m: SeriesMatch, scale: SeriesScale, minCorrelation: number): boolean => m.correlation >= minCorrelation && m.medianDiff <= scale.maxMedianDiff;
