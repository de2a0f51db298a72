/**
 * A small typed facade over weixin-js-sdk (jweixin), the messaging-app JS SDK. The package's
 * own typings are loose (`any` payloads, a required url on navigateBack, a global
 * WeixinJSBridge), so the flow talks to this interface instead, and the SDK is imported
 * lazily: it is only needed when handing a result to a mini-program host, so it stays out of
 * the first screen's bundle.
 */

/** What a mini-program host receives (spec §4): the return payload under `returnData`. */
interface MiniProgramMessage<Payload> {
  data: { returnData: Payload };
}

interface WxMiniProgram {
  /** Queues a message the host receives when the web view closes or navigates back. */
  postMessage<Payload>(message: MiniProgramMessage<Payload>): void;
  navigateBack(options?: { delta?: number }): void;
}

export interface WxFacade {
  miniProgram: WxMiniProgram;
}

/** Loads the SDK and returns the facade; injected into the finisher so tests pass a double. */
export type WxLoader = () => Promise<WxFacade>;

export class WxSdkUnavailableError extends Error {
  constructor(missing: string) {
    super(`weixin-js-sdk did not provide ${missing}; it only works in a browser window inside the messaging app`);
    this.name = "WxSdkUnavailableError";
  }
}

type Method = (...args: unknown[]) => unknown;

function isRecord(value: unknown): value is Record<string, unknown> {
  return (typeof value === "object" || typeof value === "function") && value !== null;
}

function method(owner: Record<string, unknown>, name: string, where: string): Method {
  const found = owner[name];
  if (typeof found !== "function") throw new WxSdkUnavailableError(`${where}.${name}()`);
  return (...args: unknown[]) => Reflect.apply(found, owner, args);
}

/**
 * Checks the loaded module's shape and wraps it. The package is CommonJS (UMD), so a
 * bundler hands it over as the namespace's default export; without a window it exports
 * nothing, which is reported instead of failing later on an undefined property.
 */
export function wxFacadeFrom(moduleNamespace: unknown): WxFacade {
  const sdk = isRecord(moduleNamespace) && "default" in moduleNamespace ? moduleNamespace.default : moduleNamespace;
  if (!isRecord(sdk)) throw new WxSdkUnavailableError("its wx object");
  const miniProgram = sdk.miniProgram;
  if (!isRecord(miniProgram)) throw new WxSdkUnavailableError("wx.miniProgram");
  const postMessage = method(miniProgram, "postMessage", "wx.miniProgram");
  const navigateBack = method(miniProgram, "navigateBack", "wx.miniProgram");
  return {
    miniProgram: {
      postMessage: (message) => void postMessage(message),
      navigateBack: (options = { delta: 1 }) => void navigateBack(options),
    },
  };
}

/** The real loader: imports weixin-js-sdk on first use (the module cache makes later calls cheap). */
export const loadWx: WxLoader = async () => wxFacadeFrom(await import("weixin-js-sdk"));
