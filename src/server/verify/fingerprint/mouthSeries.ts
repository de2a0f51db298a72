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
import { MOUTH_STEP_MS } from "../../../../schemas/mediaFingerprint";
import { SHAPE_BASES, SHAPE_BIN, shapeKeys, shapeQueryKeys } from "./shapeKeys";
import { KEY_BASES, syllableKeys, widerSyllableKeys } from "./syllableKeys";
import { alignAtGivenTempo, alignAtTempo, finePeaks, type TempoMatch, type TempoRange } from "./tempoSeries";
import { alignSeries, GAP_STEP, matchSeries, parseSeries, peaksOf, type SeriesMatch, type SeriesScale, syllables, toByte } from "./syllableSeries";

/** 60 s of steps, as the schema bounds it. */
const MAX_STEPS = 900;
/** Opening to byte: the dark share runs 0 to about 0.25, so a step of the byte is 0.001. */
const SCALE = 1000;
/** Frames further apart than this are not interpolated between (a stretch without a face). */
const MAX_GAP_MS = 250;
export const GAP_MOUTH = GAP_STEP;

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

/** The opening at each step from `originMs`, interpolated between the frames' measures (in time order). */
export function mouthSeries(samples: readonly { atMs: number; dark: number }[], originMs: number): string {
  const last = samples[samples.length - 1];
  if (last === undefined) return "";
  const steps = Math.min(Math.floor((last.atMs - originMs) / MOUTH_STEP_MS + 0.5) + 1);
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
    out += value === null ? GAP_MOUTH : toByte(value * SCALE);
  }
  return out;
}

/** The mouth's scale: an opening's byte is a thousandth of the dark share (0 to about 0.25). */
const MOUTH_SCALE: SeriesScale = {
  stepMs: MOUTH_STEP_MS,
  minSpread: 0.02 * SCALE,
  // A syllable's peak rises a tenth of a wide-open mouth's dark share above its surroundings.
  peak: 0.01 * SCALE,
  // Replays differed by 0.006 at most, retakes by as little: the correlation decides, this bounds a gross change of scale.
  maxMedianDiff: 0.01 * SCALE,
  minPeaks: 4,
};

export interface MouthMatch extends SeriesMatch {
  /** The median difference of the openings, on the dark share's own scale (0 to about 0.25). */
  medianDiff: number;
}

const onDarkShare = (m: SeriesMatch | null): MouthMatch | null => (m === null ? null : { ...m, medianDiff: m.medianDiff / SCALE });

/** The shift at which two mouth series correlate best (syllableSeries.ts alignSeries); null when either mouth stays still. */
export const alignMouth = (a: string, b: string): MouthMatch | null => onDarkShare(alignSeries(a, b, MOUTH_SCALE));

/** The alignment at which two mouth series may be one take's (MIN_CORRELATION), or null when they are not (or either mouth stays still). */
export const matchMouth = (a: string, b: string): MouthMatch | null => onDarkShare(matchSeries(a, b, MOUTH_SCALE, MIN_CORRELATION));

/** The tempo at which two mouth series correlate best (tempoSeries.ts), the median difference on the dark share's scale; null when either mouth stays still. */
export const alignMouthAtTempo = (a: string, b: string, range: TempoRange): TempoMatch | null => {
  const found = alignAtTempo(a, b, MOUTH_SCALE, range);
  return found === null ? null : { ...found, medianDiff: found.medianDiff / SCALE };
};

/** How two mouth series correlate at a tempo and shift the voices gave (tempoSeries.ts alignAtGivenTempo), `reachMs` either way of the shift. */
export const mouthAtTempo = (a: string, b: string, tempo: number, shiftMs: number, reachMs: number): TempoMatch | null => {
  const found = alignAtGivenTempo(a, b, MOUTH_SCALE, tempo, shiftMs, reachMs);
  return found === null ? null : { ...found, medianDiff: found.medianDiff / SCALE };
};

/** Whether an alignment of two mouths (alignMouth) is one take's at MIN_CORRELATION. */
export const mouthsMatch = (m: MouthMatch): boolean => m.correlation >= MIN_CORRELATION && m.medianDiff * SCALE <= MOUTH_SCALE.maxMedianDiff;

const peaksOfMouth = (series: string) => peaksOf(syllables(parseSeries(series), MOUTH_STEP_MS), MOUTH_SCALE.peak);


/**
 * Index keys of a mouth series (syllableKeys.ts), so a replay is found as a candidate when its
 * picture moved every frame hash (mirrored, cropped); matchMouth decides.
 */
export const mouthKeys = (series: string): number[] => syllableKeys(peaksOfMouth(series), KEY_BASES.mouth);

/** The keys to look a mouth up by after its own: one or two peaks a step off (syllableKeys.ts). */
export const mouthQueryKeys = (series: string): number[] => widerSyllableKeys(peaksOfMouth(series), KEY_BASES.mouth);

/** The mouth's syllables' peaks at a part of a step (tempoSeries.ts finePeaks). */
const finePeaksOfMouth = (series: string) => finePeaks(Float64Array.from(syllables(parseSeries(series), MOUTH_STEP_MS), (v) => v ?? NaN), MOUTH_SCALE.peak);

/** The tempo-proof keys a mouth is stored under (shapeKeys.ts): a copy played faster or slower keeps most of them. */
export const mouthShapeKeys = (series: string): number[] => shapeKeys(finePeaksOfMouth(series), SHAPE_BASES.mouth, SHAPE_BIN.mouth);

/** The keys to look a mouth up by as a copy at any tempo (shapeKeys.ts). */
export const mouthShapeQueryKeys = (series: string): number[] => shapeQueryKeys(finePeaksOfMouth(series), SHAPE_BASES.mouth, SHAPE_BIN.mouth);
