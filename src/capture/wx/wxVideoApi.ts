/**
 * The messaging app's video calls (spec §7) over weixin-js-sdk: JS config, ready/error,
 * checkJsApi, chooseVideo and uploadVideo, as promises with parsed answers. The mini-program
 * part of the SDK has its own facade in src/finish/wx.ts; this one covers what recording in
 * the messaging-app browser needs, with the same loading rules (lazily, shape-checked).
 *
 * The published jweixin names chooseImage but not chooseVideo or uploadVideo; the app's
 * bridge still serves them by name, which the SDK exposes as `wx.invoke(name, params, cb)`
 * once configured. A named method is used when the SDK has one, else the bridge.
 */
import * as z from "zod/mini";
import { WxSdkUnavailableError } from "../../finish/wx";

/** The jsApiList of spec §7. */
export const WX_VIDEO_JS_APIS = ["chooseMedia", "chooseVideo", "uploadVideo", "checkJsApi"] as const;

interface WxVideoConfig {
  appId?: string;
  timestamp: number;
  nonceStr: string;
  signature: string;
  jsApiList: readonly string[];
}

interface WxChooseVideoOptions {
  sourceType: ["camera"];
  camera: "front";
  /** Seconds. */
  maxDuration: number;
}

/** What chooseVideo hands back; which fields are filled depends on the app's version. */
const wxChosenVideoSchema = z.object({
  localId: z.optional(z.string()),
  tempFilePath: z.optional(z.string()),
  /** Seconds. */
  duration: z.optional(z.number()),
  size: z.optional(z.number()),
  /** "video" or "image" where the app reports it (chooseMedia-style answers). */
  fileType: z.optional(z.string()),
});
export type WxChosenVideo = z.infer<typeof wxChosenVideoSchema>;

const wxUploadedVideoSchema = z.object({ serverId: z.optional(z.string()) });
type WxUploadedVideo = z.infer<typeof wxUploadedVideoSchema>;

const wxAnswerSchema = z.object({ errMsg: z.optional(z.string()), err_msg: z.optional(z.string()) });
const checkResultSchema = z.object({ checkResult: z.optional(z.record(z.string(), z.boolean())) });

/** How a call ended: ok with its parsed answer, cancelled by the user, or failed with the app's message. */
type WxCall<T> = { ok: true; value: T } | { ok: false; cancelled: boolean; errMsg: string };

export interface WxVideoApi {
  config(config: WxVideoConfig): void;
  /** Resolves on wx.ready, rejects with the app's message on wx.error. */
  whenReady(): Promise<void>;
  /** Which of `apis` the app supports; every one true when the app cannot tell. */
  checkJsApi(apis: readonly string[]): Promise<Record<string, boolean>>;
  chooseVideo(options: WxChooseVideoOptions): Promise<WxCall<WxChosenVideo>>;
  uploadVideo(options: { localId: string; isShowProgressTips: 0 | 1 }): Promise<WxCall<WxUploadedVideo>>;
}

export class WxConfigError extends Error {
  constructor(readonly errMsg: string) {
    super(`messaging-app JS config failed: ${errMsg}`);
    this.name = "WxConfigError";
  }
}

type Sdk = Record<string, unknown>;

function isRecord(value: unknown): value is Sdk {
  return (typeof value === "object" || typeof value === "function") && value !== null;
}

function requireMethod(sdk: Sdk, name: string): (...args: unknown[]) => unknown {
  const found = sdk[name];
  if (typeof found !== "function") throw new WxSdkUnavailableError(`wx.${name}()`);
  return (...args: unknown[]) => Reflect.apply(found, sdk, args);
}

/** The app's own message of an answer ("chooseVideo:ok", "chooseVideo:cancel", "chooseVideo:fail auth deny"). */
function messageOf(answer: unknown): string {
  const parsed = z.safeParse(wxAnswerSchema, answer);
  return parsed.success ? (parsed.data.errMsg ?? parsed.data.err_msg ?? "") : "";
}

/** Call `name` by its method or through the bridge, and settle once on its answer. */
function call<T>(sdk: Sdk, name: string, params: object, schema: z.ZodMiniType<T>): Promise<WxCall<T>> {
  return new Promise((resolve) => {
    let answered = false;
    const settle = (result: WxCall<T>) => {
      if (answered) return;
      answered = true;
      resolve(result);
    };
    const fail = (answer: unknown, cancelled: boolean) => settle({ ok: false, cancelled, errMsg: messageOf(answer) || `${name}:fail` });
    const succeed = (answer: unknown) => {
      const parsed = z.safeParse(schema, answer);
      if (parsed.success) settle({ ok: true, value: parsed.data });
      else settle({ ok: false, cancelled: false, errMsg: `${name}:fail unexpected answer` });
    };
    const named = sdk[name];
    const invoke = sdk.invoke;
    try {
      if (typeof named === "function") {
        Reflect.apply(named, sdk, [{ ...params, success: succeed, fail: (a: unknown) => fail(a, false), cancel: (a: unknown) => fail(a, true) }]);
      } else if (typeof invoke === "function") {
        Reflect.apply(invoke, sdk, [
          name,
          params,
          (answer: unknown) => {
            const message = messageOf(answer);
            if (message.endsWith(":ok")) succeed(answer);
            else fail(answer, message.endsWith(":cancel"));
          },
        ]);
      } else {
        settle({ ok: false, cancelled: false, errMsg: `${name}:fail not supported by this SDK` });
      }
    } catch (error) {
      settle({ ok: false, cancelled: false, errMsg: `${name}:fail ${error instanceof Error ? error.message : String(error)}` });
    }
  });
}

/** Check a loaded weixin-js-sdk namespace and wrap it (the UMD build arrives as the default export). */
export function wxVideoApiFrom(moduleNamespace: unknown): WxVideoApi {
  const sdk = isRecord(moduleNamespace) && "default" in moduleNamespace ? moduleNamespace.default : moduleNamespace;
  if (!isRecord(sdk)) throw new WxSdkUnavailableError("its wx object");
  const config = requireMethod(sdk, "config");
  const ready = requireMethod(sdk, "ready");
  const error = requireMethod(sdk, "error");
  return {
    config: (settings) => void config({ debug: false, ...settings, jsApiList: [...settings.jsApiList] }),
    whenReady: () =>
      new Promise<void>((resolve, reject) => {
        ready(() => resolve());
        error((answer: unknown) => reject(new WxConfigError(messageOf(answer) || "config:fail")));
      }),
    async checkJsApi(apis) {
      const all = Object.fromEntries(apis.map((api) => [api, true]));
      if (typeof sdk.checkJsApi !== "function" && typeof sdk.invoke !== "function") return all;
      const answer = await call(sdk, "checkJsApi", { jsApiList: [...apis] }, checkResultSchema);
      return answer.ok ? { ...all, ...answer.value.checkResult } : all;
    },
    chooseVideo: (options) => call(sdk, "chooseVideo", options, wxChosenVideoSchema),
    uploadVideo: (options) => call(sdk, "uploadVideo", options, wxUploadedVideoSchema),
  };
}

/** The real loader: weixin-js-sdk on first use (its module cache makes later calls cheap). */
export async function loadWxVideoApi(): Promise<WxVideoApi> {
  return wxVideoApiFrom(await import("weixin-js-sdk"));
}
