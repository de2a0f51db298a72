/**
 * The replay check's voice series (src/server/verify/fingerprint/voiceSeries.ts) from an
 * attacker's side, on SYNTHETIC speech: a voice saying a syllable every 200-260 ms (a harmonic
 * tone under a syllable's loudness curve, over room noise). A copy trimmed by a part of a step
 * and moved in pitch keeps every syllable's loudness where it was and is recognised, also where
 * its mouth was not (a trimmed copy's mouth is measured on other frames); a retake of the same
 * words (each syllable tens of milliseconds elsewhere), silence and a steady hum are not. The
 * margins on rendered takes are measured by scripts/presence/voiceLab.ts.
 */
import { describe, expect, it } from "vitest";
import type { MediaFingerprint } from "../../../schemas/mediaFingerprint";
import { describeMatch, matchFingerprints } from "../../../src/server/verify/fingerprint/compareFingerprints";
import { alignMouth } from "../../../src/server/verify/fingerprint/mouthSeries";
import { MAX_SYLLABLE_KEYS } from "../../../src/server/verify/fingerprint/syllableKeys";
import { alignVoice, matchVoice, voiceKeys, voiceQueryKeys, voiceSeries } from "../../../src/server/verify/fingerprint/voiceSeries";
import { seededNormal } from "../../face/syntheticFace";

const RATE = 16_000;

/** Syllable onsets (ms) of `count` syllables 200-260 ms apart from 400 ms, with pauses, or `base`'s each moved by up to `driftMs`. */
function onsets(count: number, seed: number, base: number[] | null = null, driftMs = 0): number[] {
  const normal = seededNormal(seed);
  if (base) return base.map((t) => t + Math.max(-driftMs, Math.min(driftMs, normal() * driftMs * 0.6)));
  // A pause of 100-400 ms between words of two or three syllables, as digits are read.
  return Array.from({ length: count }, (_, k) => k).reduce<number[]>((out, k) => [...out, k === 0 ? 400 : out[k - 1]! + 200 + Math.abs(normal()) * 60 + (k % 3 === 0 || k % 5 === 0 ? 100 + Math.abs(normal()) * 150 : 0)], []);
}

/** `durationMs` of speech: a syllable of 160 ms at each onset, voiced at `f0` Hz, over noise, its first `trimMs` cut. */
function speech(syllables: number[], options: { f0: number; seed: number; trimMs?: number; durationMs?: number }): Float32Array {
  const normal = seededNormal(options.seed);
  const trim = Math.round(((options.trimMs ?? 0) * RATE) / 1000);
  const total = Math.round(((options.durationMs ?? 5000) * RATE) / 1000);
  const out = new Float32Array(total - trim);
  for (let i = trim; i < total; i++) {
    const t = (i * 1000) / RATE;
    let loud = 0;
    for (const onset of syllables) {
      const x = (t - onset) / 160;
      if (x >= 0 && x <= 1) loud += Math.sin(Math.PI * x);
    }
    const phase = (2 * Math.PI * options.f0 * i) / RATE;
    out[i - trim] = 0.3 * loud * (Math.sin(phase) + 0.5 * Math.sin(2 * phase) + 0.25 * Math.sin(3 * phase)) + 0.002 * normal();
  }
  return out;
}

/** A mouth opening 180 ms at each onset, on frames of 15 a second (4 s). */
const mouthOf = (syllableOnsets: number[]) =>
  Array.from({ length: 60 }, (_, k) => {
    const t = (k * 1000) / 15;
    const open = syllableOnsets.reduce((sum, onset) => sum + (t >= onset && t <= onset + 180 ? 120 * Math.sin((Math.PI * (t - onset)) / 180) : 0), 0);
    return Math.round(open).toString(16).padStart(2, "0");
  }).join("");

const words = onsets(14, 3);
const original = voiceSeries(speech(words, { f0: 180, seed: 1 }));

describe("the voice series", () => {
  it("is one byte of loudness a step of 60 a second, from the audio's start", () => {
    const series = voiceSeries(speech(words, { f0: 180, seed: 1, durationMs: 3000 }));
    expect(series).toMatch(/^[0-9a-f]+$/);
    expect(series.length / 2).toBe(180);
  });

  it("recognises a copy moved 8% in pitch and trimmed anywhere (here by 110 and by 163 ms), at that shift", () => {
    for (const trimMs of [110, 163]) {
      const found = matchVoice(voiceSeries(speech(words, { f0: 194, seed: 2, trimMs })), original);
      expect(found, `trimmed by ${trimMs} ms`).not.toBeNull();
      expect(Math.abs(found!.shiftMs - trimMs)).toBeLessThanOrEqual(9);
    }
  });

  // Thinner than the mouth's margin: in this model retakes 60 ms off at most (36 ms typical)
  // correlate 0.78-0.93, so the voice decides only where the frames agree and the mouths are
  // alike too (compareFingerprints.ts); espeak-ng's retakes of other digits reached 0.795.
  it("does not take a retake of the same words for a copy: ten retakes, each syllable up to 90 ms off (54 ms typical)", () => {
    for (let seed = 10; seed < 20; seed++) {
      const retake = voiceSeries(speech(onsets(14, seed, words, 90), { f0: 180, seed }));
      expect(matchVoice(retake, original), `retake ${seed}`).toBeNull();
    }
  });

  it("gives index keys a trimmed, re-pitched copy is found by (its own or a peak a step off) and other speech hardly shares, at most MAX_SYLLABLE_KEYS", () => {
    const stored = new Set(voiceKeys(original));
    const share = (keys: number[]) => [...stored].filter((k) => keys.includes(k)).length / stored.size;
    expect(stored.size).toBeGreaterThanOrEqual(5);
    for (const trimMs of [0, 110, 163]) {
      const copy = voiceSeries(speech(words, { f0: 194, seed: 2, trimMs }));
      expect(share([...voiceKeys(copy), ...voiceQueryKeys(copy)]), `trimmed by ${trimMs} ms`).toBeGreaterThanOrEqual(0.6);
    }
    // Keys only make candidates (the series decide), but other speech should rarely be one.
    for (let seed = 20; seed < 25; seed++) expect(share(voiceKeys(voiceSeries(speech(onsets(14, seed), { f0: 180, seed })))), `other words ${seed}`).toBeLessThan(0.5);
    const minute = onsets(240, 6);
    expect(voiceKeys(voiceSeries(speech(minute, { f0: 180, seed: 6, durationMs: 60_000 }))).length).toBeLessThanOrEqual(MAX_SYLLABLE_KEYS);
  });

  it("says nothing of silence or of a steady hum (any two takes in one room share it)", () => {
    const hum = new Float32Array(4 * RATE).map((_, i) => 0.2 * Math.sin((2 * Math.PI * 50 * i) / RATE));
    expect(alignVoice(voiceSeries(hum), voiceSeries(hum))).toBeNull();
    const silence = voiceSeries(speech([], { f0: 180, seed: 4 }));
    expect(alignVoice(silence, silence)).toBeNull();
  });
});

describe("a talking head replayed trimmed, with its voice moved in pitch", () => {
  // A still scene (the frame hashes barely move), audio words that no longer agree (the pitch
  // moved the spectrum) and a mouth that says nothing (still): only the voice's timing tells.
  const frames = "0f1e2d3c4b5a6978".repeat(18);
  const print = (voice: string): MediaFingerprint => ({ version: 1, frames, audio: null, mouth: "00".repeat(60), voice });
  const stored = print(original);

  it("is a replay where the frames agree, and the detail says the voice decided it", () => {
    const match = matchFingerprints(print(voiceSeries(speech(words, { f0: 166, seed: 5, trimMs: 90 }))), stored);
    expect(match).toMatchObject({ syllables: { of: "voice" } });
    expect(describeMatch(match!)).toMatch(/the voice's syllables fell as the other's \(correlation (0\.9\d|1\.00)\), 100% of the frames alike/);
  });

  it("is not one on the voice alone: a picture that does not agree is another take (dubbed sound is the lip-sync check's)", () => {
    const copy = print(voiceSeries(speech(words, { f0: 166, seed: 5, trimMs: 90 })));
    expect(matchFingerprints({ ...copy, frames: "f0e1d2c3b4a59687".repeat(18) }, stored)).toBeNull();
  });

  it("is not one on the voice where both mouths moved and not as one take's (four digits read again can sound as before)", () => {
    const copy = print(voiceSeries(speech(words, { f0: 166, seed: 5, trimMs: 90 })));
    expect(matchFingerprints({ ...copy, mouth: mouthOf(onsets(14, 8, words, 150)) }, { ...stored, mouth: mouthOf(words) })).toBeNull();
    expect(matchFingerprints({ ...copy, mouth: mouthOf(words.map((t) => t - 90)) }, { ...stored, mouth: mouthOf(words) })).not.toBeNull();
  });

  it("is a replay whatever the picture where the voice is closely alike and the mouths alike enough (a mirrored copy whose mouth the mesh placed otherwise)", () => {
    const copy = print(voiceSeries(speech(words, { f0: 166, seed: 5, trimMs: 90 })));
    const mirrored = { ...copy, frames: "f0e1d2c3b4a59687".repeat(18), mouth: mouthOf(onsets(14, 9, words, 20).map((t) => t - 90)) };
    const mouths = alignMouth(mirrored.mouth, mouthOf(words))!.correlation;
    expect(mouths).toBeGreaterThanOrEqual(0.85);
    expect(mouths).toBeLessThan(0.95);
    expect(matchFingerprints(mirrored, { ...stored, mouth: mouthOf(words) })).toMatchObject({ syllables: { of: "voice" } });
    // The same mouths over another take's voice: not one.
    const other = print(voiceSeries(speech(onsets(14, 7, words, 120), { f0: 180, seed: 7 })));
    expect(matchFingerprints({ ...mirrored, voice: other.voice }, { ...stored, mouth: mouthOf(words) })).toBeNull();
  });

  it("is not one when the voice is another take's", () => {
    expect(matchFingerprints(print(voiceSeries(speech(onsets(14, 7, words, 120), { f0: 180, seed: 7 }))), stored)).toBeNull();
  });
});
