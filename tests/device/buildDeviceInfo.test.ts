import { describe, expect, it } from "vitest";
import { browserKindOf } from "../../src/device/buildDeviceInfo";
import { infoFor } from "./deviceInfoFor";
import { UA } from "./userAgents";

describe("buildDeviceInfo", () => {
  it("describes the messaging app on iOS", () => {
    expect(infoFor(UA.wechatIos)).toEqual({
      deviceType: "mobile",
      version: "iOS 16.6",
      model: "iPhone",
      networkType: "WIFI",
      browser: "WeChat/8.0.42",
      engine: "WebKit/605.1.15",
      theme: "03",
      grayVersion: "g2",
      browserKind: "wechat",
      trtc: 1,
      h5conf: [1, -2, 5],
      h5downgrade: [2, 11],
    });
  });

  it("takes the network type the messaging app puts in its user-agent", () => {
    expect(infoFor(UA.wechatAndroid).networkType).toBe("4G");
    expect(infoFor(UA.androidChrome).networkType).toBeNull();
  });

  it("tells the messaging app, its mini-program and other browsers apart", () => {
    expect(infoFor(UA.wechatAndroid).browserKind).toBe("wechat");
    expect(infoFor(UA.miniProgramAndroid).browserKind).toBe("wechatmp");
    expect(infoFor(UA.miniProgramIos, { inIframe: false, wxjsEnvironment: "miniprogram" }).browserKind).toBe("wechatmp");
    expect(infoFor(UA.wxworkIos).browserKind).toBe("other");
    expect(infoFor(UA.macSafari).browserKind).toBe("other");
    expect(browserKindOf({ kind: "none", version: null, inIframe: false })).toBe("other");
  });

  it("leaves out what the user-agent does not say", () => {
    const info = infoFor(UA.windowsChrome);
    expect(info.model).toBeNull();
    expect(info.deviceType).toBe("desktop");
    expect(info.version).toBe("Windows 10");
  });
});
