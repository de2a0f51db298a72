/**
 * SYNTHETIC speech for the replay check's tests: syllable onsets with pauses between words, a
 * harmonic tone under each syllable's loudness curve over room noise (the voice series'
 * input), and the mouth opening on each syllable as the mouth series' bytes (15 a second).
 */
import { seededNormal } from "../../face/syntheticFace";

const RATE = 16_000;

/** Syllable onsets (ms) of `count` syllables 200-260 ms apart from 400 ms, with pauses between words. */
export function onsets(count: number, seed: number): number[] {
  const normal = seededNormal(seed);
  return Array.from({ length: count }, (_, k) => k).reduce<number[]>((out, k) => [...out, k === 0 ? 400 : out[k - 1]! + 200 + Math.abs(normal()) * 60 + (k % 3 === 0 || k % 5 === 0 ? 100 + Math.abs(normal()) * 150 : 0)], []);
}

/** `base` read again: each syllable up to `driftMs` elsewhere, the whole at `pace` (1.1: 10% faster). */
export const retake = (base: number[], seed: number, driftMs: number, pace: number) => {
  const normal = seededNormal(seed);
  return base.map((t) => t / pace + Math.max(-driftMs, Math.min(driftMs, normal() * driftMs * 0.6)));
};

/** `durationMs` of speech: a syllable of `syllableMs` at each onset, voiced at `f0` Hz, over noise. */
export function speech(syllables: number[], options: { f0: number; seed: number; syllableMs?: number; durationMs?: number }): Float32Array {
  const normal = seededNormal(options.seed);
  const width = options.syllableMs ?? 160;
  const out = new Float32Array(Math.round(((options.durationMs ?? 5000) * RATE) / 1000));
  for (let i = 0; i < out.length; i++) {
    const t = (i * 1000) / RATE;
    let loud = 0;
    for (const onset of syllables) {
      const x = (t - onset) / width;
      if (x >= 0 && x <= 1) loud += Math.sin(Math.PI * x);
    }
    const phase = (2 * Math.PI * options.f0 * i) / RATE;
    out[i] = 0.3 * loud * (Math.sin(phase) + 0.5 * Math.sin(2 * phase) + 0.25 * Math.sin(3 * phase)) + 0.002 * normal();
  }
  return out;
}

/** The mouth's dark share opening for `openMs` at each onset, on frames of 15 a second, as the series' bytes. */
export const mouthOf = (syllableOnsets: number[], openMs = 180, durationMs = 5000) =>
  Array.from({ length: Math.floor((durationMs * 15) / 1000) }, (_, k) => {
    const t = (k * 1000) / 15;
    const open = syllableOnsets.reduce((sum, onset) => sum + (t >= onset && t <= onset + openMs ? 120 * Math.sin((Math.PI * (t - onset)) / openMs) : 0), 0);
    return Math.round(open).toString(16).padStart(2, "0");
  }).join("");
