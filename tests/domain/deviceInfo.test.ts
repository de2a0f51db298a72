import { describe, expect, it } from "vitest";
import type { DeviceInfoFields } from "../../schemas/device";
import { DeviceInfoParseError, formatDeviceInfo, parseDeviceInfo } from "../../src/domain/deviceInfo";
import { infoFor } from "../device/deviceInfoFor";
import { UA } from "../device/userAgents";

describe("formatDeviceInfo / parseDeviceInfo", () => {
  it("writes every key in a fixed order with URL-encoded values", () => {
    expect(formatDeviceInfo(infoFor(UA.wechatIos))).toBe(
      "deviceType=mobile;version=iOS%2016.6;model=iPhone;networkType=WIFI;browser=WeChat%2F8.0.42;engine=WebKit%2F605.1.15;" +
        "wv=03_g2;browserKind=wechat;trtc=1;h5conf=1%2C-2%2C5;h5downgrade=2%2C11",
    );
  });

  it.each(Object.entries(UA))("round-trips %s", (_name, ua) => {
    const info = infoFor(ua);
    expect(parseDeviceInfo(formatDeviceInfo(info))).toEqual(info);
  });

  it("round-trips nulls, the default theme, empty code lists and separators inside values", () => {
    const info: DeviceInfoFields = {
      deviceType: "tablet",
      version: null,
      model: "A;B=C,D_E",
      networkType: null,
      browser: null,
      engine: null,
      theme: "",
      grayVersion: "",
      browserKind: "other",
      trtc: null,
      h5conf: [],
      h5downgrade: [],
    };
    const text = formatDeviceInfo(info);
    expect(text).toContain("wv=_;");
    expect(parseDeviceInfo(text)).toEqual(info);
    const grayWithUnderscore = { ...info, theme: "12" as const, grayVersion: "canary_2" };
    expect(parseDeviceInfo(formatDeviceInfo(grayWithUnderscore))).toEqual(grayWithUnderscore);
  });

  it("rejects unknown and missing keys, naming the known ones", () => {
    const text = formatDeviceInfo(infoFor(UA.wechatIos));
    expect(() => parseDeviceInfo(`${text};colour=red`)).toThrow(/unknown key "colour"; known keys: deviceType, version/);
    expect(() => parseDeviceInfo(text.replace(/;trtc=1/, ""))).toThrow(/trtc: missing/);
  });

  it("rejects values outside the code lists of spec §3", () => {
    const text = formatDeviceInfo(infoFor(UA.wechatIos));
    expect(() => parseDeviceInfo(text.replace("trtc=1", "trtc=7"))).toThrow(DeviceInfoParseError);
    expect(() => parseDeviceInfo(text.replace("h5downgrade=2%2C11", "h5downgrade=7"))).toThrow(/h5downgrade/);
    expect(() => parseDeviceInfo(text.replace("h5conf=1%2C-2%2C5", "h5conf=1%2Cx"))).toThrow(/h5conf/);
    expect(() => parseDeviceInfo(text.replace("deviceType=mobile", "deviceType=phone"))).toThrow(/deviceType/);
    expect(() => parseDeviceInfo(text.replace("wv=03_g2", "wv=99_g2"))).toThrow(/theme/);
    expect(() => parseDeviceInfo(text.replace("wv=03_g2", "wv=03"))).toThrow(/wv: expected/);
  });

  it("rejects a repeated key and broken encoding", () => {
    const text = formatDeviceInfo(infoFor(UA.wechatIos));
    expect(() => parseDeviceInfo(`${text};trtc=2`)).toThrow(/trtc: given twice/);
    expect(() => parseDeviceInfo(text.replace("model=iPhone", "model=%E0%A4%A"))).toThrow(/model: not URL-encoded/);
  });
});
