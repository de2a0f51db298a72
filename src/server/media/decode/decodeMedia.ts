/**
 * decodeMedia: the sampled frames and the 16 kHz mono audio of a probed recording, from ONE
 * ffmpeg run that reads the file once: frames go to fd 3 as a stream of PPM images, audio to
 * fd 4 as raw float samples. Both are read as they arrive and bounded by what the probe allows,
 * so a container that lies about its length is refused, not buffered.
 *
 * Clock: frame n is at n*1000/fps ms and audio sample i at i/16000 s, both from the start of
 * the file. The fps filter is told the first frame is due at 0 (`start_time=0`), so when the
 * video starts late it repeats its first picture until then, as a player shows it, and output
 * frame n always carries pts n/fps; audio that starts late is padded with silence.
 */
import type { DecodedFrame, DecodedMedia, MediaProbe } from "../../verify/mediaTypes";
import { MediaLimitError, MediaUnreadableError } from "./mediaErrors";
import { fileInputArgs, inputPath } from "./inputArgs";
import { createPpmStream } from "./ppmStream";
import { ffmpegReason, runFfmpeg } from "./runFfmpeg";

export interface DecodeOptions {
  /** Frames sampled per second of recording. */
  fps: number;
  /** Frames are scaled to this width, height keeping the (displayed) aspect ratio, rounded to even. */
  width: number;
  /** Decode the audio track too (when there is one). */
  withAudio: boolean;
  /**
   * A still picture (the order's reference photo) to decode in the same run, scaled to at most
   * `maxWidth`: one ffmpeg start less (about 0.2 s of CPU for Debian's build). Any fault of
   * the picture fails the whole run; the caller then decodes each alone to tell whose it was.
   */
  still?: { file: string; maxWidth: number };
  timeoutMs: number;
  /** Largest picture the decoder may produce (verification.limits.maxPixels). */
  maxPixels: number;
  signal?: AbortSignal;
}

export const AUDIO_SAMPLE_RATE = 16000;
/** Audio allowed beyond the probe's duration: resampler delay and the padding of a late start. */
const AUDIO_SLACK_MS = 500;

/** The video filter: sample at `fps` on the file's clock, then scale to `width`. */
export function sampledVideoFilter(fps: number, width: number): string {
  return `fps=${fps}:start_time=0,scale=${width}:-2`;
}

/** The most frames a decode of `probe` may produce: the duration's frames plus one at each end. */
function maxDecodedFrames(probe: MediaProbe, fps: number): number {
  return Math.ceil((probe.durationMs / 1000) * fps) + 2;
}

/** The ffmpeg arguments of a decode: every input, then every output. */
function decodeArgs(file: string, options: Pick<DecodeOptions, "fps" | "width" | "maxPixels" | "still">, audio: boolean): string[] {
  const args = [
    "-hide_banner", "-nostdin", "-nostats", "-loglevel", "level+error",
    // One thread each for decoding and filtering: several decodes share two cores.
    "-threads", "1", "-filter_threads", "1",
    // The decoder itself refuses a picture over the limit: a file may switch to a larger size
    // after the first keyframe, which the probe (a packet copy) never sees.
    "-max_pixels", String(options.maxPixels),
    ...fileInputArgs(file),
  ];
  // The still as verifyMedia's decoder reads a reference photo alone (ffmpegDecoder.ts decodeStill).
  if (options.still) args.push("-threads", "1", "-max_pixels", String(options.maxPixels), "-i", inputPath(options.still.file));
  args.push("-map", "0:V:0", "-vf", sampledVideoFilter(options.fps, options.width), "-c:v", "ppm", "-f", "image2pipe", "pipe:3");
  if (audio) {
    args.push(
      "-map", "0:a:0", "-af", "aresample=async=1:first_pts=0",
      "-ac", "1", "-ar", String(AUDIO_SAMPLE_RATE), "-c:a", "pcm_f32le", "-f", "f32le", "pipe:4",
    );
  }
  if (options.still) args.push("-map", "1:v:0", "-frames:v", "1", "-vf", `scale='min(${options.still.maxWidth},iw)':-2`, "-c:v", "ppm", "-f", "image2pipe", "pipe:5");
  return args;
}

/** Collects raw float samples, refusing more than `maxBytes`. */
function createAudioCollector(maxBytes: number) {
  const chunks: Buffer[] = [];
  let bytes = 0;
  return {
    push(chunk: Buffer) {
      bytes += chunk.length;
      if (bytes > maxBytes) {
        throw new MediaLimitError("duration", Math.round(bytes / 4 / AUDIO_SAMPLE_RATE * 1000), Math.round(maxBytes / 4 / AUDIO_SAMPLE_RATE * 1000), "decoded audio is longer than the probe allows");
      }
      chunks.push(chunk);
    },
    samples(): Float32Array {
      // Chunks are copied once into a fresh, aligned buffer (a chunk may end mid-sample).
      const out = new Float32Array(Math.floor(bytes / 4));
      const target = new Uint8Array(out.buffer);
      let at = 0;
      for (const chunk of chunks) {
        const count = Math.min(chunk.length, target.length - at);
        target.set(chunk.subarray(0, count), at);
        at += count;
      }
      return out;
    },
  };
}

/**
 * Decode the sampled frames (and audio) of a recording already probed and checked.
 * Throws MediaLimitError when the output outgrows the probe, MediaUnreadableError when ffmpeg
 * fails, MediaTimeoutError on timeout, and the signal's reason when aborted.
 * @example const media = await decodeMedia(ffmpeg.path, file, probe, { fps: 5, width: 320, withAudio: true, timeoutMs: 20_000 });
 */
export async function decodeMedia(ffmpegPath: string, file: string, probe: MediaProbe, options: DecodeOptions): Promise<DecodedMedia & { still?: DecodedFrame }> {
  if (probe.video === null) throw new MediaLimitError("noVideo", 0, 0, "the recording has no video to decode");
  const withAudio = options.withAudio && probe.audio !== null;
  const maxFrames = maxDecodedFrames(probe, options.fps);
  // The scaled width is fixed; the height follows the aspect ratio, which a rotation or a
  // mid-stream size change may turn over, so either orientation of the probed size is allowed.
  const { width: pw, height: ph } = probe.video;
  const maxHeight = pw > 0 && ph > 0 ? Math.ceil((options.width * Math.max(pw, ph)) / Math.min(pw, ph)) + 2 : options.width * 4;

  const frames: DecodedFrame[] = [];
  const ppm = createPpmStream({
    onHeader(width, height, index) {
      if (index >= maxFrames) {
        throw new MediaLimitError("frames", index + 1, maxFrames, `decoding gave more than the ${maxFrames} frames the probe allows`);
      }
      if (width !== options.width || height > maxHeight) {
        throw new MediaLimitError("pixels", width * height, options.width * maxHeight, `decoded frame of ${width}x${height} does not fit ${options.width}x${maxHeight}`);
      }
    },
    onFrame(frame, index) {
      frames.push({ atMs: (index * 1000) / options.fps, width: frame.width, height: frame.height, rgb: frame.rgb });
    },
  });
  const audio = createAudioCollector(Math.ceil(((probe.durationMs + AUDIO_SLACK_MS) / 1000) * AUDIO_SAMPLE_RATE) * 4);
  const stills: DecodedFrame[] = [];
  const still = createPpmStream({
    onHeader(width, height, index) {
      if (index > 0) throw new MediaLimitError("frames", index + 1, 1, "the still decodes to more than one picture");
      if (width * height > options.maxPixels) throw new MediaLimitError("pixels", width * height, options.maxPixels, `the still decodes to ${width}x${height} pixels`);
    },
    onFrame: (frame) => void stills.push({ atMs: 0, width: frame.width, height: frame.height, rgb: frame.rgb }),
  });

  const outputs: Record<number, (chunk: Buffer) => void> = { 3: (c) => ppm.push(c) };
  if (withAudio) outputs[4] = (c) => audio.push(c);
  if (options.still) outputs[5] = (c) => still.push(c);
  const exit = await runFfmpeg({
    path: ffmpegPath,
    args: decodeArgs(file, options, withAudio),
    stage: "decode",
    timeoutMs: options.timeoutMs,
    ...(options.signal ? { signal: options.signal } : {}),
    outputs,
  });
  if (exit.code !== 0) throw new MediaUnreadableError(ffmpegReason(exit.stderr, inputPath(file), exit.code));
  try {
    ppm.end();
    still.end();
  } catch (error) {
    throw new MediaUnreadableError(error instanceof Error ? error.message : String(error));
  }
  if (frames.length === 0) throw new MediaUnreadableError("no frame could be decoded");
  if (options.still && stills.length === 0) throw new MediaUnreadableError("the still decoded to no picture");
  return { probe, frames, audio: withAudio ? audio.samples() : null, ...(options.still ? { still: stills[0] } : {}) };
}
