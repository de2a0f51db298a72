/**
 * What a verification worker gathered from the media before judging it: the facts of the
 * source (the decoder's probe, or the stream as received), the face analysis of each sampled
 * frame, identity descriptors, the reference photo's face, and what was heard. The checks
 * (this folder) are pure functions of it, so each is tested without models or a decoder.
 */
import type { FrameObservation } from "../../../domain/face/types";
import type { MediaProbe, VoiceSegment } from "../mediaTypes";
import type { FrameSignals } from "../signals/frameSignals";

export type SourceFacts =
  | { kind: "recording"; probe: MediaProbe; bytes: number }
  /** A frame stream: frames and duration as the service received and timed them. */
  | { kind: "frames"; frames: number; bytes: number; durationMs: number };

export interface DescriptorSample {
  atMs: number;
  descriptor: number[];
}

export interface HeardSpeech {
  /** The recording has an audio track the decoder could read. */
  present: boolean;
  segments: VoiceSegment[];
  /** The recogniser's text; null when none is configured or it recognised nothing. */
  transcript: string | null;
  /** The recogniser's name; null when none is configured. */
  recognizer: string | null;
}

export interface MediaAnalysis {
  source: SourceFacts;
  /** The frames Human analysed (the mode's mesh rate), in time order. */
  frames: FrameObservation[];
  /** Every decoded frame's pixel signals (the signal rate), each measured with the nearest analysed face. */
  signals: FrameSignals[];
  /** The mouth's opening as the mesh measured it on the analysed frames. */
  mouth: { atMs: number; open: number }[];
  /** Where the face's signature jumped (a splice?): the frames described on both sides of each cut. */
  cuts: { atMs: number[]; described: number; found: number };
  /** The decoded 16 kHz mono audio; null when the mode listens to nothing or there is no sound. */
  audio: Float32Array | null;
  /** Descriptors of single-face frames spread over the recording (identity, reference). */
  samples: DescriptorSample[];
  /** The partner's reference photo: its faces and the descriptor of the single one; null when the order has none. */
  reference: { faces: number; descriptor: number[] | null } | null;
  /** What was heard; null when the mode asks for no speech. */
  speech: HeardSpeech | null;
}

export const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;
export const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
