import { describe, expect, it, vi } from "vitest";
import devices from "../../flows/devices.json";
import { uaDetectRecordSchema, type ParsedDevice } from "../../schemas/device";
import { devicesFileSchema, type DevicesFile } from "../../schemas/devices";
import {
  createCameraEligibility,
  decideCameraEligibility,
  rulesFingerprint,
  UA_DETECT_KEY,
  type KeyValueStore,
} from "../../src/device/eligibility";
import { parseDevice } from "../../src/device/parseDevice";
import { UA } from "./userAgents";

const rules = devicesFileSchema.parse(devices);

function memoryStore(initial: Record<string, string> = {}): KeyValueStore & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return { data, get: (k) => data.get(k) ?? null, set: (k, v) => void data.set(k, v) };
}

function decide(ua: string, from: string | null = null, file: DevicesFile = rules) {
  return decideCameraEligibility({ userAgent: ua, from }, parseDevice(ua), file);
}

describe("camera-input eligibility with the shipped rules", () => {
  it("allows ordinary browsers that no rule names", () => {
    for (const ua of [UA.androidChrome, UA.wechatAndroid, UA.windowsChrome, UA.macSafari, UA.galaxyTab, UA.samsungInternet]) {
      expect(decide(ua)).toEqual({ allowed: true, reason: "noRuleMatched", detail: null });
    }
  });

  it("always allows iOS, even a browser blocked elsewhere and even in a partner app", () => {
    expect(decide(UA.ucIos)).toEqual({ allowed: true, reason: "iosAlwaysAllowed", detail: null });
    expect(decide(UA.wechatIos, "app").reason).toBe("iosAlwaysAllowed");
    const blockAll: DevicesFile = { ...rules, userAgentBlacklist: [{ pattern: "Mozilla", note: "everything" }] };
    expect(decide(UA.iphoneSafari, null, blockAll).allowed).toBe(true);
    expect(decide(UA.androidChrome, null, blockAll).allowed).toBe(false);
  });

  it("blocks listed OS / maker / model combinations inside a partner app (from=app) only", () => {
    expect(decide(UA.huaweiP30Webview, "app")).toMatchObject({ allowed: false, reason: "inAppDeviceBlocked" });
    expect(decide(UA.huaweiP30Webview, "app").detail).toMatch(/EMUI 10/);
    expect(decide(UA.huaweiP30Webview, null).allowed).toBe(true);
    expect(decide(UA.huaweiP30Webview, "h5").allowed).toBe(true);
    expect(decide(UA.vivoV1838Webview, "app").reason).toBe("inAppDeviceBlocked");
    expect(decide(UA.android6Webview, "app").reason).toBe("inAppDeviceBlocked");
  });

  it("does not block a partner app on a model outside the listed ones", () => {
    expect(decide(UA.huaweiMate40Webview, "app")).toEqual({ allowed: true, reason: "noRuleMatched", detail: null });
  });

  it("blocks blacklisted user-agent substrings and patterns", () => {
    expect(decide(UA.liebao)).toMatchObject({ allowed: false, reason: "userAgentBlacklisted" });
    expect(decide(UA.qqAppOldX5)).toMatchObject({ allowed: false, reason: "userAgentBlacklisted" });
    expect(decide(UA.qqAppOldX5).detail).toMatch(/X5/);
    // A current X5 kernel (TBS 047205) in the work variant is not caught by the old-kernel pattern.
    expect(decide(UA.wxworkAndroid).allowed).toBe(true);
  });

  it("blocks listed browser and version combinations", () => {
    expect(decide(UA.ucAndroid)).toMatchObject({ allowed: false, reason: "browserVersionBlocked" });
    expect(decide(UA.quarkOld)).toMatchObject({ allowed: false, reason: "browserVersionBlocked" });
    expect(decide(UA.baiduApp)).toMatchObject({ allowed: false, reason: "browserVersionBlocked" });
    expect(decide(UA.android4Phone)).toMatchObject({ allowed: false, reason: "browserVersionBlocked" });
  });

  it("lets a newer version of a partly blocked browser through", () => {
    expect(decide(UA.quarkNew)).toEqual({ allowed: true, reason: "noRuleMatched", detail: null });
  });

  it("honours the OS restriction of a browser rule", () => {
    const ucOnIosListed: DevicesFile = {
      ...rules,
      browserVersionBlocks: [{ browser: "Chrome", versions: ["*"], os: "Windows", note: "test" }],
    };
    expect(decide(UA.windowsChrome, null, ucOnIosListed).allowed).toBe(false);
    expect(decide(UA.androidChrome, null, ucOnIosListed).allowed).toBe(true);
  });
});

describe("the uaDetect cache", () => {
  const input = { userAgent: UA.ucAndroid, from: null };

  it("stores the decision under uaDetect as a record its schema accepts", () => {
    const storage = memoryStore();
    const decision = createCameraEligibility({ rules, storage }).check(input);
    expect(decision).toMatchObject({ allowed: false, reason: "browserVersionBlocked" });
    const stored = uaDetectRecordSchema.parse(JSON.parse(storage.data.get(UA_DETECT_KEY) ?? "null"));
    expect(stored).toMatchObject({ userAgent: UA.ucAndroid, from: null, rules: rulesFingerprint(rules), allowed: false });
  });

  it("answers from the cache on the next page without parsing the user-agent again", () => {
    const storage = memoryStore();
    createCameraEligibility({ rules, storage }).check(input);
    const parse = vi.fn<(ua: string) => ParsedDevice>(() => {
      throw new Error("should not parse");
    });
    const again = createCameraEligibility({ rules, storage, parse }).check(input);
    expect(again).toMatchObject({ allowed: false, reason: "browserVersionBlocked" });
    expect(parse).not.toHaveBeenCalled();
  });

  it("decides again for another user-agent, another launch origin or changed rules", () => {
    const storage = memoryStore();
    createCameraEligibility({ rules, storage }).check(input);

    const parse = vi.fn(parseDevice);
    const checker = createCameraEligibility({ rules, storage, parse });
    expect(checker.check({ userAgent: UA.androidChrome, from: null }).allowed).toBe(true);
    expect(parse).toHaveBeenCalledTimes(1);

    expect(checker.check({ userAgent: UA.huaweiP30Webview, from: null }).allowed).toBe(true);
    expect(checker.check({ userAgent: UA.huaweiP30Webview, from: "app" }).allowed).toBe(false);
    expect(parse).toHaveBeenCalledTimes(3);

    const noBlocks: DevicesFile = { ...rules, inAppBlocked: [] };
    expect(createCameraEligibility({ rules: noBlocks, storage, parse }).check({ userAgent: UA.huaweiP30Webview, from: "app" }).allowed).toBe(true);
    expect(parse).toHaveBeenCalledTimes(4);
  });

  it("does not trust a cache that is not JSON, and overwrites it", () => {
    const storage = memoryStore({ [UA_DETECT_KEY]: "{not json" });
    const onCorruptCache = vi.fn();
    const result = createCameraEligibility({ rules, storage, onCorruptCache }).check(input);
    expect(result.allowed).toBe(false);
    expect(onCorruptCache).toHaveBeenCalledWith("uaDetect is not JSON");
    expect(uaDetectRecordSchema.safeParse(JSON.parse(storage.data.get(UA_DETECT_KEY) ?? "")).success).toBe(true);
  });

  it("does not trust an edited record that allows a blocked browser", () => {
    const forged = {
      userAgent: UA.ucAndroid,
      from: null,
      rules: rulesFingerprint(rules),
      allowed: true,
      reason: "browserVersionBlocked",
      detail: null,
    };
    const storage = memoryStore({ [UA_DETECT_KEY]: JSON.stringify(forged) });
    const onCorruptCache = vi.fn();
    expect(createCameraEligibility({ rules, storage, onCorruptCache }).check(input).allowed).toBe(false);
    expect(onCorruptCache).toHaveBeenCalledWith(expect.stringMatching(/allowed disagrees with reason/));
  });

  it("does not trust a record of the wrong shape", () => {
    const storage = memoryStore({ [UA_DETECT_KEY]: JSON.stringify({ allowed: true }) });
    const onCorruptCache = vi.fn();
    expect(createCameraEligibility({ rules, storage, onCorruptCache }).check(input).allowed).toBe(false);
    expect(onCorruptCache).toHaveBeenCalledTimes(1);
  });

  it("accepts a storage whose get returns undefined for a missing key", () => {
    const data = new Map<string, string>();
    const storage: KeyValueStore = { get: (k) => data.get(k), set: (k, v) => void data.set(k, v) };
    expect(createCameraEligibility({ rules, storage }).check({ userAgent: UA.iphoneSafari, from: undefined }).reason).toBe("iosAlwaysAllowed");
    expect(data.has(UA_DETECT_KEY)).toBe(true);
  });
});
