/**
 * The messaging-app camera (capture kind "wxVideo", Android inside the messaging app,
 * spec §7): the app's own camera records through the JS-SDK, configured with the launch's
 * signature, nonce_str and time_stamp.
 *
 *   wx.config → wx.ready (wx.error: the config was refused) → checkJsApi
 *   → chooseVideo({ sourceType: ["camera"], camera: "front", maxDuration })
 *   → the file, when the page can read it → {kind: "recording"}
 *   → otherwise uploadVideo → serverId → POST /api/v1/upload/wx → {kind: "accepted"}
 *
 * The serverId names the video in the messaging app's cloud, and only a service holding that
 * official account's access token can download it (src/server/wx/, FACEFLOW_WX_MP_*). A
 * service without those credentials, or a video the cloud no longer has, answers with a code
 * whose screen is serverIdNotFundException (spec §8).
 *
 * Nothing picked, or a picture instead of a video: chooseVideoException. A refused camera:
 * noVideoPermission. An SDK that does not load, a refused or unanswered config, or an app
 * without chooseVideo (checkJsApi) is a config error, which spec §8 sends to analytics only:
 * the outcome is marked `unusable` (what failed), and the page records that statistic,
 * marks the messaging-app camera unusable for the session and records with the next kind
 * (src/flow/attempt/cameraFailure.ts) instead of showing an error.
 */
import type { AppsFile } from "../../schemas/apps";
import { ApiError } from "../api/apiError";
import { screenForApiError } from "../api/screenForApiError";
import type { CaptureDeps, CaptureHandler, CaptureOutcome, CaptureRequest } from "./contract";
import { readVideoDuration } from "./recorder/videoFileDuration";
import { createCaptureScope, type Timers } from "./stream/captureScope";
import { fetchLocalVideo, readableVideoUrl } from "./wx/localVideo";
import { loadWxVideoApi, WX_VIDEO_JS_APIS, WxConfigError, type WxChosenVideo, type WxVideoApi } from "./wx/wxVideoApi";

/** wx.ready normally fires within a second; no answer means the app will not configure. */
const WX_CONFIG_TIMEOUT_MS = 10_000;
const DURATION_READ_TIMEOUT_MS = 5000;

type Failed = Extract<CaptureOutcome, { kind: "failed" }>;
const failed = (status: Failed["status"]): Failed => ({ kind: "failed", status });
/** A config error (spec §8: analytics only); `exception` is never shown for it. */
const unusable = (what: string): Failed => ({ kind: "failed", status: "exception", unusable: what });

export interface WxVideoHandlerEnv {
  loadApi(): Promise<WxVideoApi>;
  /** The official account's app id for wx.config; "" when not configured (left out). */
  wxAppId: string;
  pageOrigin: string;
  fetch: typeof fetch;
  /** Duration of a readable file in ms, null when the browser cannot tell. */
  readDuration(blob: Blob): Promise<number | null>;
  timers: Timers;
  configTimeoutMs: number;
}

/** The browser's env; `apps`: the runtime's apps.json (the official account's app id). */
function browserWxVideoEnv(win: Window, apps: AppsFile): WxVideoHandlerEnv {
  return {
    loadApi: loadWxVideoApi,
    wxAppId: apps.wxOauth.appId,
    pageOrigin: win.location.origin,
    fetch: (input, init) => win.fetch(input, init),
    readDuration: (blob) =>
      readVideoDuration(blob, {
        doc: win.document,
        url: URL,
        setTimeout: (callback, ms) => win.setTimeout(callback, ms),
        clearTimeout: (handle) => win.clearTimeout(handle),
        timeoutMs: DURATION_READ_TIMEOUT_MS,
      }),
    timers: { setTimeout: (callback, ms) => win.setTimeout(callback, ms), clearTimeout: (handle) => win.clearTimeout(handle as number) },
    configTimeoutMs: WX_CONFIG_TIMEOUT_MS,
  };
}

export function createWxVideoHandler(deps: CaptureDeps): CaptureHandler {
  return createWxVideoHandlerWith(deps, browserWxVideoEnv(deps.win, deps.apps));
}

/** Whole seconds for maxDuration: the window's maximum, rounded up so a full-length recording fits. */
export function maxDurationSeconds(request: Pick<CaptureRequest, "durationMs">): number {
  return Math.max(1, Math.ceil(request.durationMs.max / 1000));
}

function isPicture(chosen: WxChosenVideo, blob: Blob | null): boolean {
  return chosen.fileType === "image" || (blob?.type.startsWith("image/") ?? false);
}

export function createWxVideoHandlerWith(deps: CaptureDeps, env: WxVideoHandlerEnv): CaptureHandler {
  const scope = createCaptureScope(env.timers);
  let started = false;

  async function configure(api: WxVideoApi): Promise<Failed | null> {
    const { signature, nonce_str: nonceStr, time_stamp: timeStamp } = deps.launch;
    const timestamp = Number(timeStamp);
    if (!signature || !nonceStr || !timeStamp || !Number.isFinite(timestamp)) return unusable("config:no signature material");
    api.config({
      ...(env.wxAppId ? { appId: env.wxAppId } : {}),
      timestamp,
      nonceStr,
      signature,
      jsApiList: WX_VIDEO_JS_APIS,
    });
    const timedOut = new Promise<"timeout">((resolve) => void scope.after(env.configTimeoutMs, () => resolve("timeout")));
    try {
      if ((await Promise.race([api.whenReady(), timedOut])) === "timeout") return unusable("config:timeout");
    } catch (error) {
      return unusable(error instanceof WxConfigError ? error.errMsg : "config:fail");
    }
    const supported = await api.checkJsApi(["chooseVideo", "uploadVideo"]);
    return supported.chooseVideo === false ? unusable("checkJsApi:chooseVideo not supported") : null;
  }

  async function run(request: CaptureRequest): Promise<CaptureOutcome> {
    let api: WxVideoApi;
    try {
      api = await env.loadApi();
    } catch {
      return unusable("sdk:not loaded");
    }
    const refused = await configure(api);
    if (refused) return refused;
    if (scope.isSettled()) return { kind: "cancelled" };

    const chosen = await api.chooseVideo({ sourceType: ["camera"], camera: "front", maxDuration: maxDurationSeconds(request) });
    if (!chosen.ok) {
      if (!chosen.cancelled && /auth|permission|denied|deny/i.test(chosen.errMsg)) return failed("noVideoPermission");
      return failed("chooseVideoException");
    }
    const video = chosen.value;
    if (isPicture(video, null)) return failed("chooseVideoException");

    const url = readableVideoUrl(video, env.pageOrigin);
    const blob = url === null ? null : await fetchLocalVideo(env.fetch, url);
    if (blob !== null) {
      if (isPicture(video, blob)) return failed("chooseVideoException");
      const durationMs = video.duration !== undefined && video.duration > 0 ? Math.round(video.duration * 1000) : ((await env.readDuration(blob)) ?? 0);
      return { kind: "recording", blob, mimeType: blob.type || "video/mp4", durationMs };
    }

    const localId = video.localId ?? video.tempFilePath;
    if (!localId) return failed("chooseVideoException");
    const uploaded = await api.uploadVideo({ localId, isShowProgressTips: 1 });
    if (!uploaded.ok) return failed(uploaded.cancelled ? "uploadVideoOtherException" : "uploadVideoException");
    const serverId = uploaded.value.serverId;
    if (!serverId) return failed("serverIdNotFundException");
    try {
      // The device as the flow knows it now (spec §3); the video is accepted without it if it cannot be built.
      const deviceInfo = await deps.describeDevice?.().catch(() => undefined);
      const accepted = await deps.api.uploadWxVideo({ serverId, ...(deviceInfo === undefined ? {} : { deviceInfo }) });
      return { kind: "accepted", accepted };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return failed(screenForApiError(error, { stats: deps.stats, fallback: "serverIdNotFundException" }));
    }
  }

  return {
    kind: "wxVideo",
    start(request) {
      if (started) return Promise.reject(new Error("a messaging-app video handler runs one attempt; make a new one to retry"));
      started = true;
      run(request).then(
        (outcome) => scope.settle(outcome),
        () => scope.settle(failed("exception")),
      );
      return scope.outcome;
    },
    // The app's own camera screen has its own stop button; the page cannot reach into it.
    stop: () => undefined,
    dispose() {
      scope.settle({ kind: "cancelled" });
    },
  };
}
