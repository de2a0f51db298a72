/**
 * Device statistics that need the full user-agent parser (spec §5: Android below 5 and iOS
 * below 8 are only reported, never blocked). Runs after the first screen, loading the parser
 * lazily, so ua-parser-js never weighs on the first screen.
 */
import type { StatsRecorder } from "../analytics/statsRecorder";

export async function reportDeviceStats(userAgent: string, stats: StatsRecorder): Promise<void> {
  const [{ parseDevice }, { oldOsStatistic }] = await Promise.all([import("../device/parseDevice"), import("../device/oldOs")]);
  const device = parseDevice(userAgent);
  const old = device.os ? oldOsStatistic(device.os) : null;
  if (old) stats.record(old, { os: `${device.os?.name ?? ""} ${device.os?.version ?? ""}`.trim() });
  if (device.camouflage) stats.record("deviceCamouflage", { browser: device.browser?.name ?? "", os: device.os?.name ?? "" });
}
