/**
 * The platform of this browser as the capture limits see it (spec §5 size minimums, the
 * no-permission screen of spec §8): iOS, Android, or anything else (desktop).
 *
 * The same test as the service's platformOf (src/server/limits.ts), on purpose: the size
 * minimum of a recording is checked on both sides, and a browser the two sides placed on
 * different platforms could pass here and be refused there.
 */
import type { Platform } from "../modeChoice";

export function platformOfUserAgent(userAgent: string): Platform {
  if (/\b(iPhone|iPad|iPod)\b/.test(userAgent)) return "ios";
  if (/\bAndroid\b/.test(userAgent)) return "android";
  return "other";
}
