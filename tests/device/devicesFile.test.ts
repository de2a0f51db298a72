import UAParser from "ua-parser-js";
import { describe, expect, it } from "vitest";
import devices from "../../flows/devices.json";
import {
  BROWSER_NAMES,
  devicesFileNames,
  devicesFileSchema,
  MANUFACTURER_NAMES,
  OS_NAMES,
  type DevicesFile,
} from "../../schemas/devices";
import { compilePattern } from "../../src/device/uaPattern";
import { UA } from "./userAgents";

const shipped = devicesFileSchema.parse(devices);

function problems(file: unknown): string[] {
  const r = devicesFileSchema.safeParse(file);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
}

describe("flows/devices.json", () => {
  it("points editors at its JSON schema", () => {
    expect(shipped.$schema).toBe("../schemas/json/devices.schema.json");
  });

  it("names only browsers, OSes and manufacturers from the known lists", () => {
    const names = devicesFileNames(shipped);
    expect(names.browsers.length).toBeGreaterThan(0);
    for (const b of names.browsers) expect(BROWSER_NAMES).toContain(b);
    for (const o of names.oses) expect(OS_NAMES).toContain(o);
    for (const m of names.manufacturers) expect(MANUFACTURER_NAMES).toContain(m);
  });
});

describe("the known names are spelt the way ua-parser-js 1.x reports them", () => {
  // One real user-agent per name; a misspelt list entry would make rules silently match nothing.
  const browserSamples: Record<(typeof BROWSER_NAMES)[number], string> = {
    "2345": "Mozilla/5.0 (Linux; Android 9; V1816A Build/PKQ1.180819.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/66.0.3359.126 Mobile Safari/537.36 Mb2345Browser/12.1.1",
    "360": "Mozilla/5.0 (Linux; Android 9; PAR-AL00 Build/HUAWEIPAR-AL00; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/70.0.3538.110 Mobile Safari/537.36 QihooBrowser/4.0.10",
    Alipay: "Mozilla/5.0 (Linux; U; Android 10; zh-CN; ELE-AL00 Build/HUAWEIELE-AL00) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/69.0.3497.100 UWS/3.22.1.233 Mobile Safari/537.36 AliApp(AP/10.2.96.8000) AlipayClient/10.2.96.8000 Language/zh-Hans",
    "Android Browser": UA.android4Phone,
    Baidu: UA.baiduApp,
    Chrome: UA.androidChrome,
    "Chrome WebView": UA.huaweiP30Webview,
    Edge: UA.windowsEdge,
    Firefox: UA.windowsFirefox,
    HeyTap: "Mozilla/5.0 (Linux; U; Android 11; zh-cn; PEGM00 Build/RKQ1.200903.002) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/70.0.3538.80 Mobile Safari/537.36 HeyTapBrowser/40.7.29.1",
    "Huawei Browser": "Mozilla/5.0 (Linux; Android 10; HarmonyOS; ELE-AL00; HMSCore 6.1.0.305) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/88.0.4324.93 HuaweiBrowser/11.1.5.310 Mobile Safari/537.36",
    IE: "Mozilla/5.0 (Windows NT 6.1; WOW64; Trident/7.0; rv:11.0) like Gecko",
    "MIUI Browser": "Mozilla/5.0 (Linux; U; Android 11; zh-cn; M2011K2C Build/RKQ1.200928.002) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/89.0.4389.116 Mobile Safari/537.36 XiaoMi/MiuiBrowser/15.5.18",
    "Mobile Safari": UA.iphoneSafari,
    QQBrowser: "Mozilla/5.0 (Linux; U; Android 10; zh-cn; MI 8 Build/QKQ1.190828.002) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/87.0.4280.141 Mobile Safari/537.36 MQQBrowser/11.9 Mobile",
    Quark: UA.quarkOld,
    Safari: UA.macSafari,
    "Samsung Internet": UA.samsungInternet,
    "Sogou Mobile": "Mozilla/5.0 (Linux; Android 10; HMA-AL00 Build/HUAWEIHMA-AL00; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/74.0.3729.136 Mobile Safari/537.36 SogouMSE,SogouMobileBrowser/5.22.10",
    UCBrowser: UA.ucAndroid,
    "Vivo Browser": "Mozilla/5.0 (Linux; Android 11; V2055A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/87.0.4280.141 Mobile Safari/537.36 VivoBrowser/13.5.10.0",
    WeChat: UA.wechatAndroid,
  };
  const osSamples: Record<(typeof OS_NAMES)[number], string> = {
    Android: UA.androidChrome,
    HarmonyOS: "Mozilla/5.0 (Linux; Android 10; HarmonyOS; ELE-AL00; HMSCore 6.1.0.305) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/88.0.4324.93 HuaweiBrowser/11.1.5.310 Mobile Safari/537.36",
    iOS: UA.iphoneSafari,
    "Mac OS": UA.macSafari,
    Windows: UA.windowsChrome,
  };
  const manufacturerSamples: Record<(typeof MANUFACTURER_NAMES)[number], string> = {
    Apple: UA.iphoneSafari,
    Honor: "Mozilla/5.0 (Linux; Android 12; ANY-AN00 Build/HONORANY-AN00; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/99.0.4844.88 Mobile Safari/537.36",
    Huawei: UA.huaweiP30Webview,
    OPPO: UA.android6Webview,
    Samsung: UA.galaxyTab,
    Vivo: UA.vivoV1838Webview,
    Xiaomi: UA.miniProgramAndroid,
  };

  it.each(Object.entries(browserSamples))("browser %s", (name, ua) => expect(new UAParser(ua).getBrowser().name).toBe(name));
  it.each(Object.entries(osSamples))("OS %s", (name, ua) => expect(new UAParser(ua).getOS().name).toBe(name));
  it.each(Object.entries(manufacturerSamples))("manufacturer %s", (name, ua) => expect(new UAParser(ua).getDevice().vendor).toBe(name));
});

describe("devices file validation", () => {
  const base: DevicesFile = { userAgentBlacklist: [], browserVersionBlocks: [], inAppBlocked: [], phoneHandoff: { default: "off", apps: {}, ttlSec: 600, offersPerSession: 10, codeTriesPerAddress: 10, codeTriesOverall: 2000 } };

  it("rejects a misspelt browser name and lists the known ones", () => {
    const p = problems({ ...base, browserVersionBlocks: [{ browser: "UC Browser", versions: ["*"], note: "x" }] });
    expect(p).toHaveLength(1);
    expect(p[0]).toMatch(/browserVersionBlocks\.0\.browser: unknown browser "UC Browser"; known browsers: 2345, 360, .*UCBrowser/);
  });

  it("rejects unknown OS and manufacturer names", () => {
    const p = problems({ ...base, inAppBlocked: [{ os: "android", osVersions: ["*"], manufacturers: ["huawei"], note: "x" }] });
    expect(p.join("\n")).toMatch(/unknown OS "android"; known OSs: Android/);
    expect(p.join("\n")).toMatch(/unknown manufacturer "huawei"; known manufacturers: Apple/);
  });

  it("rejects reversed ranges and malformed version specs", () => {
    expect(problems({ ...base, browserVersionBlocks: [{ browser: "Quark", versions: ["5-1"], note: "x" }] })).toHaveLength(1);
    expect(problems({ ...base, browserVersionBlocks: [{ browser: "Quark", versions: ["v5"], note: "x" }] })).toHaveLength(1);
    expect(problems({ ...base, browserVersionBlocks: [{ browser: "Quark", versions: [], note: "x" }] })).toHaveLength(1);
  });

  it("rejects patterns that do not compile or whose flags make matching stateful", () => {
    expect(problems({ ...base, userAgentBlacklist: [{ pattern: "/(unclosed/", note: "x" }] })).toHaveLength(1);
    expect(problems({ ...base, userAgentBlacklist: [{ pattern: "/UCBrowser/g", note: "x" }] })).toHaveLength(1);
    expect(problems({ ...base, userAgentBlacklist: [{ pattern: "", note: "x" }] })).toHaveLength(1);
    expect(problems({ ...base, userAgentBlacklist: [{ pattern: "/ucbrowser/i", note: "x" }] })).toEqual([]);
  });

  it("requires a note on every rule and refuses unknown fields", () => {
    expect(problems({ ...base, userAgentBlacklist: [{ pattern: "LieBaoFast/" }] })).toHaveLength(1);
    expect(problems({ ...base, userAgentBlacklist: [{ pattern: "LieBaoFast/", note: "x", reason: "y" }] })).toHaveLength(1);
  });
});

describe("compilePattern", () => {
  it("matches a plain pattern as a case-sensitive substring", () => {
    expect(compilePattern("LieBaoFast/")(UA.liebao)).toBe(true);
    expect(compilePattern("liebaofast/")(UA.liebao)).toBe(false);
  });

  it("matches /regex/flags as a regular expression, repeatably", () => {
    const m = compilePattern("/liebaofast\\/\\d/i");
    expect(m(UA.liebao)).toBe(true);
    expect(m(UA.liebao)).toBe(true);
    expect(m(UA.androidChrome)).toBe(false);
  });

  it("treats a lone slash-prefixed text as a substring", () => {
    expect(compilePattern("/5.0 (")("Mozilla/5.0 (X11)")).toBe(true);
  });
});
