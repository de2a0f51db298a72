/**
 * The recording limits the service enforces: flows/capture.json (spec §5), the same file the
 * browser and the verifier read, embedded in the bundle at build time and parsed at start by
 * the service's composition root (app.ts loadCaptureLimits, and the verify worker's start-up).
 * The server refuses a recording outside them before verifying it, so a modified client
 * cannot get around the checks the browser makes.
 */
import type { CaptureFile } from "../../schemas/capture";
import type { LiveType, UploadLimits } from "../../schemas/api";
import { durationRangeFor, sizeRangeFor, type Platform } from "./media/captureLimits";

export type ServerLimits = CaptureFile;
export type { Platform };

/** Containers accepted, by MIME type without parameters. */
// QuickTime is what an iPhone's own camera hands the file input (.mov): the same ISO-BMFF
// boxes the MP4 probe reads, so it is judged as that container.
export const ACCEPTED_MIME_TYPES = { "video/mp4": "mp4", "video/quicktime": "mp4", "video/webm": "webm" } as const;

interface OrderKind {
  liveType: LiveType;
  actions: readonly string[];
  will: unknown;
}

/** The limits as the client sees them in the order config. */
export function uploadLimitsFor(limits: ServerLimits, order: OrderKind, light: boolean): UploadLimits {
  const range = durationRangeFor(limits, { liveType: order.liveType, actions: order.actions, will: order.will !== null, light });
  const kb = (platform: Platform) => sizeRangeFor(limits, platform).min;
  return {
    durationMs: { min: range?.min ?? 0, max: range?.max ?? null },
    toleranceMs: limits.durationMs.toleranceMs,
    minBytes: { ios: kb("ios"), android: kb("android"), other: kb("other") },
    maxBytes: sizeRangeFor(limits, "other").max,
    mimeTypes: Object.keys(ACCEPTED_MIME_TYPES),
  };
}

/** Platform from the User-Agent, only to pick the minimum size of spec §5. */
export function platformOf(userAgent: string | undefined): Platform {
  if (!userAgent) return "other";
  if (/\b(iPhone|iPad|iPod)\b/.test(userAgent)) return "ios";
  if (/\bAndroid\b/.test(userAgent)) return "android";
  return "other";
}

/**
 * Largest upload part read: the base64 of a largest-allowed recording (4 characters per 3
 * bytes) plus a quarter, so a recording somewhat over the limit is still read and refused
 * with the precise VIDEO_TOO_LARGE rather than a bare PAYLOAD_TOO_LARGE.
 */
export function maxBase64Chars(limits: ServerLimits): number {
  return Math.ceil((Math.ceil(sizeRangeFor(limits, "other").max / 3) * 4 * 5) / 4) + 100;
}
