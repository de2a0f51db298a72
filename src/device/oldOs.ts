/**
 * Old operating systems (spec §5): Android below 5 and iOS below 8 are only reported in the
 * statistics, never blocked. The caller sends the returned statistic name.
 */
import type { NameVersion } from "../../schemas/device";
import { compareParts, parseVersion } from "./versionRange";

/** Statistic names for an old OS, for the analytics event catalogue. */
export const OLD_OS_STATISTICS = { android: "oldOsAndroidBelow5", ios: "oldOsIosBelow8" } as const;
export type OldOsStatistic = (typeof OLD_OS_STATISTICS)[keyof typeof OLD_OS_STATISTICS];

/** The statistic to report for this OS, or null when it is not old (or its version is unknown). */
export function oldOsStatistic(os: NameVersion): OldOsStatistic | null {
  const version = parseVersion(os.version);
  if (version === null) return null;
  if (os.name === "Android" && compareParts(version, [5]) < 0) return OLD_OS_STATISTICS.android;
  if (os.name === "iOS" && compareParts(version, [8]) < 0) return OLD_OS_STATISTICS.ios;
  return null;
}
