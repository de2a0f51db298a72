import UAParser from "ua-parser-js";
import { describe, expect, it } from "vitest";
import { parsedDeviceSchema } from "../../schemas/device";
import { parseDevice } from "../../src/device/parseDevice";
import { UA } from "./userAgents";

describe("parseDevice on real user-agents", () => {
  it("iPhone Safari", () => {
    expect(parseDevice(UA.iphoneSafari)).toEqual({
      type: "mobile",
      manufacturer: "Apple",
      model: "iPhone",
      browser: { name: "Mobile Safari", version: "17.4" },
      engine: { name: "WebKit", version: "605.1.15" },
      os: { name: "iOS", version: "17.4" },
      camouflage: false,
    });
  });

  it("Android Chrome with the reduced user-agent", () => {
    const d = parseDevice(UA.androidChrome);
    expect(d).toMatchObject({ type: "mobile", browser: { name: "Chrome", version: "120.0.0.0" }, engine: { name: "Blink" } });
    expect(d.os).toEqual({ name: "Android", version: "10" });
  });

  it("the messaging app on iOS and Android", () => {
    expect(parseDevice(UA.wechatIos)).toMatchObject({ type: "mobile", browser: { name: "WeChat", version: "8.0.42" }, os: { name: "iOS" } });
    expect(parseDevice(UA.wechatAndroid)).toMatchObject({
      type: "mobile",
      manufacturer: "Vivo",
      model: "V2111A",
      browser: { name: "WeChat" },
      engine: { name: "Blink", version: "107.0.5304.141" },
      os: { name: "Android", version: "12" },
      camouflage: false,
    });
  });

  it("the work variant and a mini-program web-view are phones", () => {
    expect(parseDevice(UA.wxworkIos).type).toBe("mobile");
    expect(parseDevice(UA.miniProgramAndroid)).toMatchObject({ type: "mobile", manufacturer: "Xiaomi", model: "M2012K11AC" });
  });

  it("a Samsung Galaxy Tab without Mobile is a tablet", () => {
    expect(parseDevice(UA.galaxyTab)).toMatchObject({ type: "tablet", manufacturer: "Samsung", model: "SM-T870" });
  });

  it("an old Android 4 phone", () => {
    expect(parseDevice(UA.android4Phone)).toMatchObject({
      type: "mobile",
      manufacturer: "Huawei",
      model: "G750-T00",
      browser: { name: "Android Browser" },
      os: { name: "Android", version: "4.4.2" },
    });
  });

  it("desktop Chrome on Windows and Safari on macOS are desktops", () => {
    expect(parseDevice(UA.windowsChrome)).toMatchObject({
      type: "desktop",
      manufacturer: null,
      model: null,
      browser: { name: "Chrome", version: "120.0.0.0" },
      os: { name: "Windows", version: "10" },
    });
    expect(parseDevice(UA.macSafari)).toMatchObject({ type: "desktop", browser: { name: "Safari", version: "17.2" }, os: { name: "Mac OS" } });
  });

  it("always produces a value its schema accepts", () => {
    for (const ua of [...Object.values(UA), "", "curl/8.5.0"]) expect(parsedDeviceSchema.safeParse(parseDevice(ua)).success).toBe(true);
  });

  it("an empty user-agent is an unknown desktop, not a crash", () => {
    expect(parseDevice("")).toEqual({
      type: "desktop",
      manufacturer: null,
      model: null,
      browser: { name: null, version: null },
      engine: { name: null, version: null },
      os: { name: null, version: null },
      camouflage: false,
    });
  });
});

describe("spec §5: Android the parser cannot place", () => {
  // Each of these user-agents gets no device type from the parser, so the spec rule decides.
  const untyped = (ua: string) => expect(new UAParser(ua).getDevice().type).toBeUndefined();

  it("Android 3 or higher without Mobile is a tablet", () => {
    untyped(UA.android4NoModel);
    expect(parseDevice(UA.android4NoModel).type).toBe("tablet");
  });

  it("Android 4 or higher that says Mobile is a phone", () => {
    untyped(UA.operaMobiAndroid4);
    expect(parseDevice(UA.operaMobiAndroid4).type).toBe("mobile");
  });

  it("Android 3 that says Mobile is still a tablet", () => {
    untyped(UA.operaMobiAndroid3);
    expect(parseDevice(UA.operaMobiAndroid3).type).toBe("tablet");
  });

  // ua-parser-js calls this one mobile from its "Mobile Safari"; the spec's rule takes "Mobile" for
  // a phone only from Android 4: Android 3 (Honeycomb) ran on tablets alone.
  it("Android 3 whose browser says Mobile Safari is a tablet, whatever the parser calls it", () => {
    expect(new UAParser(UA.android3MobileSafari).getDevice().type).toBe("mobile");
    expect(parseDevice(UA.android3MobileSafari).type).toBe("tablet");
  });

  it("Android below 3 is a phone", () => {
    untyped(UA.android2NoType);
    expect(parseDevice(UA.android2NoType).type).toBe("mobile");
  });
});

describe("device types beyond phone, tablet and desktop", () => {
  // One real user-agent per device type ua-parser-js can report, so a parser upgrade that
  // adds a type fails here instead of throwing for users.
  const byParserType: Record<string, { ua: string; type: string }> = {
    mobile: { ua: UA.pixelChrome, type: "mobile" },
    tablet: { ua: UA.galaxyTab, type: "tablet" },
    smarttv: { ua: UA.samsungTv, type: "television" },
    console: { ua: UA.playStation5, type: "gaming" },
    wearable: { ua: "Mozilla/5.0 (Linux; Android 9; SM-R800) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/90.0 Mobile Safari/537.36", type: "mobile" },
    embedded: {
      ua: "Mozilla/5.0 (X11; GNU/Linux) AppleWebKit/537.36 (KHTML, like Gecko) Chromium/79.0.3945.130 Chrome/79.0.3945.130 Safari/537.36 Tesla/2020.16.2.1-e99c70fff409",
      type: "media",
    },
  };

  it("covers every type the parser knows", () => {
    const d = UAParser.DEVICE;
    const parserTypes = [d.CONSOLE, d.MOBILE, d.SMARTTV, d.TABLET, d.WEARABLE, d.EMBEDDED];
    expect(Object.keys(byParserType).sort()).toEqual([...parserTypes].sort());
  });

  it.each(Object.entries(byParserType))("parser type %s", (parserType, { ua, type }) => {
    expect(new UAParser(ua).getDevice().type).toBe(parserType);
    expect(parseDevice(ua).type).toBe(type);
  });

  it("an e-ink Kindle is an e-reader", () => {
    expect(parseDevice(UA.kindle).type).toBe("ereader");
  });

  it("the Android SDK emulator is an emulator", () => {
    expect(parseDevice(UA.androidEmulator).type).toBe("emulator");
    expect(
      parseDevice("Mozilla/5.0 (Linux; Android 9; Android SDK built for x86 Build/PSR1.180720.075) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/69.0.3497.100 Mobile Safari/537.36").type,
    ).toBe("emulator");
  });

  it("an unidentified Android maker is no manufacturer", () => {
    expect(new UAParser("Opera/9.80 (Android 2.3.3; Linux; Opera Mobi/ADR-1111101157; U; es-ES) Presto/2.9.201 Version/11.50").getDevice().vendor).toBe("Generic");
    expect(parseDevice("Opera/9.80 (Android 2.3.3; Linux; Opera Mobi/ADR-1111101157; U; es-ES) Presto/2.9.201 Version/11.50").manufacturer).toBeNull();
  });
});
