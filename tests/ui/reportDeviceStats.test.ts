import { describe, expect, it } from "vitest";
import { createStatsRecorder } from "../../src/analytics/statsRecorder";
import { reportDeviceStats } from "../../src/ui/reportDeviceStats";

const ANDROID_4 = "Mozilla/5.0 (Linux; Android 4.4.2; SM-G7102 Build/KOT49H) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/30.0.0.0 Mobile Safari/537.36";
const IOS_7 = "Mozilla/5.0 (iPhone; CPU iPhone OS 7_1_2 like Mac OS X) AppleWebKit/537.51.2 (KHTML, like Gecko) Version/7.0 Mobile/11D257 Safari/9537.53";
const IOS_17 = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";

async function statsFor(ua: string): Promise<string[]> {
  const stats = createStatsRecorder(() => 0);
  await reportDeviceStats(ua, stats);
  return stats.pending().map((e) => e.name);
}

describe("device statistics (spec §5: old systems are only reported)", () => {
  it("reports Android below 5 and iOS below 8", async () => {
    expect(await statsFor(ANDROID_4)).toContain("oldOsAndroidBelow5");
    expect(await statsFor(IOS_7)).toContain("oldOsIosBelow8");
  });
  it("reports nothing for a current phone", async () => {
    expect(await statsFor(IOS_17)).toEqual([]);
  });
});
