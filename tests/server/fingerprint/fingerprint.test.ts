/**
 * The recording fingerprint from an attacker's side: what a replayer does to a recording before
 * sending it again (an H.264 re-encode, scaling up, ±10% brightness, Opus to AAC) leaves it
 * recognisable, and what a different take is (another sway of the same face, another picture)
 * is not mistaken for it. Media is synthetic (tests/server/fingerprint/fingerprintMedia.ts),
 * decoded by the service's own decoder as a worker decodes it.
 *
 * Figures measured when the thresholds were set (compareFingerprints.ts): every transform
 * below moved a frame hash by 0-1 bit; another sway schedule of the same face was a median of
 * 6 bits off slot for slot and never aligned; another picture 15-50 bits.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MOUTH_STEP_MS, mediaFingerprintSchema, type MediaFingerprint } from "../../../schemas/mediaFingerprint";
import { bandKeys, MAX_KEYS } from "../../../src/server/verify/fingerprint/bandKeys";
import { matchFingerprints, MAX_FRAME_BITS } from "../../../src/server/verify/fingerprint/compareFingerprints";
import { computeFingerprint } from "../../../src/server/verify/fingerprint/computeFingerprint";
import { hammingDistance } from "../../../src/server/verify/fingerprint/frameHash";
import { mouthSeries } from "../../../src/server/verify/fingerprint/mouthSeries";
import { voiceSeries } from "../../../src/server/verify/fingerprint/voiceSeries";
import { faceFrameRgba } from "../../fixtures/faceImage";
import { makeClip, makeSpeechWav, makeTempDir, removeTempDir } from "../../fixtures/mediaMaker";
import { fingerprintOf, makeSwayingFaceClip, transformClip, type Transform } from "./fingerprintMedia";

const hashes = (f: MediaFingerprint) => f.frames.match(/.{16}/g) ?? [];
/** The largest slot-for-slot distance between two fingerprints of one recording. */
const worstBits = (a: MediaFingerprint, b: MediaFingerprint) =>
  Math.max(...hashes(a).slice(0, Math.min(hashes(a).length, hashes(b).length)).map((h, i) => hammingDistance(h, hashes(b)[i]!)));

let dir: string;
let sway: string;
let original: MediaFingerprint;
beforeAll(async () => {
  dir = await makeTempDir();
  sway = await makeSwayingFaceClip({ dir, seconds: 3, seed: 1, fps: 10 });
  original = await fingerprintOf(sway);
}, 120_000);
afterAll(async () => removeTempDir(dir));

describe("a replayed recording, transformed, is recognised", () => {
  it.each<Transform>(["h264", "scale-up", "brighter", "darker"])("%s: every slot within MAX_FRAME_BITS and the recordings match", async (transform) => {
    const replayed = await fingerprintOf(await transformClip(sway, transform));
    expect(worstBits(original, replayed)).toBeLessThanOrEqual(MAX_FRAME_BITS);
    expect(matchFingerprints(replayed, original)).toMatchObject({ offset: 0, onMotion: true });
  }, 60_000);

  it("the last 2 s of it, sent alone, still match at their offset", () => {
    const tail: MediaFingerprint = { ...original, frames: original.frames.slice(4 * 16) };
    expect(matchFingerprints(tail, original)).toMatchObject({ offset: 4 });
  });
});

describe("a different recording is not taken for it", () => {
  it("the same face swaying on another schedule", async () => {
    const other = await fingerprintOf(await makeSwayingFaceClip({ dir, seconds: 3, seed: 2, fps: 10 }));
    expect(matchFingerprints(other, original)).toBeNull();
    expect(matchFingerprints(original, other)).toBeNull();
  }, 60_000);

  it("one face filmed twice in one place, its lips moving otherwise: frames alike with the same motion are not one recording where the lips differ (a user's own retake)", () => {
    // The mouth's opening (the dark share) rising at each syllable, on the fingerprint's 67 ms grid.
    const lips = (syllablesMs: number[]) =>
      mouthSeries(Array.from({ length: 46 }, (_, i) => ({ atMs: i * MOUTH_STEP_MS, dark: 0.02 + 0.1 * Math.max(...syllablesMs.map((at) => Math.exp(-(((i * MOUTH_STEP_MS - at) / 90) ** 2)))) })), 0);
    const said = lips([400, 900, 1350, 1900, 2400]);
    const retake = lips([300, 1000, 1300, 2100, 2500]);
    expect(matchFingerprints({ ...original, mouth: retake }, { ...original, mouth: said })).toBeNull();
    // The same lips: one recording. Without lips on one side the frames and motion decide, as for a silent take.
    expect(matchFingerprints({ ...original, mouth: said }, { ...original, mouth: said })).not.toBeNull();
    expect(matchFingerprints(original, { ...original, mouth: said })).not.toBeNull();
  });

  it("so with their voices where the mouth is too faint to measure (a bright room): another reading is not the recording", () => {
    // Syllables of a voice at 180 Hz, 16 kHz mono, each 200 ms under a Hann envelope.
    const voice = (syllablesMs: number[]) => {
      const samples = new Float32Array(16 * 3000);
      for (let i = 0; i < samples.length; i++) {
        const t = i / 16;
        const envelope = Math.max(0, ...syllablesMs.map((at) => (t >= at && t < at + 200 ? Math.sin((Math.PI * (t - at)) / 200) ** 2 : 0)));
        samples[i] = 0.5 * envelope * Math.sin((2 * Math.PI * 180 * t) / 1000);
      }
      return voiceSeries(samples);
    };
    const said = voice([300, 800, 1250, 1800, 2300]);
    const other = voice([200, 900, 1200, 2000, 2400]);
    expect(matchFingerprints({ ...original, voice: other }, { ...original, voice: said })).toBeNull();
    expect(matchFingerprints({ ...original, voice: said }, { ...original, voice: said })).not.toBeNull();
  });

  it("another picture (the test pattern)", async () => {
    const pattern = await fingerprintOf(await makeClip({ dir, video: "testsrc", audio: null, seconds: 3, container: "webm-vp8", fps: 10 }));
    expect(matchFingerprints(pattern, original)).toBeNull();
    expect(Math.min(...hashes(pattern).map((h, i) => hammingDistance(h, hashes(original)[i] ?? h.replace(/./g, "f"))))).toBeGreaterThan(MAX_FRAME_BITS);
  }, 60_000);
});

describe("a still picture", () => {
  const still = (offsetX: number) => computeFingerprint(
    Array.from({ length: 16 }, (_, i) => {
      const image = faceFrameRgba({ width: 160, height: 120, offsetX });
      const rgb = new Uint8Array(160 * 120 * 3);
      for (let p = 0; p < 160 * 120; p++) rgb.set(image.data.subarray(p * 4, p * 4 + 3), p * 3);
      return { atMs: i * 250, width: 160, height: 120, rgb };
    }),
    null,
    [],
  );

  it("is never judged a replay on its video alone: two still takes of one scene hash alike", () => {
    const a = still(0);
    const b = still(3);
    // Within a couple of bits of the re-encode bound: the video alone cannot tell these takes apart.
    expect(worstBits(a, b)).toBeLessThanOrEqual(MAX_FRAME_BITS + 2);
    expect(matchFingerprints(a, b)).toBeNull();
  });

  it("is a replay when the same speech is heard at the same time, not when another is", async () => {
    const speech = async (text: string) => {
      const wav = await makeSpeechWav({ dir, text });
      return fingerprintOf(await makeClip({ dir, video: { imageRgba: faceFrameRgba({ width: 320, height: 240 }) }, audio: { wavPath: wav }, seconds: 3, container: "webm-vp8", fps: 10 }), { withAudio: true });
    };
    const said = await speech("三 七 一 九");
    const again = await fingerprintOf(await transformClip(await makeClip({ dir, video: { imageRgba: faceFrameRgba({ width: 320, height: 240 }) }, audio: { wavPath: await makeSpeechWav({ dir, text: "三 七 一 九", name: "same" }) }, seconds: 3, container: "webm-vp8", fps: 10 }), "opus-to-aac"), { withAudio: true });
    const other = await speech("八 二 五 零 六");
    expect(matchFingerprints(again, said)).toMatchObject({ onMotion: false });
    expect(matchFingerprints(other, said)).toBeNull();
  }, 60_000);
});

describe("the fingerprint itself", () => {
  it("is compact and parses with its schema (it crosses the worker port and the store)", () => {
    expect(mediaFingerprintSchema.parse(JSON.parse(JSON.stringify(original)))).toEqual(original);
    // 3 s: 12 slots of 16 hex digits and the JSON around them.
    expect(JSON.stringify(original).length).toBeLessThan(400);
  });

  it("gives a bounded number of index keys however long the recording", () => {
    const long: MediaFingerprint = { version: 1, audio: null, frames: Array.from({ length: 240 }, (_, i) => (i * 2654435761 >>> 0).toString(16).padStart(8, "0").repeat(2)).join("") };
    expect(bandKeys(long).length).toBe(MAX_KEYS);
    expect(bandKeys(original).length).toBeGreaterThan(0);
  });
});
