import { describe, expect, it } from "vitest";
import { OLD_OS_STATISTICS, oldOsStatistic } from "../../src/device/oldOs";
import { parseDevice } from "../../src/device/parseDevice";
import { UA } from "./userAgents";

describe("oldOsStatistic", () => {
  it("reports Android below 5", () => {
    expect(oldOsStatistic(parseDevice(UA.android4Phone).os)).toBe(OLD_OS_STATISTICS.android);
    expect(oldOsStatistic({ name: "Android", version: "4.4.4" })).toBe("oldOsAndroidBelow5");
  });

  it("does not report Android 5 and later", () => {
    expect(oldOsStatistic({ name: "Android", version: "5.0" })).toBeNull();
    expect(oldOsStatistic(parseDevice(UA.androidChrome).os)).toBeNull();
  });

  it("reports iOS below 8", () => {
    expect(oldOsStatistic(parseDevice(UA.iphoneIos7).os)).toBe("oldOsIosBelow8");
  });

  it("does not report iOS 8 and later, desktops, or an unknown version", () => {
    expect(oldOsStatistic({ name: "iOS", version: "8.0" })).toBeNull();
    expect(oldOsStatistic(parseDevice(UA.iphoneSafari).os)).toBeNull();
    expect(oldOsStatistic(parseDevice(UA.windowsChrome).os)).toBeNull();
    expect(oldOsStatistic({ name: "Android", version: null })).toBeNull();
  });
});
