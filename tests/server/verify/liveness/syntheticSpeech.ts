/**
 * SYNTHETIC speech and mouths for the lip-sync tests: words of syllables (each 100-350 ms, the
 * mouth opening and the voice rising and falling together), pauses between words, the voice as
 * noise shaped by the syllables' loudness at 16 kHz over a faint room hiss, and the mouth as a
 * mesh would measure it (inner-lip gap over width) at a frame rate, with a still face's jitter.
 */
import type { VoiceSegment } from "../../../../src/server/verify/mediaTypes";
import { seededNormal } from "../../../face/syntheticFace";

export interface Syllable {
  startMs: number;
  endMs: number;
  /** Peak opening 0.15-0.4, and loudness with it. */
  peak: number;
}

/** Words of 1-4 syllables with 150-700 ms pauses, from `fromMs` to about `toMs`: as irregular as speech. */
export function speechPlan(seed: number, fromMs: number, toMs: number): { syllables: Syllable[]; voiced: VoiceSegment[] } {
  const n = seededNormal(seed);
  // Uniform 0..1 from a normal (its CDF, by the logistic approximation).
  const u = () => 1 / (1 + Math.exp(-1.702 * n()));
  const syllables: Syllable[] = [];
  const voiced: VoiceSegment[] = [];
  let t = fromMs;
  while (t < toMs - 600) {
    const start = t;
    const count = 1 + Math.floor(u() * 4);
    for (let k = 0; k < count; k++) {
      const ms = 100 + u() * 250;
      syllables.push({ startMs: t, endMs: t + ms, peak: 0.1 + 0.3 * u() });
      t += ms + u() * 80;
    }
    voiced.push({ startMs: start, endMs: t });
    t += 150 + u() * 550;
  }
  return { syllables, voiced };
}

/** The plan's opening (or loudness, 0..1 scaled by peak) at a time: a raised-cosine bump per syllable. */
export function shapeAt(syllables: readonly Syllable[], atMs: number): number {
  for (const s of syllables) {
    if (atMs >= s.startMs && atMs < s.endMs) return s.peak * Math.sin((Math.PI * (atMs - s.startMs)) / (s.endMs - s.startMs)) ** 2;
  }
  return 0;
}

/** The voice: noise shaped by the syllables, delayed `delayMs` behind the mouth, over a hiss. */
export function speechAudio(syllables: readonly Syllable[], durationMs: number, seed: number, delayMs = 60): Float32Array {
  const rate = 16_000;
  const out = new Float32Array(Math.round((durationMs * rate) / 1000));
  const n = seededNormal(seed + 1000);
  for (let i = 0; i < out.length; i++) {
    const atMs = (i * 1000) / rate - delayMs;
    out[i] = 0.002 * n() + 0.8 * shapeAt(syllables, atMs) * Math.max(-1, Math.min(1, 0.4 * n()));
  }
  return out;
}

/** The mouth as measured at `fps`: rest opening 0.03, the syllables' opening, jitter σ 0.02. */
export function mouthTrack(syllables: readonly Syllable[], durationMs: number, seed: number, fps = 15, moving = (_atMs: number) => true): { atMs: number; open: number }[] {
  const n = seededNormal(seed + 2000);
  const out: { atMs: number; open: number }[] = [];
  for (let i = 0; (i * 1000) / fps < durationMs; i++) {
    const atMs = Math.round((i * 1000) / fps);
    out.push({ atMs, open: Math.max(0, 0.03 + (moving(atMs) ? shapeAt(syllables, atMs) : 0) + 0.02 * n()) });
  }
  return out;
}
