import { describe, expect, it } from "vitest";
import { ctx, engine, landing } from "./fixtures";

const guard = (o: Parameters<typeof ctx>[0]) => landing(engine.guard(ctx(o)));

describe("guard step 1: finished launch or no retry → exitException", () => {
  const finished = { storedUrl: "null" };
  it("stored url 'null' blocks pages with the finish check", () => {
    expect(guard({ name: "vertify", session: finished })).toBe("/error?status=exitException");
    expect(guard({ name: "h5pre", session: finished })).toBe("/error?status=exitException");
  });
  it("pages without the finish check stay reachable", () => {
    expect(guard({ name: "success", session: finished })).toBe("allow");
    expect(guard({ name: "protocol", session: finished })).toBe("allow");
  });
  it("no-retry blocks pages with the retry check only (the recording pages, not the result pages)", () => {
    expect(guard({ name: "vertify", session: { noRetry: true } })).toBe("/error?status=exitException");
    expect(guard({ name: "action_ws_record", session: { noRetry: true } })).toBe("/error?status=exitException");
    expect(guard({ name: "fail", session: { noRetry: true } })).toBe("allow");
    expect(guard({ name: "h5pre", session: { noRetry: true } })).toBe("allow");
  });
  it("exceptions: the error page with code 400101, with a msg, or with status exitException", () => {
    expect(guard({ name: "error", query: { code: "400101" }, session: finished })).toBe("allow");
    expect(guard({ name: "error", query: { msg: "服务繁忙" }, session: finished })).toBe("allow");
    expect(guard({ name: "error", query: { status: "exitException" }, session: finished })).toBe("allow");
  });
  it("the error page with any other status is replaced by exitException once finished", () => {
    expect(guard({ name: "error", query: { status: "exception" }, session: finished })).toBe("/error?status=exitException");
  });
});

describe("guard step 2: no order_no cookie", () => {
  it("pages needing login or cookie go to noCookieException and report a statistic", () => {
    const r = engine.guard(ctx({ name: "vertify", session: { hasOrderNoCookie: false } }));
    expect(landing(r)).toBe("/error?status=noCookieException");
    expect(r.effects).toContainEqual({ kind: "stat", name: "noCookie", data: { step: "noCookie" } });
  });
  it("pages without the flag do not need the cookie", () => {
    expect(guard({ name: "entry", session: { hasOrderNoCookie: false } })).toBe("allow");
    expect(guard({ name: "login", session: { hasOrderNoCookie: false } })).toBe("allow");
  });
});

describe("guard step 3: will mode settings", () => {
  it("will mode on a cookie page goes to errorSettings", () => {
    expect(guard({ name: "h5pre", launch: { live_service: "2" } })).toBe("/error?status=errorSettings");
    expect(guard({ name: "action_trtc_pre", launch: { live_service: "2", live_type: "3", rtc_mode_switch: "1" } })).toBe(
      "/error?status=errorSettings",
    );
  });
  it("except action mode that is not silent with real-time video enabled", () => {
    expect(guard({ name: "action_trtc_pre", launch: { live_service: "2", live_type: "2", rtc_mode_switch: "1" } })).toBe("allow");
  });
  it("pages that need no cookie are not affected", () => {
    expect(guard({ name: "protocol", launch: { live_service: "2" } })).toBe("allow");
  });
});

describe("guard step 4: action mode rewrites to /action/ counterparts", () => {
  const action = { live_type: "2" as const };
  it.each([
    ["pre", "/action/pre"],
    ["error", "/action/error"],
    ["vertify", "/action/vertify"],
    ["fail", "/action/fail"],
    ["success", "/action/success"],
    ["h5pre", "/action/h5pre"],
  ])("%s → %s", (name, to) => {
    const device = { wxCameraUsable: name === "pre" };
    expect(guard({ name, launch: action, device })).toBe(to);
  });
  it("silent mode rewrites the start pages to their silent variants", () => {
    expect(guard({ name: "h5pre", launch: { live_type: "3" } })).toBe("/action/h5pre/slient");
  });
  it("keeps the query (the error route's status, code, msg, type)", () => {
    expect(guard({ name: "error", launch: action, query: { status: "exception", type: "websocket" } })).toBe(
      "/action/error?status=exception&type=websocket",
    );
  });
});

describe("guard step 5: non-action mode rewrites action_ names to the plain name", () => {
  it.each([
    ["action_error", "/error"],
    ["action_success", "/success"],
    ["action_vertify", "/vertify"],
    ["action_h5pre_slient", "/h5pre"],
  ])("%s → %s", (name, to) => {
    expect(guard({ name, launch: { live_type: "1" } })).toBe(to);
  });
  it("action routes without a plain counterpart stay", () => {
    expect(guard({ name: "action_trtc_pre", launch: { live_type: "1", rtc_mode_switch: "1" } })).toBe("allow");
  });
});

describe("guard step 6: messaging-app channel", () => {
  it("h5pre with the messaging-app camera available goes to /", () => {
    expect(guard({ name: "h5pre", device: { wxCameraUsable: true } })).toBe("/");
  });
  it("a messaging-app channel page without the camera goes to /", () => {
    expect(guard({ name: "pre", device: { wxCameraUsable: false } })).toBe("/");
  });
  it("each start page is allowed on its own channel", () => {
    expect(guard({ name: "pre", device: { wxCameraUsable: true } })).toBe("allow");
    expect(guard({ name: "h5pre", device: { wxCameraUsable: false } })).toBe("allow");
  });
});

describe("guard step 7: messaging-app auth code", () => {
  const obtainable = { device: { wxCameraUsable: true, wxCodeObtainable: true }, settings: { tldSwitch: true } };
  it("missing but obtainable code leaves for the OAuth page, which returns to the root with #/", () => {
    const r = guard({ name: "pre", ...obtainable });
    expect(r.startsWith("full:https://open.weixin.qq.com/connect/oauth2/authorize?")).toBe(true);
    const url = new URL(r.slice(5));
    expect(url.searchParams.get("response_type")).toBe("code");
    expect(url.searchParams.get("scope")).toBe("snsapi_base");
    expect(url.searchParams.get("appid")).toBe("wx123");
    // Back to the page root with #/, keeping the launch query but not the stale code.
    expect(url.searchParams.get("redirect_uri")).toBe("https://verify.example/?h5_face_id=F1#/");
  });
  it("does nothing with the switch off, the code present, or no way to get one", () => {
    expect(guard({ name: "pre", ...obtainable, settings: { tldSwitch: false } })).toBe("allow");
    expect(guard({ name: "pre", ...obtainable, session: { wxAuthCode: "0313abcd" } })).toBe("allow");
    expect(guard({ name: "pre", device: { wxCameraUsable: true, wxCodeObtainable: false }, settings: { tldSwitch: true } })).toBe("allow");
  });
});

describe("guard order", () => {
  it("the finish check wins over the missing cookie", () => {
    expect(guard({ name: "vertify", session: { storedUrl: "null", hasOrderNoCookie: false } })).toBe("/error?status=exitException");
  });
  it("the missing cookie wins over the will settings check", () => {
    expect(guard({ name: "h5pre", launch: { live_service: "2" }, session: { hasOrderNoCookie: false } })).toBe(
      "/error?status=noCookieException",
    );
  });
});
