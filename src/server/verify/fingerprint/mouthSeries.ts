/**
 * The mouth's part of a recording's fingerprint: how open the mouth is on every frame (15 a
 * second), and whether two such series are one take's.
 *
 * Why the mouth: a talking head hardly changes a whole-frame hash, so a recording of someone
 * reading digits matched its replays on the sound alone, and a replay with its voice shifted in
 * pitch (timing kept) was no longer recognised. The mouth keeps the take's timing whatever is
 * done to the sound, and that timing is what a retake never repeats: a person reading the same
 * words again puts each syllable tens of milliseconds elsewhere and says each word a little
 * faster or slower, while a replay, a re-encode or a re-dub keeps every opening on its frame.
 *
 * What is measured: the open mouth's dark pixels over the mouth's width squared
 * (frameSignals.ts mouthSignal), on every frame, the face placed by the mesh or between its
 * frames. Pixels, not the mesh's lip gap: the mesh runs on 10 frames a second, and a replay
 * trimmed by a part of that interval had it run on other frames, whose gaps differed by as much
 * as a retake's (0 of 14 such replays found on the gap; the dark share, counted on every frame,
 * gives the original's figures).
 *
 * Margins, measured by scripts/presence/mouthLab.ts on SYNTHETIC number takes of the rendered
 * subject (15 fps), every take reading the same digits (the hardest case) in its own voice
 * variant, pace, pauses and pace of each word (espeak-ng's SSML: pauses 0-200 ms, words at
 * 80-125%):
 * - 30 replays of 10 takes (H.264 scaled up; the voice 5% higher, timing kept; the first 130 ms
 *   cut and the voice 4% lower) correlated at 0.897-0.996 with a median difference of 0.001-0.006:
 *   29 at or above MIN_CORRELATION;
 * - 45 pairs of retakes correlated at 0.794 at most, 66 pairs of takes of other digits (each its
 *   own) at 0.835 at most: none matched. With pauses alone and one pace
 *   a take (no per-word pace), 3 to 4 of 45 did (up to 0.966): the modelled mouth of
 *   tests/server/fingerprint/mouth.test.ts matches when its syllables are 24 ms off on average,
 *   not at 36 ms. Real retakes are not measured here; a person's words vary more than that.
 * A still mouth (spread under 0.02: closed, its dark share is about 0) says nothing.
 */
import { MOUTH_CHARS, MOUTH_STEP_MS } from "../../../../schemas/mediaFingerprint";

/** 60 s of steps, as the schema bounds it. */
const MAX_STEPS = 900;
/** Opening to byte: the dark share runs 0 to about 0.25, so a step of the byte is 0.001. */
const SCALE = 1000;
/** Frames further apart than this are not interpolated between (a stretch without a face). */
const MAX_GAP_MS = 250;
export const GAP_MOUTH = "-".repeat(MOUTH_CHARS);

/** Syllables each mouth must show (number mode issues four digits, a syllable each in Mandarin). */
const MIN_PEAKS = 4;
/** 2 s of moving mouth at least. */
const MIN_STEPS = 30;
const MIN_COVERED = 0.8;
const MIN_SPREAD = 0.02 * SCALE;
/**
 * Replays correlated 0.897-0.996 (one in 30 under 0.93), retakes of the same digits 0.794 at
 * most and takes of other digits 0.835 at most: 0.9 keeps the tail of chance alignments of four
 * syllables out, at the cost of the odd trimmed replay. compareFingerprints.ts asks the frames to
 * agree too at this level.
 */
const MIN_CORRELATION = 0.9;
/**
 * Mouths this alike are one take's on their own, whatever the picture and the sound: a replay
 * mirrored and cropped to 85% (every frame hash moved) correlated 0.981-0.989, trimmed by 130 ms
 * and re-pitched 0.962-0.979 (5 takes each, scripts/presence/mouthLab.ts), where the honest
 * SYNTHETIC pairs reached 0.835 (retakes of the same digits, other digits). 0.95 leaves 0.03
 * under the mirrored copies and 0.11 over the honest pairs.
 */
export const MOUTH_ALONE_CORRELATION = 0.95;
/** Replays differed by 0.006 at most, retakes by as little: the correlation decides, this bounds a gross change of scale. */
const MAX_MEDIAN_DIFF = 0.01;
/** 333 ms either side: a syllable and a half, so the mean keeps the slow part and not the syllable. */
const HALF_WINDOW = 5;
/** Shifts searched either way (in steps): a trimmed start of up to 3 s. */
const MAX_SHIFT = 45;

/** The opening at each step from `originMs`, interpolated between the frames' measures (in time order). */
export function mouthSeries(samples: readonly { atMs: number; dark: number }[], originMs: number): string {
  const last = samples[samples.length - 1];
  if (last === undefined) return "";
  const steps = Math.min(MAX_STEPS, Math.floor((last.atMs - originMs) / MOUTH_STEP_MS + 0.5) + 1);
  let out = "";
  let k = 0;
  for (let step = 0; step < steps; step++) {
    const t = originMs + step * MOUTH_STEP_MS;
    // Frame times are whole milliseconds: a frame within 1 ms of the step is on it.
    while (k + 1 < samples.length && samples[k + 1]!.atMs <= t + 1) k++;
    const before = samples[k]!;
    const after = samples[k + 1] ?? before;
    let value: number | null = null;
    if (Math.abs(before.atMs - t) <= 1) value = before.dark;
    else if (before.atMs < t && after.atMs > t && after.atMs - before.atMs <= MAX_GAP_MS) {
      value = before.dark + ((after.dark - before.dark) * (t - before.atMs)) / (after.atMs - before.atMs);
    }
    out += value === null ? GAP_MOUTH : Math.round(Math.min(255, Math.max(0, value * SCALE))).toString(16).padStart(MOUTH_CHARS, "0");
  }
  return out;
}

const parse = (series: string): (number | null)[] =>
  Array.from({ length: series.length / MOUTH_CHARS }, (_, i) => {
    const byte = series.slice(i * MOUTH_CHARS, (i + 1) * MOUTH_CHARS);
    return byte === GAP_MOUTH ? null : parseInt(byte, 16);
  });

/**
 * The syllables alone: each opening less the mean of those within ±HALF_WINDOW steps. Left in,
 * the slow part (talking, then not) dominates, and it is what any two readings of the same
 * words share: the SYNTHETIC subject reading the same digits at 166 and 191 words a minute
 * correlated at 0.90 on the raw openings.
 */
function syllables(x: readonly (number | null)[]): (number | null)[] {
  return x.map((v, i) => {
    if (v === null) return null;
    let sum = 0;
    let n = 0;
    for (let k = Math.max(0, i - HALF_WINDOW); k <= Math.min(x.length - 1, i + HALF_WINDOW); k++) {
      const w = x[k];
      if (w !== null && w !== undefined) (sum += w), (n += 1);
    }
    return v - sum / n;
  });
}

export interface MouthMatch {
  /** Steps of `b` (halves included) that step 0 of `a` lines up with. */
  shift: number;
  correlation: number;
  /** The median difference of the openings, on the dark share's own scale (0 to about 0.25). */
  medianDiff: number;
}

/** `x` at a whole or half index: a half index is the mean of its two neighbours (null if either is). */
function at(x: readonly (number | null)[], index: number): number | null {
  const lo = x[Math.floor(index)];
  const hi = x[Math.ceil(index)];
  if (lo === null || lo === undefined || hi === null || hi === undefined) return null;
  return (lo + hi) / 2;
}

function spread(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.floor(sorted.length * 0.9)]! - sorted[Math.floor(sorted.length * 0.1)]!;
}

/**
 * The shift at which two mouth series correlate best, with both moving over at least MIN_STEPS
 * and most of the shorter, and how closely they agree there; null when no shift has both
 * mouths moving (a still mouth says nothing either way).
 */
export function alignMouth(a: string, b: string): MouthMatch | null {
  const xa = parse(a);
  const xb = parse(b);
  // A mouth that stays still says nothing (judged once on each whole series).
  const moving = (x: readonly (number | null)[]) => spread(x.filter((v): v is number => v !== null)) >= MIN_SPREAD;
  if (!moving(xa) || !moving(xb)) return null;
  const [sa, sb] = [syllables(xa), syllables(xb)];
  // The timing of one opening (the "open your mouth" action) is no take's signature: any two
  // such takes align at some shift (the bench's SYNTHETIC honest takes were refused as each
  // other's replays so). Speech has a syllable a digit at least: four, the fewest issued.
  if (peaksOf(sa).length < MIN_PEAKS || peaksOf(sb).length < MIN_PEAKS) return null;
  // Most of the shorter mouth must line up, not a scrap at the edge of a far shift.
  const heard = Math.min(xa.filter((v) => v !== null).length, xb.filter((v) => v !== null).length);
  // This runs on the main thread (the verdict's transaction), for up to 16 candidates: one pass
  // of running sums a shift, no arrays (arrays and sorts at every shift took 0.6 s for 16
  // candidates of 30 s).
  let best: { shift: number; correlation: number } | null = null;
  // Half steps too: a replay trimmed by a part of a step puts its openings between the original's.
  for (let halfShift = -2 * MAX_SHIFT; halfShift <= 2 * MAX_SHIFT; halfShift++) {
    const shift = halfShift / 2;
    let n = 0, sx = 0, sy = 0, sxx = 0, syy = 0, sxy = 0;
    for (let i = Math.max(0, Math.ceil(-shift)); i < xa.length && i + shift <= xb.length - 1; i++) {
      const x = sa[i];
      const y = at(sb, i + shift);
      if (x === null || x === undefined || y === null) continue;
      n += 1;
      sx += x;
      sy += y;
      sxx += x * x;
      syy += y * y;
      sxy += x * y;
    }
    if (n < MIN_STEPS || n < MIN_COVERED * heard) continue;
    const vx = sxx - (sx * sx) / n;
    const vy = syy - (sy * sy) / n;
    const correlation = vx > 0 && vy > 0 ? (sxy - (sx * sy) / n) / Math.sqrt(vx * vy) : 0;
    if (best === null || correlation > best.correlation) best = { shift, correlation };
  }
  if (best === null) return null;
  // The openings' own difference, at the best shift only.
  const diffs: number[] = [];
  for (let i = 0; i < xa.length; i++) {
    const x = xa[i];
    const y = i + best.shift >= 0 && i + best.shift <= xb.length - 1 ? at(xb, i + best.shift) : null;
    if (x !== null && x !== undefined && y !== null) diffs.push(Math.abs(x - y));
  }
  diffs.sort((p, q) => p - q);
  return { ...best, medianDiff: (diffs[Math.floor(diffs.length / 2)] ?? Infinity) / SCALE };
}

/** The alignment at which two mouth series may be one take's (MIN_CORRELATION), or null when they are not (or either mouth stays still). */
export function matchMouth(a: string, b: string): MouthMatch | null {
  const best = alignMouth(a, b);
  return best !== null && best.correlation >= MIN_CORRELATION && best.medianDiff <= MAX_MEDIAN_DIFF ? best : null;
}

/** A syllable's peak rises this far above its surroundings (a tenth of a wide-open mouth's dark share). */
const PEAK = 0.01 * SCALE;

/** The steps where a syllable peaks: its opening (less its surroundings' mean) a local maximum above PEAK. */
function peaksOf(x: readonly (number | null)[]): number[] {
  const peaks: number[] = [];
  for (let i = 1; i + 1 < x.length; i++) {
    const [before, here, after] = [x[i - 1], x[i], x[i + 1]];
    if (here === null || here === undefined || before === null || before === undefined || after === null || after === undefined) continue;
    if (here > PEAK && here > before && here >= after) peaks.push(i);
  }
  return peaks;
}

/** Mouth keys lie above the frame hashes' band keys (bandKeys.ts: below 4 × 65,536). */
const MOUTH_KEY_BASE = 1 << 20;
/** Intervals between syllables are counted in steps up to this (2 s); longer ones are capped. */
const MAX_INTERVAL = 31;
/**
 * Intervals a key spans: syllables come 3-5 steps apart, so a pair of intervals has a dozen
 * common values and every speech recording shares them; four (with the pauses between words
 * among them) are specific enough to rank a replay's original among the first.
 */
const KEY_INTERVALS = 4;
/** At most this many mouth keys a fingerprint (a 60 s recording of speech has about 250 syllables). */
export const MAX_MOUTH_KEYS = 48;

/**
 * Index keys of a mouth series, so a replay is found as a candidate when its picture moved every
 * frame hash (mirrored, cropped): each run of KEY_INTERVALS consecutive intervals between
 * syllables' peaks, in steps. They do not depend on where the recording starts or on the
 * picture's framing, and a replay keeps its peaks on their frames, so it shares most of them
 * with its original; a retake moves its peaks by a step or more and shares few. Keys only make
 * candidates (looked up apart from the band keys, with their own bounded scan: speech patterns
 * many recordings share must not push the band keys' candidates out); matchMouth decides.
 */
export function mouthKeys(series: string): number[] {
  return evenly([...new Set(runsOf(peaksOf(syllables(parse(series)))).map(keyOf))], MAX_MOUTH_KEYS);
}

/**
 * The keys to look a recording up by after its own (mouthKeys): those it would have with one or
 * two of each run's peaks a step earlier or later. A copy re-encoded, mirrored or trimmed keeps its
 * syllables where they were, but a peak on the boundary between two steps falls on either: 4 of
 * 25 copies of SYNTHETIC takes shared none of their exact keys with their original, 1 of 25 (a
 * trimmed one, whose frames find it) none of these; other takes shared 0 or 1
 * (scripts/presence/mouthLab.ts). Only the lookup widens; what is stored stays exact. Wider
 * keys are shared by regular speech far more often (syllables 3-4 steps apart make few
 * patterns), so replayCheck.ts looks them up last.
 */
export function mouthQueryKeys(series: string): number[] {
  const own = new Set(mouthKeys(series));
  const keys = new Set<number>();
  for (const run of evenly(runsOf(peaksOf(syllables(parse(series)))), MAX_MOUTH_KEYS / 4)) {
    for (const moved of movedByAStep(run)) keys.add(keyOf(moved));
  }
  return [...keys].filter((k) => !own.has(k));
}

/** Runs of KEY_INTERVALS + 1 consecutive peaks. */
function runsOf(peaks: readonly number[]): number[][] {
  return Array.from({ length: Math.max(0, peaks.length - KEY_INTERVALS) }, (_, k) => peaks.slice(k, k + KEY_INTERVALS + 1));
}

function keyOf(run: readonly number[]): number {
  let key = 0;
  for (let j = 0; j < KEY_INTERVALS; j++) key = key * (MAX_INTERVAL + 1) + Math.max(0, Math.min(MAX_INTERVAL, run[j + 1]! - run[j]!));
  return MOUTH_KEY_BASE + key;
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

/** At most `max` of `items`, spread evenly over them. */
function evenly<T>(items: readonly T[], max: number): T[] {
  if (items.length <= max) return [...items];
  return Array.from({ length: max }, (_, i) => items[Math.floor((i * items.length) / max)]!);
}
