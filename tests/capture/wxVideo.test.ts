/**
 * The messaging-app video handler against a fake `wx` object with weixin-js-sdk's shape:
 * the JS config built from the launch (spec §7), ready/error, chooseVideo's answers, and
 * what becomes of a video the page can read versus one only the app can.
 */
import { describe, expect, it } from "vitest";
import type { CaptureRequest } from "../../src/capture/contract";
import { readableVideoUrl } from "../../src/capture/wx/localVideo";
import { wxVideoApiFrom, type WxVideoApi } from "../../src/capture/wx/wxVideoApi";
import { createWxVideoHandlerWith, maxDurationSeconds, type WxVideoHandlerEnv } from "../../src/capture/wxVideoHandler";
import { ApiError } from "../../src/api/apiError";
import type { ApiClient } from "../../src/api/client";
import { captureDeps, fakeApi, manualClock } from "./websocketHandlerFakes";

const LAUNCH = { signature: "0123456789abcdef0123456789abcdef01234567", nonce_str: "nonce-42", time_stamp: "1900000000" };
const PAGE = "https://verify.example.com";

const action: CaptureRequest = {
  liveMode: "action",
  will: false,
  digits: null,
  actions: ["2"],
  question: null,
  durationMs: { min: 1000, max: 3000 },
  audio: false,
  facing: "user",
  promptLeadMs: 0,
};

type Answer = Record<string, unknown>;
type Callbacks = { success?: (a: Answer) => void; fail?: (a: Answer) => void; cancel?: (a: Answer) => void };

/** A `wx` object shaped like jweixin's: config/ready/error, and video calls answering as scripted. */
function fakeWx(script: { config?: "ok" | "error" | "silent"; choose?: (cb: Callbacks) => void; upload?: (cb: Callbacks) => void; check?: Record<string, boolean> } = {}) {
  const calls: { name: string; params: unknown }[] = [];
  let readyFn: (() => void) | null = null;
  let errorFn: ((a: Answer) => void) | null = null;
  const wx = {
    config(params: unknown) {
      calls.push({ name: "config", params });
      queueMicrotask(() => {
        if (script.config === "error") errorFn?.({ errMsg: "config:invalid signature" });
        else if (script.config !== "silent") readyFn?.();
      });
    },
    ready: (fn: () => void) => void (readyFn = fn),
    error: (fn: (a: Answer) => void) => void (errorFn = fn),
    checkJsApi(params: { jsApiList: string[]; success: (a: Answer) => void }) {
      calls.push({ name: "checkJsApi", params: params.jsApiList });
      params.success({ errMsg: "checkJsApi:ok", checkResult: script.check ?? Object.fromEntries(params.jsApiList.map((api) => [api, true])) });
    },
    chooseVideo(params: Callbacks & Record<string, unknown>) {
      const { success: _s, fail: _f, cancel: _c, ...rest } = params;
      calls.push({ name: "chooseVideo", params: rest });
      (script.choose ?? ((cb) => cb.success?.({ errMsg: "chooseVideo:ok", localId: "wxLocalResource://v1", duration: 2.4, size: 240_000 })))(params);
    },
    uploadVideo(params: Callbacks & Record<string, unknown>) {
      const { success: _s, fail: _f, cancel: _c, ...rest } = params;
      calls.push({ name: "uploadVideo", params: rest });
      (script.upload ?? ((cb) => cb.success?.({ errMsg: "uploadVideo:ok", serverId: "server-id-1" })))(params);
    },
  };
  return { namespace: { default: wx }, calls, names: () => calls.map((c) => c.name) };
}

function setUp(wx: { namespace: unknown }, options: { wxAppId?: string; fetched?: Blob | null; launch?: Record<string, string>; api?: ApiClient; deviceInfo?: string } = {}) {
  const clock = manualClock();
  const fetched: string[] = [];
  const env: WxVideoHandlerEnv = {
    loadApi: async (): Promise<WxVideoApi> => wxVideoApiFrom(wx.namespace),
    wxAppId: options.wxAppId ?? "",
    pageOrigin: PAGE,
    fetch: async (input) => {
      fetched.push(String(input));
      const blob = options.fetched === undefined ? new Blob([new Uint8Array(200_000)], { type: "video/mp4" }) : options.fetched;
      return blob === null ? new Response(null, { status: 404 }) : new Response(blob, { status: 200, headers: { "content-type": blob.type } });
    },
    readDuration: async () => 2600,
    timers: clock,
    configTimeoutMs: 10_000,
  };
  const deps = captureDeps(clock, options.api, options.launch ?? LAUNCH);
  const { deviceInfo } = options;
  const handler = createWxVideoHandlerWith(deviceInfo === undefined ? deps : { ...deps, describeDevice: async () => deviceInfo }, env);
  return { clock, handler, fetched };
}

async function run(s: ReturnType<typeof setUp>, request = action) {
  const outcome = s.handler.start(request, () => undefined);
  await s.clock.advance(0);
  return outcome;
}

describe("messaging-app video: JS config (spec §7)", () => {
  it("configures with the launch's signature, nonce and timestamp and the four video APIs", async () => {
    const wx = fakeWx({ choose: (cb) => cb.cancel?.({ errMsg: "chooseVideo:cancel" }) });
    await run(setUp(wx));
    expect(wx.calls[0]).toEqual({
      name: "config",
      params: {
        debug: false,
        timestamp: 1900000000,
        nonceStr: "nonce-42",
        signature: LAUNCH.signature,
        jsApiList: ["chooseMedia", "chooseVideo", "uploadVideo", "checkJsApi"],
      },
    });
  });

  it("includes the official account's app id when one is configured", async () => {
    const wx = fakeWx({ choose: (cb) => cb.cancel?.({ errMsg: "chooseVideo:cancel" }) });
    await run(setUp(wx, { wxAppId: "wx0123456789abcdef" }));
    expect(wx.calls[0]?.params).toMatchObject({ appId: "wx0123456789abcdef" });
  });

  it("a refused config ends the attempt without opening the camera, marked unusable (spec §8: analytics only)", async () => {
    const wx = fakeWx({ config: "error" });
    expect(await run(setUp(wx))).toEqual({ kind: "failed", status: "exception", unusable: "config:invalid signature" });
    expect(wx.names()).toEqual(["config"]);
  });

  it("a config that never answers is given up after the timeout", async () => {
    const wx = fakeWx({ config: "silent" });
    const s = setUp(wx);
    const outcome = s.handler.start(action, () => undefined);
    await s.clock.advance(10_000);
    expect(await outcome).toEqual({ kind: "failed", status: "exception", unusable: "config:timeout" });
  });

  it("a launch without signature material cannot configure", async () => {
    const wx = fakeWx();
    expect(await run(setUp(wx, { launch: { nonce_str: "n", time_stamp: "1" } }))).toEqual({ kind: "failed", status: "exception", unusable: "config:no signature material" });
    expect(wx.calls).toEqual([]);
  });

  it("an app without chooseVideo says so through checkJsApi", async () => {
    const wx = fakeWx({ check: { chooseVideo: false, uploadVideo: true } });
    expect(await run(setUp(wx))).toEqual({ kind: "failed", status: "exception", unusable: "checkJsApi:chooseVideo not supported" });
    expect(wx.names()).not.toContain("chooseVideo");
  });
});

describe("messaging-app video: choosing and handing over", () => {
  it("records with the front camera, the camera only, and the window's maximum in whole seconds", async () => {
    const wx = fakeWx();
    await run(setUp(wx));
    expect(wx.calls.find((c) => c.name === "chooseVideo")?.params).toEqual({ sourceType: ["camera"], camera: "front", maxDuration: 3 });
    expect(maxDurationSeconds({ durationMs: { min: 1000, max: 4500 } })).toBe(5);
  });

  it("a video the page can read is returned as the recording", async () => {
    const wx = fakeWx({ choose: (cb) => cb.success?.({ errMsg: "chooseVideo:ok", localId: "blob:https://verify.example.com/3f2a", duration: 2.4 }) });
    const s = setUp(wx);
    const outcome = await run(s);
    expect(outcome).toMatchObject({ kind: "recording", mimeType: "video/mp4", durationMs: 2400 });
    if (outcome.kind === "recording") expect(outcome.blob.size).toBe(200_000);
    expect(s.fetched).toEqual(["blob:https://verify.example.com/3f2a"]);
    expect(wx.names()).not.toContain("uploadVideo");
  });

  it("reads the duration from the file when the app does not say", async () => {
    const wx = fakeWx({ choose: (cb) => cb.success?.({ errMsg: "chooseVideo:ok", tempFilePath: "/tmp/v.mp4" }) });
    const outcome = await run(setUp(wx));
    expect(outcome).toMatchObject({ kind: "recording", durationMs: 2600 });
  });

  it("a video only the app can open is uploaded to its cloud, and the service fetches it by its server id (spec §7)", async () => {
    const wx = fakeWx();
    const sent: unknown[] = [];
    const api = fakeApi({ uploadWxVideo: async (request) => (sent.push(request), { state: "verifying", attempt: 3, step: "queued", progress: 0 }) });
    const s = setUp(wx, { api, deviceInfo: "deviceType=mobile;…" });
    expect(await run(s)).toEqual({ kind: "accepted", accepted: { state: "verifying", attempt: 3, step: "queued", progress: 0 } });
    expect(wx.calls.find((c) => c.name === "uploadVideo")?.params).toEqual({ localId: "wxLocalResource://v1", isShowProgressTips: 1 });
    // With the page's device-info string of spec §3, as an upload's meta carries it.
    expect(sent).toEqual([{ serverId: "server-id-1", deviceInfo: "deviceType=mobile;…" }]);
    expect(s.fetched).toEqual([]);
  });

  it("a service that cannot fetch from the app's cloud shows serverIdNotFundException", async () => {
    const api = fakeApi({ uploadWxVideo: async () => Promise.reject(new ApiError(404, "WX_MEDIA_UNAVAILABLE", "no credentials")) });
    expect(await run(setUp(fakeWx(), { api }))).toEqual({ kind: "failed", status: "serverIdNotFundException" });
  });

  it("an upload to the app's cloud that fails is an upload failure", async () => {
    const wx = fakeWx({ upload: (cb) => cb.fail?.({ errMsg: "uploadVideo:fail network" }) });
    expect(await run(setUp(wx))).toEqual({ kind: "failed", status: "uploadVideoException" });
  });

  it("picking nothing asks for a video again", async () => {
    const wx = fakeWx({ choose: (cb) => cb.cancel?.({ errMsg: "chooseVideo:cancel" }) });
    expect(await run(setUp(wx))).toEqual({ kind: "failed", status: "chooseVideoException" });
  });

  it("a picture instead of a video asks for a video again", async () => {
    const picked = fakeWx({ choose: (cb) => cb.success?.({ errMsg: "chooseVideo:ok", localId: "wxLocalResource://p1", fileType: "image" }) });
    expect(await run(setUp(picked))).toEqual({ kind: "failed", status: "chooseVideoException" });
    const readable = fakeWx({ choose: (cb) => cb.success?.({ errMsg: "chooseVideo:ok", localId: "blob:https://verify.example.com/p2" }) });
    expect(await run(setUp(readable, { fetched: new Blob([new Uint8Array(10)], { type: "image/jpeg" }) }))).toEqual({
      kind: "failed",
      status: "chooseVideoException",
    });
  });

  it("a refused camera shows the messaging-app camera permission screen", async () => {
    const wx = fakeWx({ choose: (cb) => cb.fail?.({ errMsg: "chooseVideo:fail auth deny" }) });
    expect(await run(setUp(wx))).toEqual({ kind: "failed", status: "noVideoPermission" });
  });

  it("uses the app's bridge for calls the SDK does not name", async () => {
    const invoked: string[] = [];
    const wx = {
      config: () => undefined,
      ready: (fn: () => void) => queueMicrotask(fn),
      error: () => undefined,
      invoke(name: string, _params: unknown, callback: (answer: Answer) => void) {
        invoked.push(name);
        if (name === "checkJsApi") callback({ err_msg: "checkJsApi:ok", checkResult: { chooseVideo: true } });
        if (name === "chooseVideo") callback({ err_msg: "chooseVideo:ok", localId: "wxLocalResource://b1" });
        if (name === "uploadVideo") callback({ err_msg: "uploadVideo:ok", serverId: "s1" });
      },
    };
    const api = fakeApi({ uploadWxVideo: async ({ serverId }) => ({ state: "verifying", attempt: serverId === "s1" ? 1 : 9, step: "queued", progress: 0 }) });
    expect(await run(setUp({ namespace: { default: wx } }, { api }))).toMatchObject({ kind: "accepted", accepted: { attempt: 1 } });
    expect(invoked).toEqual(["checkJsApi", "chooseVideo", "uploadVideo"]);
  });

  it("dispose while the app's camera is open resolves cancelled", async () => {
    const wx = fakeWx({ choose: () => undefined });
    const s = setUp(wx);
    const outcome = s.handler.start(action, () => undefined);
    await s.clock.advance(0);
    s.handler.dispose();
    expect(await outcome).toEqual({ kind: "cancelled" });
  });
});

describe("which chosen files the page can read", () => {
  it("blob:, data: and same-origin addresses; never the app's private ids or other origins", () => {
    expect(readableVideoUrl({ localId: "blob:https://verify.example.com/x" }, PAGE)).toBe("blob:https://verify.example.com/x");
    expect(readableVideoUrl({ tempFilePath: "/media/v.mp4" }, PAGE)).toBe("https://verify.example.com/media/v.mp4");
    expect(readableVideoUrl({ localId: "wxLocalResource://abc" }, PAGE)).toBeNull();
    expect(readableVideoUrl({ tempFilePath: "https://evil.example/v.mp4" }, PAGE)).toBeNull();
    expect(readableVideoUrl({}, PAGE)).toBeNull();
  });
});
