import { describe, expect, it } from "vitest";
import {
  detectMessagingApp,
  isAndroidUserAgent,
  isIOSUserAgent,
  isWxCameraUsable,
  type MessagingApp,
} from "../../src/device/messagingApp";
import { UA } from "./userAgents";

const top = { inIframe: false };

describe("detectMessagingApp", () => {
  it("recognises the in-app browser on iOS and Android with its version", () => {
    expect(detectMessagingApp(UA.wechatIos, top)).toEqual({ kind: "wechat", version: "8.0.42", inIframe: false });
    expect(detectMessagingApp(UA.wechatAndroid, top)).toEqual({ kind: "wechat", version: "8.0.37.2380", inIframe: false });
  });

  it("recognises the work variant although its user-agent also says MicroMessenger", () => {
    expect(detectMessagingApp(UA.wxworkIos, top)).toEqual({ kind: "wxwork", version: "4.1.6", inIframe: false });
    expect(detectMessagingApp(UA.wxworkAndroid, top)).toEqual({ kind: "wxwork", version: "4.1.10", inIframe: false });
  });

  it("recognises an Android mini-program web-view from the user-agent", () => {
    expect(detectMessagingApp(UA.miniProgramAndroid, top)).toEqual({ kind: "miniprogram", version: "8.0.28.2240", inIframe: false });
  });

  it("recognises an iOS mini-program web-view only through __wxjs_environment", () => {
    expect(detectMessagingApp(UA.miniProgramIos, top).kind).toBe("wechat");
    expect(detectMessagingApp(UA.miniProgramIos, { inIframe: false, wxjsEnvironment: "miniprogram" }).kind).toBe("miniprogram");
    expect(detectMessagingApp(UA.miniProgramIos, { inIframe: false, wxjsEnvironment: "browser" }).kind).toBe("wechat");
  });

  it("reports plain browsers as none, without a version", () => {
    for (const ua of [UA.iphoneSafari, UA.androidChrome, UA.windowsChrome, UA.macSafari]) {
      expect(detectMessagingApp(ua, top)).toEqual({ kind: "none", version: null, inIframe: false });
    }
  });

  it("keeps the frame flag", () => {
    expect(detectMessagingApp(UA.wechatIos, { inIframe: true }).inIframe).toBe(true);
  });
});

describe("isWxCameraUsable", () => {
  const allowedOrigins = ["https://faceflow.example.com", "http://localhost:8080"];
  const wechat = detectMessagingApp(UA.wechatAndroid, top);
  const base = { messagingApp: wechat, signature: "a1b2c3", origin: "https://faceflow.example.com", allowedOrigins };

  it("is usable in the messaging app with a signature from an allowed origin", () => {
    expect(isWxCameraUsable(base)).toBe(true);
  });

  it("is not usable in the work variant, a mini-program or a plain browser", () => {
    for (const ua of [UA.wxworkIos, UA.miniProgramAndroid, UA.androidChrome]) {
      expect(isWxCameraUsable({ ...base, messagingApp: detectMessagingApp(ua, top) })).toBe(false);
    }
    const iosMini = detectMessagingApp(UA.miniProgramIos, { inIframe: false, wxjsEnvironment: "miniprogram" });
    expect(isWxCameraUsable({ ...base, messagingApp: iosMini })).toBe(false);
  });

  it("is not usable inside a frame", () => {
    const framed: MessagingApp = detectMessagingApp(UA.wechatAndroid, { inIframe: true });
    expect(isWxCameraUsable({ ...base, messagingApp: framed })).toBe(false);
  });

  it("needs a non-empty signature", () => {
    expect(isWxCameraUsable({ ...base, signature: "" })).toBe(false);
    expect(isWxCameraUsable({ ...base, signature: "   " })).toBe(false);
    expect(isWxCameraUsable({ ...base, signature: undefined })).toBe(false);
    expect(isWxCameraUsable({ ...base, signature: null })).toBe(false);
  });

  it("needs an allowed origin, ignoring case and a trailing slash", () => {
    expect(isWxCameraUsable({ ...base, origin: "https://evil.example.net" })).toBe(false);
    expect(isWxCameraUsable({ ...base, origin: "http://faceflow.example.com" })).toBe(false);
    expect(isWxCameraUsable({ ...base, origin: "HTTPS://FaceFlow.example.com" })).toBe(true);
    expect(isWxCameraUsable({ ...base, allowedOrigins: ["https://faceflow.example.com/"] })).toBe(true);
    expect(isWxCameraUsable({ ...base, allowedOrigins: [] })).toBe(false);
  });
});

describe("platform helpers", () => {
  it("recognise iOS user-agents, including the messaging app and iPad", () => {
    for (const ua of [UA.iphoneSafari, UA.iphoneChrome, UA.wechatIos, UA.wxworkIos, UA.ipadSafari]) expect(isIOSUserAgent(ua)).toBe(true);
    for (const ua of [UA.androidChrome, UA.macSafari, UA.windowsChrome, UA.wechatAndroid]) expect(isIOSUserAgent(ua)).toBe(false);
  });

  it("recognise Android user-agents, including UC's Adr form", () => {
    for (const ua of [UA.androidChrome, UA.wechatAndroid, UA.galaxyTab, UA.android4Phone]) expect(isAndroidUserAgent(ua)).toBe(true);
    expect(isAndroidUserAgent("UCWEB/2.0 (Linux; U; Adr 2.3; zh-CN; MI-ONEPlus) U2/1.0.0 UCBrowser/8.6.0.199 U2/1.0.0 Mobile")).toBe(true);
    for (const ua of [UA.iphoneSafari, UA.macSafari, UA.windowsChrome]) expect(isAndroidUserAgent(ua)).toBe(false);
  });
});
