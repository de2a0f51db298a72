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
import type * as z from "zod/mini";
import type {
  AttemptState,
  DemoOrderRequest,
  DemoVerifyResponse,
  DigitsResponse,
  DigitsRoute,
  LaunchResponse,
  LoginRequest,
  LoginResponse,
  OrderConfig,
  ResultResponse,
  ReturnUrlCheckResponse,
  UploadMeta,
  VerifyStep,
  WxUploadRequest,
} from "../../schemas/api";
import { SESSION_HEADER } from "../../schemas/apiCodes";
import type { LightResponse } from "../../schemas/lightChallenge";
import { ApiError, CLIENT_ERROR_CODES } from "./apiError";
import { LOGIN_PATH } from "./paths";
import { xhrPost, type RawResponse, type XhrLike } from "./xhrUpload";

/** The answers' schemas (src/api/parseAnswer.ts), loaded with the client's first request. */
type AnswerSchemas = typeof import("./parseAnswer").ANSWER_SCHEMAS;

/** The longest wait one long poll may ask for (the service holds at most verification.jobs.maxWaitMs). */
const MAX_LONG_POLL_MS = 25_000;

interface ApiClientOptions {
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
  /**
   * The order's config. `lang`: the page's language (a tag of flows/languages.json), which the
   * partner's texts (the will question) come in; without it, the launch's `lang` or the default.
   */
  config(lang?: string, signal?: AbortSignal): Promise<OrderConfig>;
  /**
   * Number mode's digits (each call opens a new attempt). `route: "lightAlternative"`: a light
   * mode taken in number mode instead, by a user who must not see flashing light.
   */
  digits(signal?: AbortSignal, route?: DigitsRoute): Promise<DigitsResponse>;
  /** Light modes: the colour sequence of a new attempt (GET /api/v1/light), fetched right before recording. */
  light(signal?: AbortSignal): Promise<LightResponse>;
  /**
   * Multipart upload: `meta` as JSON, `video` the scrambled base64 text (spec §4). The service
   * verifies off the request path, so the answer is usually `verifying`; `judged` when this
   * very recording (same messageId) was judged before.
   */
  upload(meta: UploadMeta, scrambledVideo: string, options?: UploadOptions): Promise<AttemptState>;
  /** Spec §7 uploadVideo path: the service fetches the video the messaging app holds under `serverId` and verifies it as an upload. */
  uploadWxVideo(request: WxUploadRequest, signal?: AbortSignal): Promise<AttemptState>;
  /**
   * Long poll of an accepted attempt: answers at once when judged, else when the step
   * changes or `waitMs` (at most 25 000) passed.
   */
  /** `shown`: where the page's last answer left the attempt; the service then answers at once when its job is already further. */
  attemptState(attempt: number, waitMs: number, signal?: AbortSignal, shown?: { step: VerifyStep; progress: number }): Promise<AttemptState>;
  result(signal?: AbortSignal): Promise<ResultResponse>;
  /** The service vouches for an unsigned launch's return address, or refuses it (RETURN_URL_NOT_ALLOWED). */
  checkReturnUrl(url: string, signal?: AbortSignal): Promise<ReturnUrlCheckResponse>;
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

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  // Building the contract's schemas is a noticeable part of a slow phone's start (issue 14),
  // and a page shows before it has an answer to read; so they load with the first request,
  // alongside it, rather than with the page.
  let parsing: Promise<typeof import("./parseAnswer")> | undefined;
  const loadParsing = () =>
    (parsing ??= import("./parseAnswer").catch((error: unknown) => {
      parsing = undefined; // the next answer tries again
      throw error;
    }));
  const read = async <T>(raw: Promise<RawResponse>, pick: (schemas: AnswerSchemas) => z.ZodMiniType<T>): Promise<T> => {
    const loading = loadParsing();
    // A request that fails first must not leave the import's own failure unobserved.
    loading.catch(() => undefined);
    const response = await raw;
    let parser: Awaited<typeof loading>;
    try {
      parser = await loading;
    } catch (error) {
      // The service has answered (and acted on the request): not a network failure a caller
      // would retry, but an answer this page could not read.
      throw new ApiError(response.status, CLIENT_ERROR_CODES.badResponse, `the answer's schemas did not load: ${error instanceof Error ? error.message : String(error)}`);
    }
    return parser.parseAnswer(pick(parser.ANSWER_SCHEMAS), response);
  };
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

  const get = <T>(path: string, pick: (schemas: AnswerSchemas) => z.ZodMiniType<T>, signal?: AbortSignal) => read(send("GET", path, undefined, false, signal), pick);
  const post = <T>(path: string, body: unknown, pick: (schemas: AnswerSchemas) => z.ZodMiniType<T>, signal?: AbortSignal) =>
    read(send("POST", path, JSON.stringify(body), true, signal), pick);

  return {
    login: (params, signal) => post(LOGIN_PATH, params, (s) => s.login, signal),
    config: (lang, signal) => get(lang === undefined ? "/api/v1/config" : `/api/v1/config?lang=${encodeURIComponent(lang)}`, (s) => s.orderConfig, signal),
    digits: (signal, route) => get(route === undefined ? "/api/v1/digits" : `/api/v1/digits?route=${route}`, (s) => s.digits, signal),
    light: (signal) => get("/api/v1/light", (s) => s.light, signal),
    async upload(meta, scrambledVideo, uploadOptions = {}) {
      const form = new FormData();
      form.append("meta", JSON.stringify(meta));
      // As a file part: text fields of several megabytes are awkward for some proxies.
      form.append("video", new Blob([scrambledVideo], { type: "text/plain" }), "video.txt");
      const { onProgress, signal, frames = [] } = uploadOptions;
      frames.forEach((frame, index) => form.append("frame", frame, `frame-${index}.jpg`));
      const raw = onProgress ? xhrPost(makeXhr, `${base}/api/v1/upload`, form, onProgress, signal, tokenHeader()) : send("POST", "/api/v1/upload", form, false, signal);
      return read(raw, (s) => s.attemptState);
    },
    uploadWxVideo: (request, signal) => post("/api/v1/upload/wx", request, (s) => s.attemptState, signal),
    attemptState(attempt, waitMs, signal, shown) {
      // Whole, non-negative numbers only: the path and query are built here, not by the caller.
      const seq = Math.max(1, Math.trunc(attempt));
      const wait = Math.min(MAX_LONG_POLL_MS, Math.max(0, Math.round(waitMs)));
      const where = shown === undefined ? "" : `&step=${encodeURIComponent(shown.step)}&progress=${Math.min(1, Math.max(0, shown.progress)).toFixed(4)}`;
      return get(`/api/v1/attempts/${seq}?waitMs=${wait}${where}`, (s) => s.attemptState, signal);
    },
    result: (signal) => get("/api/v1/result", (s) => s.result, signal),
    checkReturnUrl: (url, signal) => post("/api/v1/return-url", { url }, (s) => s.returnUrlCheck, signal),
    streamUrl() {
      const path = "/api/v1/stream";
      if (base !== "") return base.replace(/^http/, "ws") + path;
      const location = options.location ?? globalThis.location;
      return `${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}${path}`;
    },
    streamSessionToken: () => options.sessionToken?.() || undefined,
    demoCreateOrder: (request, signal) => post("/demo/v1/orders", request, (s) => s.launch, signal),
    demoVerify: (query, signal) => post("/demo/v1/verify", { query }, (s) => s.demoVerify, signal),
  };
}
