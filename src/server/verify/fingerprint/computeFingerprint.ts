/**
 * The fingerprint of a judged recording (schemas/mediaFingerprint.ts), computed in the worker
 * from what it already decoded and measured: one frame hash per 250 ms slot, one audio word per
 * 250 ms window, and the mouth's opening and the voice's loudness at every step of 15 a second. Pure: the same frames, audio and mesh
 * give the same fingerprint.
 */
import { AUDIO_WORD_CHARS, FINGERPRINT_STEP_MS, FRAME_HASH_CHARS, type MediaFingerprint } from "../../../../schemas/mediaFingerprint";
import type { DecodedFrame } from "../mediaTypes";
import type { FrameSignals } from "../signals/frameSignals";
import { audioSignature } from "./audioSignature";
import { frameHash } from "./frameHash";
import { mouthSeries } from "./mouthSeries";
import { voiceSeries } from "./voiceSeries";

/** 60 s, the longest recording the service judges (verification.limits.maxDurationMs): the schema's bound too. */
const MAX_STEPS = 240;
export const GAP_HASH = "-".repeat(FRAME_HASH_CHARS);

/**
 * The open mouth's dark share on every frame with a face: counted in pixels, so a replay's
 * frames give the original's figures whichever frames the mesh itself ran on.
 */
const mouthOnEveryFrame = (signals: readonly Pick<FrameSignals, "atMs" | "mouth">[]) => signals.flatMap((s) => (s.mouth ? [{ atMs: s.atMs, dark: s.mouth.dark }] : []));

/**
 * Fingerprint `frames` (timed, in order), 16 kHz mono `audio` (null: none was decoded) and the
 * frame `signals` measured on them (the mouth's). Slots and steps start at the first frame (a frame stream's times are the service's clock, not zero);
 * each takes the first frame inside it, and a slot with none is a gap.
 */
export function computeFingerprint(frames: readonly DecodedFrame[], audio: Float32Array | null, signals: readonly Pick<FrameSignals, "atMs" | "mouth">[]): MediaFingerprint {
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
  const mouth = mouthSeries(mouthOnEveryFrame(signals), origin);
  return { version: 1, frames: slots.join(""), audio: words, mouth, ...(audio === null || audio.length === 0 ? {} : { voice: voiceSeries(audio) }) };
}
