/**
 * checkProbeLimits: the refusals made on the probe alone, before a frame is decoded, so an
 * oversized or overlong upload costs one packet scan and no decoding.
 */
import type { MediaProbe } from "../../verify/mediaTypes";
import type { VerificationConfig } from "../../../../schemas/verification";
import { MediaLimitError } from "./mediaErrors";

type ProbeLimits = VerificationConfig["limits"];

/** Widest picture shape accepted: phones record 16:9 or 4:3, either way round. */
const MAX_ASPECT = 3;

/**
 * Throw MediaLimitError naming the first limit the probe breaks; return nothing when it passes.
 * A video track without a single packet counts as no video: there is nothing to judge.
 * @example checkProbeLimits(probe, config.verification.limits)
 */
export function checkProbeLimits(probe: MediaProbe, limits: ProbeLimits): void {
  const video = probe.video;
  if (video === null || video.frames === 0) throw new MediaLimitError("noVideo", 0, 0, "the recording has no video frames");
  const pixels = video.width * video.height;
  if (pixels > limits.maxPixels) {
    throw new MediaLimitError("pixels", pixels, limits.maxPixels, `picture of ${video.width}x${video.height} is over ${limits.maxPixels} pixels`);
  }
  // A picture far from a camera's shape (64x32400 has the pixels of 1080p) would be scaled to
  // an enormous height at the analysis width: refused like too many pixels.
  const aspect = Math.max(video.width, video.height) / Math.max(1, Math.min(video.width, video.height));
  if (aspect > MAX_ASPECT) {
    throw new MediaLimitError("pixels", pixels, limits.maxPixels, `picture of ${video.width}x${video.height} is not a camera's shape (over ${MAX_ASPECT}:1)`);
  }
  if (probe.durationMs > limits.maxDurationMs) {
    throw new MediaLimitError("duration", probe.durationMs, limits.maxDurationMs, `recording of ${probe.durationMs} ms is over ${limits.maxDurationMs} ms`);
  }
  if (video.frames > limits.maxFrames) {
    throw new MediaLimitError("frames", video.frames, limits.maxFrames, `recording of ${video.frames} frames is over ${limits.maxFrames}`);
  }
}
