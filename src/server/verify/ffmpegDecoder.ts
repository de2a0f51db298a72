/**
 * The MediaDecoder of a verification worker over ffmpeg (media/decode/): recordings through
 * the one-pass frame-and-audio decode, the partner's reference photo as one still scaled to at
 * most `maxWidth`. Refusals that are the media's fault become MediaRefusedError (a verdict);
 * anything else (ffmpeg missing, killed) stays an error the pool retries.
 */
import { decodeMedia } from "../media/decode/decodeMedia";
import { MediaLimitError, MediaTimeoutError, MediaUnreadableError } from "../media/decode/mediaErrors";
import { createPpmStream, PpmFormatError, type PpmFrame } from "../media/decode/ppmStream";
import { ffmpegReason, runFfmpeg } from "../media/decode/runFfmpeg";
import type { ServerLimits } from "../limits";
import type { DecodedFrame } from "./mediaTypes";
import { MediaRefusedError, type MediaDecoder } from "./verifyMedia";

/** Decoding a 5 s clip takes well under a second; a minute means something is wrong with the file. */
const DECODE_TIMEOUT_MS = 60_000;
const STILL_TIMEOUT_MS = 15_000;

function refused(error: unknown): never {
  if (error instanceof MediaUnreadableError || error instanceof MediaLimitError || error instanceof MediaTimeoutError || error instanceof PpmFormatError) {
    throw new MediaRefusedError(error.message);
  }
  throw error;
}

export function createFfmpegDecoder(ffmpegPath: string, limits: ServerLimits): MediaDecoder {
  const { maxPixels } = limits.verification.limits;
  return {
    async decode(file, probe, options) {
      try {
        return await decodeMedia(ffmpegPath, file, probe, { ...options, timeoutMs: DECODE_TIMEOUT_MS, maxPixels });
      } catch (error) {
        return refused(error);
      }
    },
    async decodeStill(file, maxWidth) {
      const stills: PpmFrame[] = [];
      const frames = createPpmStream({
        onHeader: (width, height, index) => {
          if (index > 0) throw new MediaRefusedError("the reference photo decodes to more than one picture");
          if (width * height > maxPixels) throw new MediaRefusedError(`the reference photo decodes to ${width}x${height} pixels`);
        },
        onFrame: (frame) => void stills.push(frame),
      });
      try {
        const exit = await runFfmpeg({
          path: ffmpegPath,
          // The scale keeps small photos as they are and brings large ones down to maxWidth.
          args: ["-v", "error", "-nostdin", "-threads", "1", "-max_pixels", String(maxPixels), "-i", file, "-frames:v", "1", "-vf", `scale='min(${maxWidth},iw)':-2`, "-c:v", "ppm", "-f", "image2pipe", "pipe:1"],
          stage: "decode",
          timeoutMs: STILL_TIMEOUT_MS,
          outputs: { 1: (chunk) => frames.push(chunk) },
        });
        frames.end();
        if (exit.code !== 0) throw new MediaRefusedError(`the reference photo is not readable: ${ffmpegReason(exit.stderr, file, exit.code)}`);
      } catch (error) {
        return refused(error);
      }
      const [frame] = stills;
      if (frame === undefined) throw new MediaRefusedError("the reference photo decoded to no picture");
      const decoded: DecodedFrame = { atMs: 0, width: frame.width, height: frame.height, rgb: frame.rgb };
      return decoded;
    },
  };
}
