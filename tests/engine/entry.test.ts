import { describe, expect, it } from "vitest";
import { ctx, engine, landing } from "./fixtures";

const entry = (o: Parameters<typeof ctx>[0]) => landing(engine.entry(ctx({ path: "/", ...o })));

describe("root redirect (spec §2), in order", () => {
  it("1. login required goes to /login before anything else", () => {
    expect(entry({ session: { loginRequired: true }, launch: { live_type: "3" } })).toBe("/login");
  });

  it("2. silent mode goes to /action/h5pre/slient, or /action/pre/slient with the messaging-app camera", () => {
    expect(entry({ launch: { live_type: "3", rtc_mode_switch: "1" } })).toBe("/action/h5pre/slient");
    expect(entry({ launch: { live_type: "3" }, device: { wxCameraUsable: true } })).toBe("/action/pre/slient");
  });

  it("3. action mode without real-time video or websocket goes to /action/{pre|h5pre}", () => {
    expect(entry({ launch: { live_type: "2" } })).toBe("/action/h5pre");
    expect(entry({ launch: { live_type: "2" }, device: { wxCameraUsable: true } })).toBe("/action/pre");
  });

  it("4. real-time video or websocket enabled and supported goes to /action/trtc/pre", () => {
    expect(entry({ launch: { live_type: "2", rtc_mode_switch: "1" } })).toBe("/action/trtc/pre");
    expect(entry({ launch: { live_type: "1", ws_mode_switch: "1" } })).toBe("/action/trtc/pre");
    expect(entry({ launch: { live_service: "2", live_type: "2", rtc_mode_switch: "1" } })).toBe("/action/trtc/pre");
  });

  it("4. enabled but unsupported real-time modes fall through to the start page", () => {
    const session = { supportTrtc: false, supportWs: false };
    expect(entry({ launch: { live_type: "1", rtc_mode_switch: "1", ws_mode_switch: "1" }, session })).toBe("/h5pre");
    expect(entry({ launch: { live_type: "2", rtc_mode_switch: "1" }, session: { supportTrtc: false } })).toBe("/h5pre");
  });

  it("5. otherwise /h5pre, or /pre when the messaging-app camera is usable", () => {
    expect(entry({ launch: { live_type: "1" } })).toBe("/h5pre");
    expect(entry({ launch: {}, device: { wxCameraUsable: true } })).toBe("/pre");
  });

  it("action and silent are off in the landscape theme 02", () => {
    expect(entry({ launch: { live_type: "3", theme: "02" } })).toBe("/h5pre");
    expect(entry({ launch: { live_type: "2", theme: "02" } })).toBe("/h5pre");
  });

  it("6. a code longer than 6 characters is cached and counted as a success", () => {
    const r = engine.entry(ctx({ path: "/", search: { code: "0313abcd" } }));
    expect(r.effects).toContainEqual({ kind: "cacheAuthCode", code: "0313abcd" });
    expect(r.effects.map((e) => (e.kind === "stat" ? e.name : e.kind))).toContain("wxAuthCodeSuccess");
  });

  it("6. a code of 6 characters or fewer is counted as a failure", () => {
    const r = engine.entry(ctx({ path: "/", search: { code: "abcdef" } }));
    const names = r.effects.map((e) => (e.kind === "stat" ? e.name : e.kind));
    expect(names).toContain("wxAuthCodeFailure");
    expect(names).not.toContain("wxAuthCodeSuccess");
  });

  it("without a code nothing is cached", () => {
    expect(engine.entry(ctx({ path: "/" })).effects).toEqual([]);
  });
});
