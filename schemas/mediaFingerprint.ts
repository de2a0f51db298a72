/**
 * A perceptual fingerprint of a judged recording (src/server/verify/fingerprint/): what the
 * worker computes from the frames and audio it decoded, hands the main thread with its verdict,
 * and the store keeps with the attempt, so that a recording (or a re-encode of it) that answered
 * one order is recognised when it is sent for another. Parsed at the worker's port and on every
 * read from the store.
 *
 * Compact on purpose (about 1.3 KB for 5 s): one 64-bit difference hash per 250 ms slot of
 * video, one 9-nibble band-energy word per 250 ms window of audio and one byte of mouth opening
 * per frame of 15 a second, and one byte of the voice's loudness per 17 ms, each as hex text.
 */
import * as z from "zod/mini";

/** One 64-bit frame hash as 16 hex digits, or 16 "-" for a slot with no frame (a gap in a frame stream). */
export const FRAME_HASH_CHARS = 16;
/** One audio window: loudness and 8 band levels as nibbles, or 9 "-" for a silent window. */
export const AUDIO_WORD_CHARS = 9;
/** Both grids: a slot or window is 250 ms on the recording's clock (about 4 per second). */
export const FINGERPRINT_STEP_MS = 250;
/** One mouth opening (the open mouth's dark pixels over the mouth's width squared) as 2 hex digits, or "--" where no face was. */
export const MOUTH_CHARS = 2;
/**
 * The mouth's grid: a frame of the service's signal rate (15 a second), finer than the others, as
 * a syllable (about 200 ms) is what a retake never repeats to the step; a recording made at 15
 * frames a second and trimmed keeps its frames on this grid, shifted by whole steps.
 */
export const MOUTH_STEP_MS = 1000 / 15;
/** The voice's grid: 60 a second, as audio is trimmed anywhere, not on a frame (voiceSeries.ts). */
export const VOICE_STEP_MS = 1000 / 60;

export const mediaFingerprintSchema = z.object({
  /** The format; a change to the hash or the grid is a new version, and versions are never compared. */
  version: z.literal(1),
  /** The frame hashes, slot after slot from the first frame (at most 60 s of recording: 240 slots). */
  frames: z.string().check(z.regex(/^(?:[0-9a-f]{16}|-{16}){0,240}$/, "frame hashes")),
  /** The audio words, window after window from the audio's start; null when there was no audio to hear. */
  audio: z.nullable(z.string().check(z.regex(/^(?:[0-9a-f]{9}|-{9}){0,240}$/, "audio words"))),
  /**
   * The mouth's opening, step after step from the first frame (at most 60 s: 900 steps).
   * Absent from fingerprints stored before it was added: they still compare on frames and audio,
   * which is why adding it did not make a new version.
   */
  mouth: z.optional(z.string().check(z.regex(/^(?:[0-9a-f]{2}|-{2}){0,900}$/, "mouth openings"))),
  /**
   * The voice's loudness, step after step of 60 a second from the audio's start (at most 60 s),
   * or absent (no audio, or stored before it was added: such fingerprints compare without it).
   */
  voice: z.optional(z.string().check(z.regex(/^[0-9a-f]{0,7200}$/, "voice loudness"))),
});
export type MediaFingerprint = z.infer<typeof mediaFingerprintSchema>;
