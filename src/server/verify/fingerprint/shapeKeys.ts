/**
 * Index keys that do not change with the tempo: the shape of a few syllables in a row, each key
 * the ratios of the intervals between SHAPE_PEAKS successive peaks (their logarithms, in bins of
 * a set width). A copy played faster or slower as a whole (tempoMatch.ts) scales every interval
 * by one factor, which every ratio cancels; a trim, a mirror or a crop moves no peak of the
 * voice at all.
 *
 * Why: the keys of syllableKeys.ts count the intervals themselves in steps of 67 ms, four of them
 * (five peaks), so a copy at another tempo keeps none, and a number take (four digits, a syllable
 * each) often has no five peaks to key. The lookup that rescaled a copy's peaks by every tempo of
 * the range (hundreds of keys, each needing four intervals to round alike) shared a key with the
 * original for 32 of 48 rendered copies by the voice and 33 by the mouth.
 *
 * What a copy does to the peaks, measured on 112 rendered tempo copies of SYNTHETIC number takes
 * (scripts/presence/mouthLab.ts, lookupLab.ts): the voice's peaks, placed as voiceSeries.ts
 * places them, moved the logarithm of a ratio of two intervals by 0.03 (median), 0.105 (9 in
 * 10) and 0.15 (49 in 50); about 1 peak in 25 was lost, merged or gained. The mouth's peaks,
 * on frames a copy re-timed, moved 27 ms (median) and 63 ms (9 in 10) where the voice's moved
 * 9 and 36: its ratios get twice the bin. Hence:
 * - a key is stored in its own bin, and a lookup asks for its bin and the nearer neighbour along
 *   each ratio (2^(SHAPE_PEAKS - 1) keys a run), so a ratio moved by less than half a bin is found
 *   wherever its value fell;
 * - runs are taken with one later peak of each window of SHAPE_PEAKS + 1 left out as well as
 *   whole, stored and looked up alike, so a peak the copy lost or gained leaves runs that agree.
 * Speech rhythms are alike, so these keys are shared by many recordings: they are looked up last,
 * with their own bounded scan, and only make candidates; the series decide (compareFingerprints.ts,
 * at unchanged thresholds).
 */

import { evenly } from "./syllableKeys";

/** Peaks a key spans: three ratios. Number takes have 4-8 syllable peaks in their voice. */
export const SHAPE_PEAKS = 4;
/** Bins of each ratio's logarithm, centred on 1 (equal intervals); ratios beyond the outer bins fall in them. */
const BINS = 24;
/** Keys of a series span BINS ^ (SHAPE_PEAKS - 1) values above its base. */
export const SHAPE_SPAN = BINS ** (SHAPE_PEAKS - 1);
/** At most this many keys a series is stored under, spread evenly over it. */
export const MAX_SHAPE_KEYS = 48;

/** Where each series' shape keys begin: above every key of bandKeys.ts and syllableKeys.ts (below 2^22), the mouth's then the voice's. */
export const SHAPE_BASES = { mouth: 1 << 22, voice: (1 << 22) + SHAPE_SPAN } as const;

/** The width of a bin on the logarithm of a ratio, for a series whose peaks are this precise. */
export const SHAPE_BIN = { voice: 0.15, mouth: 0.3 } as const;

/** The runs of SHAPE_PEAKS peaks of `peaks` (in order): each window's whole run, and the runs with one of its later peaks left out. */
function runsOf(peaks: readonly number[]): number[][] {
  const runs: number[][] = [];
  for (let i = 0; i + SHAPE_PEAKS <= peaks.length; i++) {
    runs.push(peaks.slice(i, i + SHAPE_PEAKS));
    if (i + SHAPE_PEAKS < peaks.length) {
      // The window's first peak anchors it; each later one left out in turn (the last left out is the whole run above).
      for (let skip = i + 1; skip < i + SHAPE_PEAKS; skip++) runs.push(peaks.slice(i, i + SHAPE_PEAKS + 1).filter((_, k) => i + k !== skip));
    }
  }
  return runs;
}

/** The logarithms of the ratios of a run's successive intervals, in bins of `bin`, fractional (bin k spans [k, k + 1)). */
function binPositions(run: readonly number[], bin: number): number[] | null {
  const out: number[] = [];
  for (let j = 1; j + 1 < run.length; j++) {
    const [before, after] = [run[j]! - run[j - 1]!, run[j + 1]! - run[j]!];
    if (!(before > 0 && after > 0)) return null;
    out.push(Math.max(0, Math.min(BINS - 1e-9, Math.log(after / before) / bin + BINS / 2)));
  }
  return out;
}

const keyOf = (bins: readonly number[], base: number) => bins.reduce((key, b) => key * BINS + b, 0) + base;

/** The keys a series whose syllables peak at `peaks` (any unit, in order) is stored under, above `base`. */
export function shapeKeys(peaks: readonly number[], base: number, bin: number): number[] {
  const keys = new Set<number>();
  for (const run of runsOf(peaks)) {
    const at = binPositions(run, bin);
    if (at !== null) keys.add(keyOf(at.map(Math.floor), base));
  }
  return evenly([...keys], MAX_SHAPE_KEYS);
}

/** At most this many runs looked up (each asks for 2^(SHAPE_PEAKS - 1) keys): about 10 s of speech. */
const MAX_QUERY_RUNS = 64;

/**
 * The keys to look a series up by: each run's bin and, along each ratio, the nearer neighbour,
 * so a stored run whose ratios differ by less than half a bin from these is found.
 */
export function shapeQueryKeys(peaks: readonly number[], base: number, bin: number): number[] {
  const keys = new Set<number>();
  for (const run of evenly(runsOf(peaks), MAX_QUERY_RUNS)) {
    const at = binPositions(run, bin);
    if (at === null) continue;
    const choices = at.map((x) => {
      const own = Math.floor(x);
      const near = x - own < 0.5 ? own - 1 : own + 1;
      return near >= 0 && near < BINS ? [own, near] : [own];
    });
    for (const bins of product(choices)) keys.add(keyOf(bins, base));
  }
  return [...keys];
}

function product(choices: readonly number[][]): number[][] {
  return choices.reduce<number[][]>((out, options) => out.flatMap((prefix) => options.map((o) => [...prefix, o])), [[]]);
}
