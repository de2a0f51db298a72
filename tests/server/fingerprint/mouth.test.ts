/**
 * The replay check's mouth series (src/server/verify/fingerprint/mouthSeries.ts) from an
 * attacker's side, on SYNTHETIC mouths: a talking head whose mouth opens once a syllable, its
 * dark inside measured on every frame (15 a second) with a little noise. A replay keeps every syllable where it was,
 * whatever was done to the voice, and is recognised; a retake of the same words (each syllable
 * 36 ms earlier or later on average, as a person's timing drifts) is not, nor is a mouth that stays
 * still. The margins on rendered takes are measured by scripts/presence/mouthLab.ts.
 */
import { describe, expect, it } from "vitest";
import type { MediaFingerprint } from "../../../schemas/mediaFingerprint";
import { matchFingerprints } from "../../../src/server/verify/fingerprint/compareFingerprints";
import { alignMouth, GAP_MOUTH, matchMouth, mouthKeys, mouthQueryKeys, mouthSeries } from "../../../src/server/verify/fingerprint/mouthSeries";
import { MAX_SYLLABLE_KEYS } from "../../../src/server/verify/fingerprint/syllableKeys";
import { seededNormal } from "../../face/syntheticFace";

type Samples = { atMs: number; dark: number }[];

/** Syllable onsets (ms) of `count` syllables about 230 ms apart, each drifting by `driftMs` at most from `base`. */
function syllables(count: number, seed: number, base: number[] | null = null, driftMs = 0): number[] {
  const normal = seededNormal(seed);
  if (base) return base.map((t) => t + Math.max(-driftMs, Math.min(driftMs, normal() * driftMs * 0.6)));
  const out: number[] = [];
  for (let k = 0, t = 500; k < count; k++, t += 200 + Math.abs(normal()) * 60) out.push(Math.round(t));
  return out;
}

/** The dark inside of a mouth opening on `onsets`, on frames of 15 a second from `startMs`, with noise. */
function sampled(onsets: number[], seed: number, startMs = 0, durationMs = 4000, noise = 0.002): Samples {
  const normal = seededNormal(seed);
  const out: Samples = [];
  for (let k = 0; (k * 1000) / 15 < durationMs; k++) {
    const t = Math.round((k * 1000) / 15);
    if (t < startMs) continue;
    let dark = 0;
    for (const onset of onsets) {
      const x = (t - onset) / 180;
      if (x >= 0 && x <= 1) dark += 0.12 * Math.sin(Math.PI * x);
    }
    out.push({ atMs: t, dark: Math.max(0, dark + normal() * noise) });
  }
  return out;
}

const words = syllables(12, 3);

describe("the mouth series", () => {
  it("is the opening on every frame of 15 a second, interpolated between frames, with a gap where no face was for long", () => {
    const series = mouthSeries([{ atMs: 1000, dark: 0.1 }, { atMs: 1133, dark: 0.2 }, { atMs: 2000, dark: 0.1 }], 1000);
    const steps = series.match(/.{2}/g) ?? [];
    expect(steps.slice(0, 3).map((s) => parseInt(s, 16) / 1000)).toEqual([0.1, 0.15, 0.2]);
    expect(steps.slice(3, 15).every((s) => s === GAP_MOUTH)).toBe(true);
    expect(steps).toHaveLength(16);
  });

  it("recognises a replay (the same syllables, with fresh noise), also with its first 333 ms cut", () => {
    const original = mouthSeries(sampled(words, 1), 0);
    expect(matchMouth(mouthSeries(sampled(words, 2), 0), original)).toMatchObject({ shift: 0 });
    expect(matchMouth(mouthSeries(sampled(words, 3, 333), 333), original)).toMatchObject({ shift: 5 });
  });

  it("does not take a retake of the same words for a replay: ten retakes, each syllable up to 60 ms off (36 ms typical)", () => {
    const original = mouthSeries(sampled(words, 1), 0);
    for (let seed = 10; seed < 20; seed++) {
      const retake = mouthSeries(sampled(syllables(12, seed, words, 60), seed), 0);
      expect(matchMouth(retake, original), `retake ${seed}`).toBeNull();
    }
  });

  it("gives index keys a replay shares with its original (trimmed or not) and other words hardly do, at most MAX_SYLLABLE_KEYS of them", () => {
    const keysOf = (samples: Samples, origin = 0) => new Set(mouthKeys(mouthSeries(samples, origin)));
    const original = keysOf(sampled(words, 1));
    const shared = (other: Set<number>): number => [...other].filter((k) => original.has(k)).length / other.size;
    expect(original.size).toBeGreaterThanOrEqual(5);
    expect(shared(keysOf(sampled(words, 2)))).toBeGreaterThanOrEqual(0.6);
    expect(shared(keysOf(sampled(words, 3, 333), 333))).toBeGreaterThanOrEqual(0.6);
    // Keys only make candidates (matchMouth decides), but other speech should rarely be one.
    for (let seed = 20; seed < 25; seed++) expect(shared(keysOf(sampled(syllables(12, seed), seed))), `other words ${seed}`).toBeLessThan(0.5);
    const minute = Array.from({ length: 250 }, (_, k) => 500 + k * 230 + (k % 7) * 15);
    expect(mouthKeys(mouthSeries(sampled(minute, 4, 0, 60_000), 0)).length).toBeLessThanOrEqual(MAX_SYLLABLE_KEYS);
  });

  it("is looked up by keys that allow a peak or two a step off: a copy whose every third syllable fell on the next frame is still found", () => {
    const stored = new Set(mouthKeys(mouthSeries(sampled(words, 1), 0)));
    const nudged = mouthSeries(sampled(words.map((t, k) => (k % 3 === 1 ? t + 67 : t)), 2), 0);
    const share = (keys: number[]) => [...stored].filter((k) => keys.includes(k)).length / stored.size;
    expect(share(mouthKeys(nudged))).toBeLessThan(0.5);
    // The lookup asks for the copy's own keys, then the wider ones.
    expect(share([...mouthKeys(nudged), ...mouthQueryKeys(nudged)])).toBeGreaterThanOrEqual(0.6);
  });

  it("says nothing of one opening (the open-mouth action): its timing is no take's signature", () => {
    const once = (onset: number, seed: number) => mouthSeries(sampled([onset, onset + 60, onset + 120, onset + 180, onset + 240, onset + 300], seed), 0);
    expect(matchMouth(once(900, 1), once(1300, 2))).toBeNull();
  });

  it("says nothing of a mouth that stays still (its noise alone)", () => {
    const still = mouthSeries(sampled([], 1, 0, 4000, 0.005), 0);
    expect(matchMouth(still, still)).toBeNull();
  });
});

describe("a talking head replayed with another voice", () => {
  // A still scene (the frame hashes barely move) whose audio differs from the original's: only the lips tell.
  const frames = "0f1e2d3c4b5a6978".repeat(16);
  const print = (mouth: string, audio: string): MediaFingerprint => ({ version: 1, frames, audio, mouth });
  const voice = (seed: number) => Array.from({ length: 16 }, (_, i) => (i % 3 === 0 ? "-".repeat(9) : ((seed * 7 + i * 13) % 0xfffffffff).toString(16).padStart(9, "0").slice(-9))).join("");
  const original = print(mouthSeries(sampled(words, 1), 0), voice(1));

  it("is a replay when the lips move as the original's, whatever the voice says", () => {
    expect(matchFingerprints(print(mouthSeries(sampled(words, 2), 0), voice(2)), original)).toMatchObject({ syllables: { of: "mouth" } });
  });

  // Every frame hash moved, as mirroring or cropping the copy does.
  const reframed = (mouth: string) => ({ ...print(mouth, voice(2)), frames: "f0e1d2c3b4a59687".repeat(16) });

  it("is a replay on the lips alone when they move as the original's closely, whatever was done to the picture (mirrored, cropped)", () => {
    expect(matchFingerprints(reframed(mouthSeries(sampled(words, 2), 0)), original)).toMatchObject({ syllables: { of: "mouth" } });
  });

  it("is judged on lips less alike (each syllable some 15 ms off: a copy smeared by its encoder, or a chance likeness) only where the frames agree", () => {
    const noisy = mouthSeries(sampled(syllables(12, 6, words, 25), 6), 0);
    const alike = alignMouth(noisy, original.mouth!)!.correlation;
    expect(alike).toBeGreaterThanOrEqual(0.9);
    expect(alike).toBeLessThan(0.95);
    expect(matchFingerprints(print(noisy, voice(2)), original)).toMatchObject({ syllables: { of: "mouth" } });
    expect(matchFingerprints(reframed(noisy), original)).toBeNull();
  });

  it("is not one when the lips move as another take's", () => {
    expect(matchFingerprints(print(mouthSeries(sampled(syllables(12, 5, words, 120), 5), 0), voice(2)), original)).toBeNull();
  });
});
