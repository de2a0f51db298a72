/**
 * The fingerprint of a judged recording (schemas/mediaFingerprint.ts), computed in the worker
 * from what it already decoded: one frame hash per 250 ms slot and one audio word per 250 ms
 * window. Pure: the same frames and audio give the same fingerprint.
 */
import { AUDIO_WORD_CHARS, FINGERPRINT_STEP_MS, FRAME_HASH_CHARS, type MediaFingerprint } from "../../../../schemas/mediaFingerprint";
import type { DecodedFrame } from "../mediaTypes";
import { audioSignature } from "./audioSignature";
import { frameHash } from "./frameHash";

/** 60 s, the longest recording the service judges (verification.limits.maxDurationMs): the schema's bound too. */
const MAX_STEPS = 240;
export const GAP_HASH = "-".repeat(FRAME_HASH_CHARS);

/**
 * Fingerprint `frames` (timed, in order) and 16 kHz mono `audio` (null: none was decoded).
 * Slots start at the first frame (a frame stream's times are the service's clock, not zero);
 * each takes the first frame inside it, and a slot with none is a gap.
 */
export function computeFingerprint(frames: readonly DecodedFrame[], audio: Float32Array | null): MediaFingerprint {
  const origin = frames[0]?.atMs ?? 0;
  const slots: string[] = [];
  for (const frame of frames) {
    const slot = Math.floor((frame.atMs - origin) / FINGERPRINT_STEP_MS);
    if (slot >= MAX_STEPS) break;
    if (slot < slots.length) continue;
    while (slots.length < slot) slots.push(GAP_HASH);
    slots.push(frameHash(frame));
  }
  const words = audio === null || audio.length === 0 ? null : audioSignature(audio).slice(0, MAX_STEPS * AUDIO_WORD_CHARS);
  return { version: 1, frames: slots.join(""), audio: words };
}
