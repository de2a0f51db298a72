/**
 * Browser client of the front-end API (schemas/api.ts): every answer is parsed by its
 * schema, every failure is an ApiError. The session lives in cookies the service sets at
 * login, so requests carry credentials; where the browser cannot keep them (in-app browsers,
 * cookie-less mode) the page asks the login for its session token, which then goes along as a
 * header (and in the stream's start message), never in a URL. No React here.
 *
 * @example
 * const api = createApiClient();
 * const { config } = await api.login(launchParams); // launch query incl. sign
 * let state = await api.upload(meta, scrambledBase64, { onProgress: setProgress }); // usually "verifying"
 * while (state.state === "verifying") state = await api.attemptState(state.attempt, 20_000); // see capture/awaitVerdict
 */
import * as z from "zod/mini";
import {
  apiErrorSchema,
  attemptStateSchema,
  demoVerifyResponseSchema,
  digitsResponseSchema,
  launchResponseSchema,
  loginResponseSchema,
  orderConfigSchema,
  resultResponseSchema,
  type AttemptState,
  type DemoOrderRequest,
  type DemoVerifyResponse,
  type DigitsResponse,
  type LaunchResponse,
  type LoginRequest,
  type LoginResponse,
  type OrderConfig,
  type ResultResponse,
  type UploadMeta,
  SESSION_HEADER,
} from "../../schemas/api";
import { ApiError, CLIENT_ERROR_CODES } from "./apiError";
import { LOGIN_PATH } from "./paths";
import { xhrPost, type RawResponse, type XhrLike } from "./xhrUpload";

/** The longest wait one long poll may ask for (the service holds at most verification.jobs.maxWaitMs). */
export const MAX_LONG_POLL_MS = 25_000;

export interface ApiClientOptions {
  /** Origin (and path prefix) of the service; "" = the page's own origin. */
  baseUrl?: string;
  fetch?: typeof globalThis.fetch;
  /** XMLHttpRequest factory for uploads with progress. */
  xhr?: () => XhrLike;
  /** Page location, for the WebSocket URL when baseUrl is "". */
  location?: { protocol: string; host: string };
  /** The session token kept from a cookie-less login (LoginRequest.cookieless). */
  sessionToken?: () => string | undefined;
}

export interface UploadOptions {
  /** 0..1 of the request body sent; switches the upload to XMLHttpRequest. */
  onProgress?: (sentFraction: number) => void;
  signal?: AbortSignal;
  /** Evidence frames of on-device face guidance (JPEG), in the order of meta.guidance.evidenceAtMs. */
  frames?: readonly Blob[];
}

export interface ApiClient {
  login(params: LoginRequest, signal?: AbortSignal): Promise<LoginResponse>;
  config(signal?: AbortSignal): Promise<OrderConfig>;
  digits(signal?: AbortSignal): Promise<DigitsResponse>;
  /**
   * Multipart upload: `meta` as JSON, `video` the scrambled base64 text (spec §4). The service
   * verifies off the request path, so the answer is usually `verifying`; `judged` when this
   * very recording (same messageId) was judged before.
   */
  upload(meta: UploadMeta, scrambledVideo: string, options?: UploadOptions): Promise<AttemptState>;
  /**
   * Long poll of an accepted attempt: answers at once when judged, else when the step
   * changes or `waitMs` (at most 25 000) passed.
   */
  attemptState(attempt: number, waitMs: number, signal?: AbortSignal): Promise<AttemptState>;
  result(signal?: AbortSignal): Promise<ResultResponse>;
  /** ws:// or wss:// URL of the frame-streaming socket. */
  streamUrl(): string;
  /**
   * The cookie-less session token for the stream's `start` message (a browser's WebSocket
   * carries no custom header); undefined when cookies carry the session.
   */
  streamSessionToken(): string | undefined;
  demoCreateOrder(request: DemoOrderRequest, signal?: AbortSignal): Promise<LaunchResponse>;
  demoVerify(query: string, signal?: AbortSignal): Promise<DemoVerifyResponse>;
}

/** An answer of the service parsed by `schema`; a refusal or a malformed answer throws ApiError. */
export function parseAnswer<T>(schema: z.ZodMiniType<T>, raw: RawResponse): T {
  let json: unknown;
  try {
    json = raw.text === "" ? undefined : JSON.parse(raw.text);
  } catch {
    throw new ApiError(raw.status, CLIENT_ERROR_CODES.badResponse, `HTTP ${raw.status}: answer is not JSON`);
  }
  if (raw.status < 200 || raw.status >= 300) {
    const error = apiErrorSchema.safeParse(json);
    if (error.success) throw new ApiError(raw.status, error.data.code, error.data.message, error.data.returnUrl);
    throw new ApiError(raw.status, CLIENT_ERROR_CODES.badResponse, `HTTP ${raw.status} without an error body`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new ApiError(raw.status, CLIENT_ERROR_CODES.badResponse, `unexpected answer: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const base = (options.baseUrl ?? "").replace(/\/+$/, "");
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const makeXhr = options.xhr ?? (() => new XMLHttpRequest());
  const tokenHeader = (): Record<string, string> => {
    const token = options.sessionToken?.();
    return token ? { [SESSION_HEADER]: token } : {};
  };

  async function send(method: "GET" | "POST", path: string, body: BodyInit | undefined, json: boolean, signal?: AbortSignal): Promise<RawResponse> {
    const headers: Record<string, string> = { accept: "application/json", ...tokenHeader() };
    if (json) headers["content-type"] = "application/json";
    let response: Response;
    try {
      response = await doFetch(base + path, { method, headers, body, credentials: "include", cache: "no-store", signal });
    } catch (error) {
      if (signal?.aborted) throw new ApiError(0, CLIENT_ERROR_CODES.aborted, "request aborted");
      throw new ApiError(0, CLIENT_ERROR_CODES.network, `no answer from the service: ${error instanceof Error ? error.message : String(error)}`);
    }
    return { status: response.status, text: await response.text() };
  }

  const get = async <T>(path: string, schema: z.ZodMiniType<T>, signal?: AbortSignal) => parseAnswer(schema, await send("GET", path, undefined, false, signal));
  const post = async <T>(path: string, body: unknown, schema: z.ZodMiniType<T>, signal?: AbortSignal) =>
    parseAnswer(schema, await send("POST", path, JSON.stringify(body), true, signal));

  return {
    login: (params, signal) => post(LOGIN_PATH, params, loginResponseSchema, signal),
    config: (signal) => get("/api/v1/config", orderConfigSchema, signal),
    digits: (signal) => get("/api/v1/digits", digitsResponseSchema, signal),
    async upload(meta, scrambledVideo, uploadOptions = {}) {
      const form = new FormData();
      form.append("meta", JSON.stringify(meta));
      // As a file part: text fields of several megabytes are awkward for some proxies.
      form.append("video", new Blob([scrambledVideo], { type: "text/plain" }), "video.txt");
      const { onProgress, signal, frames = [] } = uploadOptions;
      frames.forEach((frame, index) => form.append("frame", frame, `frame-${index}.jpg`));
      const raw = onProgress
        ? await xhrPost(makeXhr, `${base}/api/v1/upload`, form, onProgress, signal, tokenHeader())
        : await send("POST", "/api/v1/upload", form, false, signal);
      return parseAnswer(attemptStateSchema, raw);
    },
    attemptState(attempt, waitMs, signal) {
      // Whole, non-negative numbers only: the path and query are built here, not by the caller.
      const seq = Math.max(1, Math.trunc(attempt));
      const wait = Math.min(MAX_LONG_POLL_MS, Math.max(0, Math.round(waitMs)));
      return get(`/api/v1/attempts/${seq}?waitMs=${wait}`, attemptStateSchema, signal);
    },
    result: (signal) => get("/api/v1/result", resultResponseSchema, signal),
    streamUrl() {
      const path = "/api/v1/stream";
      if (base !== "") return base.replace(/^http/, "ws") + path;
      const location = options.location ?? globalThis.location;
      return `${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}${path}`;
    },
    streamSessionToken: () => options.sessionToken?.() || undefined,
    demoCreateOrder: (request, signal) => post("/demo/v1/orders", request, launchResponseSchema, signal),
    demoVerify: (query, signal) => post("/demo/v1/verify", { query }, demoVerifyResponseSchema, signal),
  };
}
