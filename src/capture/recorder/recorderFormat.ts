/**
 * Which container and codecs MediaRecorder should use, and at what bitrate.
 *
 * H.264 in MP4 first: it is what iOS Safari records natively, what every phone plays back
 * and what a verification backend most often decodes; WebM (VP8 + Opus) where MP4 is not
 * offered (Firefox, older Chromium). The codecs are named explicitly because a bare
 * `video/mp4` gives VP9 in Chromium, and AAC (`mp4a.40.2`) is missing in Chromium builds
 * without proprietary codecs, where Opus in MP4 is the next best.
 */

/** Preferred types with sound (number and will mode), best first. */
const RECORDER_TYPES_WITH_AUDIO = [
  "video/mp4;codecs=avc1,mp4a.40.2",
  "video/mp4;codecs=avc1,opus",
  "video/mp4;codecs=avc1",
  "video/webm;codecs=vp8,opus",
  "video/webm",
] as const;

/** Preferred types for pictures only (action and silent mode), best first. */
const RECORDER_TYPES_VIDEO_ONLY = ["video/mp4;codecs=avc1", "video/webm;codecs=vp8", "video/webm"] as const;

/**
 * The first preferred type the browser can record, or null when it supports none of them
 * (the recorder then lets the browser choose, and the upload says what it got).
 * @example pickRecorderType((t) => t.startsWith("video/webm"), true) // "video/webm;codecs=vp8,opus"
 */
export function pickRecorderType(isTypeSupported: ((type: string) => boolean) | undefined, audio: boolean): string | null {
  if (!isTypeSupported) return null;
  const candidates = audio ? RECORDER_TYPES_WITH_AUDIO : RECORDER_TYPES_VIDEO_ONLY;
  for (const type of candidates) {
    try {
      if (isTypeSupported(type)) return type;
    } catch {
      // Some web-views throw for codec strings they do not parse; that type is simply unsupported.
    }
  }
  return null;
}

/** What the recorded file's type is: the recorder's own report, else what was asked, else the blob's. */
export function recordedType(recorderType: string, asked: string | null, blobType: string): string {
  return recorderType || asked || blobType || "video/webm";
}

export interface RecorderBitrates {
  videoBitsPerSecond: number;
  audioBitsPerSecond?: number;
}

/** Enough for a face at 640x480 to stay sharp; more only makes the upload slower. */
const VIDEO_CEILING = 1_000_000;
/** Below this H.264/VP8 smear a moving face into blocks. */
const VIDEO_FLOOR = 200_000;
const AUDIO_BITS = 64_000;
/** Encoders overshoot their target and containers add overhead: keep a quarter in hand. */
const SIZE_HEADROOM = 0.75;

/**
 * Bitrates that keep the longest allowed recording under the upload cap (spec §5 "zip
 * size"): a 5 s number recording gets the full 1 Mbit/s, a 30 s will recording less.
 * @example recorderBitrates({ maxMs: 5000, maxBytes: 1536 * 1024, audio: true }) // { videoBitsPerSecond: 1000000, audioBitsPerSecond: 64000 }
 */
export function recorderBitrates(input: { maxMs: number; maxBytes: number; audio: boolean }): RecorderBitrates {
  const seconds = Math.max(1, input.maxMs / 1000);
  const budget = (input.maxBytes * 8 * SIZE_HEADROOM) / seconds - (input.audio ? AUDIO_BITS : 0);
  const videoBitsPerSecond = Math.round(Math.min(VIDEO_CEILING, Math.max(VIDEO_FLOOR, budget)));
  return input.audio ? { videoBitsPerSecond, audioBitsPerSecond: AUDIO_BITS } : { videoBitsPerSecond };
}
