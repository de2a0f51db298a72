/**
 * The MediaDecoder of a verification worker over ffmpeg (media/decode/): recordings through
 * the one-pass frame-and-audio decode, the partner's reference photo as one still scaled to at
 * most `maxWidth`, in the recording's run when both are asked for. Refusals that are the media's
 * fault become MediaRefusedError (a verdict); anything else (ffmpeg missing, killed) stays an
 * error the pool retries. A shared run that fails is run again as two, so that a bad photo never
 * refuses a good recording, nor the other way round, and a fault of the service still throws.
 */
import { decodeMedia } from "../media/decode/decodeMedia";
import { MediaLimitError, MediaTimeoutError, MediaUnreadableError } from "../media/decode/mediaErrors";
import { createPpmStream, PpmFormatError, type PpmFrame } from "../media/decode/ppmStream";
import { ffmpegReason, runFfmpeg } from "../media/decode/runFfmpeg";
import type { ServerLimits } from "../limits";
import type { DecodedFrame, DecodedMedia, MediaProbe } from "./mediaTypes";
import { MediaRefusedError, type MediaDecoder, type StillResult } from "./verifyMedia";

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
  /** The recording alone, whatever `options` says of a still. */
  const decodeAlone = async (file: string, probe: MediaProbe, options: Parameters<MediaDecoder["decode"]>[2]): Promise<DecodedMedia> => {
    const { still: _, ...recording } = options;
    try {
      return await decodeMedia(ffmpegPath, file, probe, { ...recording, timeoutMs: DECODE_TIMEOUT_MS, maxPixels });
    } catch (error) {
      return refused(error);
    }
  };
  const decoder: MediaDecoder = {
    async decode(file, probe, options) {
      const { still } = options;
      if (still === undefined) return decodeAlone(file, probe, options);
      try {
        const { still: frame, ...media } = await decodeMedia(ffmpegPath, file, probe, { ...options, still, timeoutMs: DECODE_TIMEOUT_MS, maxPixels });
        if (frame !== undefined) return { ...media, still: { ok: true, frame } };
      } catch {
        // Whose fault it was is told by the runs apart, below.
      }
      const media = await decodeAlone(file, probe, options);
      let result: StillResult;
      try {
        result = { ok: true, frame: await decoder.decodeStill(still.file, still.maxWidth) };
      } catch (error) {
        if (!(error instanceof MediaRefusedError)) throw error;
        result = { ok: false, reason: error.message };
      }
      return { ...media, still: result };
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
  return decoder;
}
