/**
 * The voice's part of a recording's fingerprint: how loud the voice is at every step of 60 a
 * second, and whether two such series are one take's.
 *
 * Why the voice as well as the mouth: a copy of a number-mode take trimmed by 50-300 ms and
 * moved in pitch (timing kept) was recognised by neither. The audio words (audioSignature.ts)
 * hang on the spectrum, which the new pitch moves; and the mouth hangs on where the mesh placed
 * the face, which on a trimmed copy is other frames: such copies' mouths correlated 0.879-0.979
 * with their original's, under MIN_CORRELATION for a third of them. The loudness of speech over
 * time is neither: a pitch shift that keeps the timing keeps every syllable's loudness where it
 * was, and it is measured on the samples themselves, not on frames.
 *
 * What is measured: the voice's amplitude (RMS over the 133 ms around each step, Hann-weighted)
 * as a share of the recording's loudest step, 250 at the loudest. Relative, so the volume does
 * not matter; amplitude, not decibels, so the room's noise between syllables (tens of dB under
 * them, where a pitch shifter's grains and a codec's noise reshape the level) weighs nothing.
 * The grid is four times the mouth's: a copy is trimmed anywhere, not on a frame, and compared at
 * half steps of 67 ms the sharp edges of a syllable's loudness made a copy trimmed by 162 ms
 * correlate at 0.864 where one trimmed by 130 ms (two whole steps) did at 0.990; at 17 ms steps a
 * shift falls within 4 ms of any trim.
 *
 * Margins, measured by scripts/presence/voiceLab.ts on SYNTHETIC takes (espeak-ng's voice
 * variants, each take its own pace and pauses), copies made as the attack bench makes them
 * (trimmed by 50-300 ms, the voice 4-10% higher or lower with its timing kept, H.264/AAC):
 * 32 copies correlated at 0.979 at least; 28 pairs of takes of other digits at 0.732 at most
 * (in decibels floored 40 dB down the copies fell to 0.963 and the takes rose to 0.825; over
 * 67 ms steps, the mouth's grid, copies fell to 0.860). Measured again with the coarse-then-fine
 * search (other seeds): 15 copies 0.977-0.996, 10 pairs of other digits up to 0.839; the attack
 * bench once matched two honest takes of other digits at 0.92. So VOICE_CORRELATION 0.95 leaves
 * 0.027 under the copies and 0.014 over the highest honest retake (0.936), and the voice decides
 * only where the frames agree and the mouths, if they moved, are alike too (compareFingerprints.ts). Real retakes are not measured here; a person's syllables vary more than espeak's.
 */
import { VOICE_STEP_MS } from "../../../../schemas/mediaFingerprint";
import { SHAPE_BASES, SHAPE_BIN, shapeKeys, shapeQueryKeys } from "./shapeKeys";
import { KEY_BASES, syllableKeys, widerSyllableKeys } from "./syllableKeys";
import { alignAtTempo, finePeaks, type TempoMatch, type TempoRange } from "./tempoSeries";
import { alignSeries, blockMeans, matchSeries, parseSeries, peaksOf, seriesMatch, type SeriesMatch, type SeriesScale, syllables, toByte } from "./syllableSeries";

const SAMPLE_RATE = 16_000;
/** 60 s of steps, as the schema bounds it. */
const MAX_STEPS = 3600;
/** The loudest step's byte. */
const TOP = 250;
/** Two mouth steps, Hann-weighted: over one (67 ms) a pitch shifter's rearranged grains moved the level more (copies from 0.886, not 0.905, on the mouth's grid). */
const WINDOW_MS = 133;

/**
 * The voice's scale. A series whose spread is under a tenth of its loudest is a hum or steady
 * noise; a syllable rises a twentieth of the loudest over its surroundings (spoken syllables
 * rise from near silence between them); a median difference over a tenth is another sound,
 * whatever its timing. Three syllables, not the mouth's four: a take that starts speaking at
 * once loses its first syllable's peak to a trim of 200 ms (1 of 24 copies in voiceLab.ts had 3
 * of its original's 4), and the frames must agree as well (compareFingerprints.ts).
 */
const VOICE_SCALE: SeriesScale = { stepMs: VOICE_STEP_MS, minSpread: TOP / 10, peak: TOP / 20, maxMedianDiff: TOP / 10, minPeaks: 3, coarse: 4 };

/**
 * Voices this alike are one take's where the frames agree on half the slots too
 * (compareFingerprints.ts). Copies measured 0.977-0.999 (47, trimmed and re-pitched,
 * voiceLab.ts); SYNTHETIC retakes of the same four digits up to 0.936, and one honest number take
 * of the attack bench matched another of other digits at 0.92 with 63% of the frames alike (the
 * same face in the same room: what a user's own retake is too), refused as a replay at 0.9.
 */
export const VOICE_CORRELATION = 0.95;
/**
 * Voices this alike are one take's whatever the picture where the mouths correlate at 0.85 too
 * (compareFingerprints.ts): copies 0.979 at least, SYNTHETIC retakes of the same four digits up
 * to 0.936 (their mouths under 0.8), takes of other digits 0.795, of the consent 0.720.
 */
export const VOICE_WITH_MOUTH_CORRELATION = 0.95;

/** The RMS amplitude every `stepMs` of 16 kHz mono `samples` from their start, each over the `windowMs` around it, Hann-weighted (at most `maxSteps`). */
export function amplitudeSteps(samples: Float32Array, stepMs: number, windowMs: number, maxSteps = Infinity): number[] {
  const step = (SAMPLE_RATE * stepMs) / 1000;
  const half = (SAMPLE_RATE * windowMs) / 2000;
  const steps = Math.min(maxSteps, Math.floor(samples.length / step));
  const levels: number[] = [];
  for (let k = 0; k < steps; k++) {
    const centre = k * step;
    let power = 0;
    let weight = 0;
    for (let i = Math.max(0, Math.round(centre - half)); i < Math.min(samples.length, Math.round(centre + half)); i++) {
      const w = 0.5 + 0.5 * Math.cos((Math.PI * (i - centre)) / half);
      power += w * samples[i]! * samples[i]!;
      weight += w;
    }
    levels.push(Math.sqrt(power / Math.max(1e-9, weight)));
  }
  return levels;
}

/** The voice's amplitude at each step of 16 kHz mono `samples` from their start. */
export function voiceSeries(samples: Float32Array): string {
  const levels = amplitudeSteps(samples, VOICE_STEP_MS, WINDOW_MS, MAX_STEPS);
  const loudest = Math.max(1e-9, ...levels);
  return levels.map((level) => toByte((level / loudest) * TOP)).join("");
}

/** The shift at which two voice series correlate best; null when either is silence or a steady sound. */
export const alignVoice = (a: string, b: string): SeriesMatch | null => alignSeries(a, b, VOICE_SCALE);

/** The tempo at which two voice series correlate best (tempoSeries.ts); null when either is silence or a steady sound. */
export const alignVoiceAtTempo = (a: string, b: string, range: TempoRange): TempoMatch | null => alignAtTempo(a, b, VOICE_SCALE, range);

/** The alignment at which two voice series may be one take's (VOICE_CORRELATION), or null. */
export const matchVoice = (a: string, b: string): SeriesMatch | null => matchSeries(a, b, VOICE_SCALE, VOICE_CORRELATION);

/** Whether an alignment of alignVoice is one matchVoice would give (for a caller that has it already). */
export const voicesMatch = (m: SeriesMatch): boolean => seriesMatch(m, VOICE_SCALE, VOICE_CORRELATION);

/** Steps of the voice's grid in one of the keys' (67 ms, the mouth's). */
const PER_KEY_STEP = 4;

/** The voice's syllables' peaks on the keys' grid of 67 ms. */
const keyPeaks = (series: string) => peaksOf(blockMeans(syllables(parseSeries(series), VOICE_STEP_MS), PER_KEY_STEP), VOICE_SCALE.peak);

/**
 * Index keys of a voice series (syllableKeys.ts): a copy mirrored or cropped, whose every frame
 * hash moved and whose mouth the mesh may have placed otherwise, keeps its sound's timing.
 */
export const voiceKeys = (series: string): number[] => syllableKeys(keyPeaks(series), KEY_BASES.voice);

/** The keys to look a voice up by after its own: one or two peaks a step off (syllableKeys.ts). */
export const voiceQueryKeys = (series: string): number[] => widerSyllableKeys(keyPeaks(series), KEY_BASES.voice);

/** Steps of the voice's own grid either side of a syllable's peak whose loudness places it (50 ms). */
const CENTROID_STEPS = 3;

/**
 * The voice's syllables' peaks in steps of its own grid (17 ms): found on the keys' grid
 * (keyPeaks, at a part of a step), then placed at the centre of the loudness (squared) within
 * 50 ms of each. The mean taken off a syllable (syllableSeries.ts syllables) spans 333 ms of the
 * recording, more or less of the speech in a copy played slower or faster, which moved the
 * peaks; the loudness itself a tempo only stretches. On 112 rendered tempo copies the ratio of
 * two intervals moved by 0.16 (9 in 10) and 0.35 (49 in 50) on the logarithm placed on the keys'
 * grid, by 0.105 and 0.15 placed so.
 */
function placedPeaksOfVoice(series: string): number[] {
  const raw = parseSeries(series);
  const found = finePeaks(Float64Array.from(blockMeans(syllables(raw, VOICE_STEP_MS), PER_KEY_STEP), (v) => v ?? NaN), VOICE_SCALE.peak);
  return found.map((peak) => {
    const centre = Math.round(peak * PER_KEY_STEP);
    let [weight, sum] = [0, 0];
    for (let i = Math.max(0, centre - CENTROID_STEPS); i <= Math.min(raw.length - 1, centre + CENTROID_STEPS); i++) {
      const power = (raw[i] ?? 0) ** 2;
      weight += power;
      sum += power * i;
    }
    return weight > 0 ? sum / weight : peak * PER_KEY_STEP;
  });
}

/** The tempo-proof keys a voice is stored under (shapeKeys.ts): a copy played faster or slower keeps them. */
export const voiceShapeKeys = (series: string): number[] => shapeKeys(placedPeaksOfVoice(series), SHAPE_BASES.voice, SHAPE_BIN.voice);

/** The keys to look a voice up by as a copy at any tempo (shapeKeys.ts). */
export const voiceShapeQueryKeys = (series: string): number[] => shapeQueryKeys(placedPeaksOfVoice(series), SHAPE_BASES.voice, SHAPE_BIN.voice);
