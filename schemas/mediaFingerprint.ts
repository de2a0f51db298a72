/**
 * A perceptual fingerprint of a judged recording (src/server/verify/fingerprint/): what the
 * worker computes from the frames and audio it decoded, hands the main thread with its verdict,
 * and the store keeps with the attempt, so that a recording (or a re-encode of it) that answered
 * one order is recognised when it is sent for another. Parsed at the worker's port and on every
 * read from the store.
 *
 * Compact on purpose (about 500 bytes for 5 s): one 64-bit difference hash per 250 ms slot of
 * video and one 9-nibble band-energy word per 250 ms window of audio, each as hex text.
 */
import * as z from "zod/mini";

/** One 64-bit frame hash as 16 hex digits, or 16 "-" for a slot with no frame (a gap in a frame stream). */
export const FRAME_HASH_CHARS = 16;
/** One audio window: loudness and 8 band levels as nibbles, or 9 "-" for a silent window. */
export const AUDIO_WORD_CHARS = 9;
/** Both grids: a slot or window is 250 ms on the recording's clock (about 4 per second). */
export const FINGERPRINT_STEP_MS = 250;

export const mediaFingerprintSchema = z.object({
  /** The format; a change to the hash or the grid is a new version, and versions are never compared. */
  version: z.literal(1),
  /** The frame hashes, slot after slot from the first frame (at most 60 s of recording: 240 slots). */
  frames: z.string().check(z.regex(/^(?:[0-9a-f]{16}|-{16}){0,240}$/, "frame hashes")),
  /** The audio words, window after window from the audio's start; null when there was no audio to hear. */
  audio: z.nullable(z.string().check(z.regex(/^(?:[0-9a-f]{9}|-{9}){0,240}$/, "audio words"))),
});
export type MediaFingerprint = z.infer<typeof mediaFingerprintSchema>;
