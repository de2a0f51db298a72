import { describe, expect, it } from "vitest";
import { findCamouflage } from "../../src/device/camouflage";
import { parseDevice } from "../../src/device/parseDevice";
import { UA } from "./userAgents";

function rule(ua: string) {
  return findCamouflage(parseDevice(ua));
}

describe("camouflage: consistent user-agents are not flagged", () => {
  it.each(Object.entries(UA))("%s", (_name, ua) => {
    expect(parseDevice(ua).camouflage).toBe(false);
  });

  it("Chrome 95 on Android 5 (its last release there)", () => {
    expect(rule("Mozilla/5.0 (Linux; Android 5.1.1; SM-J200G) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/95.0.4638.74 Mobile Safari/537.36")).toBeNull();
  });

  it("Safari 13 on macOS 10.13", () => {
    expect(rule("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_13_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.2 Safari/605.1.15")).toBeNull();
  });

  it("Safari 5 on iOS 4 (iOS 4 shipped Safari 5)", () => {
    expect(rule("Mozilla/5.0 (iPhone; CPU iPhone OS 4_3_3 like Mac OS X; en-us) AppleWebKit/533.17.9 (KHTML, like Gecko) Version/5.0.2 Mobile/8J2 Safari/6533.18.5")).toBeNull();
  });
});

describe("camouflage: contradictions are flagged with the rule they break", () => {
  it("an iPhone user-agent with a Blink engine", () => {
    const ua = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36";
    expect(parseDevice(ua).camouflage).toBe(true);
    expect(rule(ua)).toBe("iosNonWebKit");
  });

  it("Chrome 120 on the old WebKit 534 of the Android stock browser", () => {
    const ua = "Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/534.30 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/534.30";
    expect(parseDevice(ua).camouflage).toBe(true);
    expect(rule(ua)).toBe("engineFamily");
  });

  it("Chromium 119 claiming a Chrome 120 engine", () => {
    const ua = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chromium/119.0.6045.159 Chrome/120.0.6099.28 Safari/537.36";
    expect(parseDevice(ua).camouflage).toBe(true);
    expect(rule(ua)).toBe("chromeBlinkVersion");
  });

  it("Chrome 120 on Android 5.1, whose last Chrome was 95", () => {
    const ua = "Mozilla/5.0 (Linux; Android 5.1.1; SM-J200G) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36";
    expect(parseDevice(ua).camouflage).toBe(true);
    expect(rule(ua)).toBe("chromeTooNewForAndroid");
  });

  it("Safari 17 on iOS 12, which shipped Safari 12", () => {
    const ua = "Mozilla/5.0 (iPhone; CPU iPhone OS 12_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";
    expect(parseDevice(ua).camouflage).toBe(true);
    expect(rule(ua)).toBe("safariIosVersion");
  });

  it("Safari 26 on an iOS 17 that cannot run it (the frozen OS value is 18.6)", () => {
    const ua = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/26.0 Mobile/15E148 Safari/604.1";
    expect(rule(ua)).toBe("safariIosVersion");
  });

  it("Safari 17 on macOS 10.12, which stopped at Safari 12", () => {
    const ua = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_12_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Safari/605.1.15";
    expect(parseDevice(ua).camouflage).toBe(true);
    expect(rule(ua)).toBe("safariMacVersion");
  });

  it("Safari 17 on Windows, where Safari ended at 5.1", () => {
    const ua = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15";
    expect(parseDevice(ua).camouflage).toBe(true);
    expect(rule(ua)).toBe("safariWindows");
  });
});
