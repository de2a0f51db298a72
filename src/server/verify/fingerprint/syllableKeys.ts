/**
 * Index keys made of a take's syllables (the mouth's, mouthSeries.ts, and the voice's,
 * voiceSeries.ts), so a replay is found as a candidate when its picture moved every frame hash
 * (mirrored, cropped): each run of KEY_INTERVALS consecutive intervals between syllables'
 * peaks, in steps of 67 ms. They do not depend on where the recording starts or on the
 * picture's framing, and a replay keeps its peaks where they were, so it shares most of them
 * with its original; a retake moves its peaks by a step or more and shares few. Keys only make
 * candidates (looked up apart from the band keys, with their own bounded scan: speech patterns
 * many recordings share must not push the band keys' candidates out); the series decide.
 *
 * Each series has its own base, above the frame hashes' band keys (bandKeys.ts: below
 * 4 × 65,536): a mouth's key never finds a voice's.
 */

/** Intervals between syllables are counted in steps up to this (2 s); longer ones are capped. */
const MAX_INTERVAL = 31;
/**
 * Intervals a key spans: syllables come 3-5 steps apart, so a pair of intervals has a dozen
 * common values and every speech recording shares them; four (with the pauses between words
 * among them) are specific enough to rank a replay's original among the first.
 */
const KEY_INTERVALS = 4;
/** Keys span (MAX_INTERVAL + 1) ^ KEY_INTERVALS values above their base. */
export const KEY_SPAN = (MAX_INTERVAL + 1) ** KEY_INTERVALS;
/** Where each series' keys begin: above the band keys, the mouth's, then the voice's, KEY_SPAN apart. */
export const KEY_BASES = { mouth: 1 << 20, voice: (1 << 20) + KEY_SPAN } as const;
/** At most this many keys a series (a 60 s recording of speech has about 250 syllables). */
export const MAX_SYLLABLE_KEYS = 48;

/** The keys of syllables peaking at `peaks` (steps of 67 ms, in order), above `base`. */
export function syllableKeys(peaks: readonly number[], base: number): number[] {
  return evenly([...new Set(runsOf(peaks).map((run) => keyOf(run, base)))], MAX_SYLLABLE_KEYS);
}

/**
 * The keys to look a recording up by after its own (syllableKeys): those it would have with one
 * or two of each run's peaks a step earlier or later. A copy re-encoded, mirrored or trimmed
 * keeps its syllables where they were, but a peak on the boundary between two steps falls on
 * either: 4 of 25 copies of SYNTHETIC takes shared none of their mouths' exact keys with their
 * original, 1 of 25 (a trimmed one, whose frames find it) none of these; other takes shared 0
 * or 1 (scripts/presence/mouthLab.ts). Only the lookup widens; what is stored stays exact.
 * Wider keys are shared by regular speech far more often (syllables 3-4 steps apart make few
 * patterns), so replayCheck.ts looks them up last.
 */
export function widerSyllableKeys(peaks: readonly number[], base: number): number[] {
  const own = new Set(syllableKeys(peaks, base));
  const keys = new Set<number>();
  for (const run of evenly(runsOf(peaks), MAX_SYLLABLE_KEYS / 4)) {
    for (const moved of movedByAStep(run)) keys.add(keyOf(moved, base));
  }
  return [...keys].filter((k) => !own.has(k));
}

/** Runs of KEY_INTERVALS + 1 consecutive peaks. */
function runsOf(peaks: readonly number[]): number[][] {
  return Array.from({ length: Math.max(0, peaks.length - KEY_INTERVALS) }, (_, k) => peaks.slice(k, k + KEY_INTERVALS + 1));
}

function keyOf(run: readonly number[], base: number): number {
  let key = 0;
  for (let j = 0; j < KEY_INTERVALS; j++) key = key * (MAX_INTERVAL + 1) + Math.max(0, Math.min(MAX_INTERVAL, run[j + 1]! - run[j]!));
  return base + key;
}

/** `run` with one or two of its peaks moved by a step either way. */
function movedByAStep(run: readonly number[]): number[][] {
  const out: number[][] = [];
  for (let i = 0; i < run.length; i++) {
    for (const di of [-1, 1]) {
      out.push(run.map((p, k) => (k === i ? p + di : p)));
      for (let j = i + 1; j < run.length; j++) for (const dj of [-1, 1]) out.push(run.map((p, k) => (k === i ? p + di : k === j ? p + dj : p)));
    }
  }
  return out;
}

/** At most `max` of `items`, spread evenly over them (shapeKeys.ts bounds its keys alike). */
export function evenly<T>(items: readonly T[], max: number): T[] {
  if (items.length <= max) return [...items];
  return Array.from({ length: max }, (_, i) => items[Math.floor((i * items.length) / max)]!);
}
