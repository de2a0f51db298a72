/**
 * What a verification worker gathered from the media before judging it: the facts of the
 * source (the decoder's probe, or the stream as received), the face analysis of each sampled
 * frame, identity descriptors, the reference photo's face, and what was heard. The checks
 * (this folder) are pure functions of it, so each is tested without models or a decoder.
 */
import type { FrameObservation } from "../../../face/types";
import type { MediaProbe, VoiceSegment } from "../mediaTypes";

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
  /** The sampled frames, analysed, in time order. */
  frames: FrameObservation[];
  /** Descriptors of single-face frames spread over the recording (identity, reference). */
  samples: DescriptorSample[];
  /** The partner's reference photo: its faces and the descriptor of the single one; null when the order has none. */
  reference: { faces: number; descriptor: number[] | null } | null;
  /** What was heard; null when the mode asks for no speech. */
  speech: HeardSpeech | null;
}

export const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;
export const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
