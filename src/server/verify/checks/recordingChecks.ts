/**
 * Checks of the media itself, on the decoder's own probe (or the stream as the service
 * received it): what was decoded, its duration within the mode's window, its size, and a
 * plausible frame rate. The client's declared type and measured duration are not used.
 */
import type { ServerLimits, Platform } from "../../limits";
import { durationRangeFor, sizeRangeFor, type RecordingKind } from "../../media/captureLimits";
import { failed, pass, type Outcome } from "../../media/checkOutcome";
import { VERIFY_CODES } from "../../media/verifyCodes";
import { seconds, type SourceFacts } from "./analysis";

const MODE_NAMES = { "1": "number", "2": "action", "3": "silent" } as const;

function durationOf(source: SourceFacts): number {
  return source.kind === "recording" ? source.probe.durationMs : source.durationMs;
}

export function checkMedia(source: SourceFacts): Outcome {
  if (source.kind === "frames") {
    return source.frames > 0
      ? pass("media", `${source.frames} JPEG frames (${source.bytes} bytes) received on the frame stream and decoded by the service.`)
      : failed("media", VERIFY_CODES.noVideoFrames, "The frame stream brought no frame.");
  }
  const { probe } = source;
  if (probe.video === null) return failed("media", VERIFY_CODES.noVideoTrack, `The decoder found no video stream in the ${probe.format} file.`);
  const audio = probe.audio ? `, ${probe.audio.codec} audio at ${probe.audio.sampleRate} Hz` : ", no audio";
  return pass("media", `Decoded by the service: ${probe.video.codec} video ${probe.video.width}x${probe.video.height}${audio}, container ${probe.format}.`);
}

export function checkDuration(source: SourceFacts, kind: RecordingKind, limits: ServerLimits): Outcome {
  const d = durationOf(source);
  const mode = kind.will ? "will" : MODE_NAMES[kind.liveType];
  const range = durationRangeFor(limits, kind);
  const tolerance = limits.durationMs.toleranceMs;
  const measured = `${seconds(d)} ${source.kind === "recording" ? "by the decoder" : "between the first and last frame received"}`;
  if (d <= 0) return failed("duration", VERIFY_CODES.durationTooShort, `Duration ${measured}: nothing to judge.`);
  if (range === null) return pass("duration", `Duration ${measured}; ${mode} mode asks only for a positive duration.`);
  const window = `${seconds(range.min)}${range.max === null ? " or more" : ` to ${seconds(range.max)}`} (±${tolerance} ms)`;
  if (d < range.min - tolerance) return failed("duration", VERIFY_CODES.durationTooShort, `Duration ${measured} is below the ${window} of ${mode} mode.`);
  if (range.max !== null && d > range.max + tolerance) {
    return failed("duration", VERIFY_CODES.durationTooLong, `Duration ${measured} is above the ${window} of ${mode} mode.`);
  }
  return pass("duration", `Duration ${measured} is within the ${window} of ${mode} mode.`);
}

export function checkSize(source: SourceFacts, platform: Platform, limits: ServerLimits): Outcome | null {
  if (source.kind !== "recording") return null;
  const { min, max } = sizeRangeFor(limits, platform);
  const kb = (bytes: number) => `${Math.round(bytes / 1024)} KB`;
  const window = `${kb(min)} (${platform}) to ${kb(max)}`;
  if (source.bytes < min) return failed("size", VERIFY_CODES.sizeTooSmall, `${kb(source.bytes)} is below the ${window} accepted.`);
  if (source.bytes > max) return failed("size", VERIFY_CODES.sizeTooLarge, `${kb(source.bytes)} is above the ${window} accepted.`);
  return pass("size", `${kb(source.bytes)} is within the ${window} accepted.`);
}

export function checkFrameRate(source: SourceFacts, limits: ServerLimits): Outcome {
  const frames = source.kind === "recording" ? (source.probe.video?.frames ?? 0) : source.frames;
  const d = durationOf(source);
  if (frames < 2 || d <= 0) return failed("frameRate", VERIFY_CODES.noVideoFrames, `${frames} video frames: too few to judge.`);
  const fps = (frames - 1) / (d / 1000);
  const { min, max } = limits.frameRate;
  const rate = `${frames} frames in ${seconds(d)} (${fps.toFixed(1)} fps)`;
  if (fps < min || fps > max) return failed("frameRate", VERIFY_CODES.implausibleFrameRate, `${rate} is outside the plausible ${min}-${max} fps.`);
  return pass("frameRate", `${rate}, within the plausible ${min}-${max} fps.`);
}
