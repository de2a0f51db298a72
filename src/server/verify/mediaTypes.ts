/**
 * What the service's decoder hands the checks: the decoder's own probe of a recording, and
 * the frames and audio decoded from it in one pass (src/server/media/decode/). The frame
 * stream's JPEGs become the same DecodedFrame shape, so one set of checks judges both.
 */

/** The decoder's probe of a recording, made before anything is decoded. */
export interface MediaProbe {
  /** The container the decoder recognised, e.g. "matroska,webm" or "mov,mp4,m4a,3gp,3g2,mj2". */
  format: string;
  /** Duration from the container, or from the last packet when the container gives none (MediaRecorder's WebM). */
  durationMs: number;
  video: {
    codec: string;
    width: number;
    height: number;
    /** Display rotation in degrees (phone MP4s), 0 when none. */
    rotation: number;
    /** Video packets counted by the probe (each one a frame). */
    frames: number;
  } | null;
  audio: { codec: string; sampleRate: number; channels: number } | null;
}

/** One decoded frame: RGB at the analysis width, timed on the recording's clock. */
export interface DecodedFrame {
  atMs: number;
  width: number;
  height: number;
  /** RGB, 3 bytes a pixel, row by row. */
  rgb: Uint8Array;
}

export interface DecodedMedia {
  probe: MediaProbe;
  /** Frames at the sampling rate asked, in time order. */
  frames: DecodedFrame[];
  /** 16 kHz mono float samples (-1..1); null when the recording has no audio track. */
  audio: Float32Array | null;
}

/** A stretch of speech found by voice-activity detection, on the recording's clock. */
export interface VoiceSegment {
  startMs: number;
  endMs: number;
}
