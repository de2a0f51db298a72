import { describe, expect, it } from "vitest";
import { MediaLimitError, type MediaLimit } from "../../../src/server/media/decode/mediaErrors";
import { checkProbeLimits } from "../../../src/server/media/decode/probeLimits";
import type { MediaProbe } from "../../../src/server/verify/mediaTypes";
import verification from "../../../flows/capture.json" with { type: "json" };

const limits = verification.verification.limits;
const fine: MediaProbe = {
  format: "matroska,webm",
  durationMs: 5000,
  video: { codec: "vp8", width: 640, height: 480, rotation: 0, frames: 150 },
  audio: { codec: "opus", sampleRate: 48000, channels: 1 },
};

function refusal(probe: MediaProbe): { limit: MediaLimit; actual: number; max: number } | null {
  try {
    checkProbeLimits(probe, limits);
    return null;
  } catch (error) {
    if (!(error instanceof MediaLimitError)) throw error;
    return { limit: error.limit, actual: error.actual, max: error.max };
  }
}

describe("checkProbeLimits with the shipped limits", () => {
  it("passes an ordinary recording, and one exactly at every limit", () => {
    expect(refusal(fine)).toBeNull();
    const video = { ...fine.video!, width: 1920, height: 1080, frames: limits.maxFrames };
    expect(refusal({ ...fine, durationMs: limits.maxDurationMs, video })).toBeNull();
  });

  it("refuses a picture far from a camera's shape, though within the pixel count (64x32400)", () => {
    expect(refusal({ ...fine, video: { ...fine.video!, width: 64, height: 32_400 } })).toMatchObject({ limit: "pixels" });
    expect(refusal({ ...fine, video: { ...fine.video!, width: 1080, height: 1920 } })).toBeNull();
  });

  it("refuses a recording with no video, or a video track without a frame", () => {
    expect(refusal({ ...fine, video: null })).toEqual({ limit: "noVideo", actual: 0, max: 0 });
    expect(refusal({ ...fine, video: { ...fine.video!, frames: 0 } })?.limit).toBe("noVideo");
  });

  it("names the limit broken, with the value found", () => {
    expect(refusal({ ...fine, video: { ...fine.video!, width: 1921, height: 1080 } })).toEqual({ limit: "pixels", actual: 1921 * 1080, max: limits.maxPixels });
    expect(refusal({ ...fine, durationMs: limits.maxDurationMs + 1 })).toEqual({ limit: "duration", actual: limits.maxDurationMs + 1, max: limits.maxDurationMs });
    expect(refusal({ ...fine, video: { ...fine.video!, frames: limits.maxFrames + 1 } })).toEqual({ limit: "frames", actual: limits.maxFrames + 1, max: limits.maxFrames });
  });
});
