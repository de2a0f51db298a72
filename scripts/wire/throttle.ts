/**
 * The throttled phone profile of issue 14, applied through the Chrome DevTools Protocol:
 * 150 ms request latency, 1.6 Mbit/s down, 750 kbit/s up (DevTools' "Fast 3G" line) and a
 * CPU four times slower. Chromium's own network emulation shapes every request of the
 * page, including the ones a module preload or a worker makes.
 */
import type { CDPSession } from "@playwright/test";

export const PHONE_PROFILE = {
  latencyMs: 150,
  downloadBytesPerSec: (1.6 * 1024 * 1024) / 8,
  uploadBytesPerSec: (750 * 1024) / 8,
  cpuSlowdown: 4,
} as const;

/**
 * Throttle the page of `cdp`. Its HTTP cache is off unless `keepCache` (a fresh context starts
 * with an empty one anyway; the capture-route figure needs what the start page prefetched).
 */
export async function applyPhoneProfile(cdp: CDPSession, options: { keepCache?: boolean } = {}): Promise<void> {
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: options.keepCache !== true });
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: PHONE_PROFILE.latencyMs,
    downloadThroughput: PHONE_PROFILE.downloadBytesPerSec,
    uploadThroughput: PHONE_PROFILE.uploadBytesPerSec,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: PHONE_PROFILE.cpuSlowdown });
}
