/**
 * The messaging app's media API (spec §7 `uploadVideo` path): a video the page could only
 * upload to the messaging app's cloud is named there by a server id, and only the official
 * account holding an access token can download it. This is the adapter: the WeChat
 * official-account "get temporary media" call (GET /cgi-bin/media/get?access_token&media_id),
 * with the access token from GET /cgi-bin/token (grant_type=client_credential, appid, secret)
 * cached until shortly before it expires.
 *
 * Configured by FACEFLOW_WX_MP_APP_ID and FACEFLOW_WX_MP_SECRET (both or neither;
 * FACEFLOW_WX_API_BASE only to point at a stand-in); without them there is no source, and the
 * upload route answers as before (the page shows serverIdNotFundException).
 */
import * as z from "zod/mini";

/** The official account's credentials and where its API lives. */
export interface WxMediaConfig {
  appId: string;
  secret: string;
  /** "https://api.weixin.qq.com" unless a test or a proxy says otherwise. */
  apiBase: string;
}

export const WX_API_BASE = "https://api.weixin.qq.com";

export interface WxVideo {
  bytes: Buffer;
  /** The content type the API answered with (video/mp4 for chooseVideo's recordings). */
  mimeType: string;
}

/** Downloads a video by its server id; the route's view of the adapter (a double in tests). */
export interface WxMediaSource {
  /** `maxBytes`: the largest video the upload would take; a larger one is not read past it (WxMediaTooLargeError). */
  fetchVideo(serverId: string, maxBytes: number): Promise<WxVideo>;
}

/** The id names nothing the account can fetch (expired after 3 days, or never uploaded by it). */
export class WxMediaNotFoundError extends Error {
  constructor(readonly errcode: number, errmsg: string) {
    super(`messaging-app media not found: ${errcode} ${errmsg}`);
    this.name = "WxMediaNotFoundError";
  }
}

/**
 * The API could not be reached or refused the account (bad secret, IP not allowed, quota).
 * The message is for the service's log only: the API's errmsg names the service's egress IP.
 */
export class WxMediaUnavailableError extends Error {
  constructor(message: string) {
    super(`messaging-app media API unavailable: ${message}`);
    this.name = "WxMediaUnavailableError";
  }
}

/** The video is larger than the upload takes: refused once the download passed `maxBytes` (or its content-length said so). */
export class WxMediaTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`messaging-app video is larger than the ${maxBytes} bytes allowed`);
    this.name = "WxMediaTooLargeError";
  }
}

const tokenSchema = z.object({ access_token: z.string().check(z.minLength(1)), expires_in: z.number().check(z.positive()) });
const errorSchema = z.object({ errcode: z.number(), errmsg: z.optional(z.string()) });

/** errcodes of a media id that names nothing: invalid media_id, invalid media type. */
const NOT_FOUND_CODES: ReadonlySet<number> = new Set([40007, 40004]);
/** errcodes of a token the API no longer takes (invalid, expired): fetch a new one and try once more. */
const STALE_TOKEN_CODES: ReadonlySet<number> = new Set([40001, 42001, 40014]);
/** A token is renewed this long before the API says it expires (clocks differ, calls take time). */
const EXPIRY_MARGIN_MS = 5 * 60_000;
/** How long one API request (answer and body) may take unless the deps say otherwise: a stalled API must not hold the upload open. */
export const WX_REQUEST_TIMEOUT_MS = 20_000;
/** The API's JSON answers (token, errors) are a few hundred bytes; more is not the contract. */
const JSON_MAX_BYTES = 64 * 1024;

export interface WxMediaDeps {
  fetch: typeof fetch;
  /** Milliseconds since the epoch. */
  now(): number;
  /** Per request, body included; WX_REQUEST_TIMEOUT_MS when absent. */
  timeoutMs?: number;
}

/** The body is (or says it is) larger than the reader takes. */
class BodyTooLarge extends Error {}

/** The body's bytes, read as a stream and abandoned (the connection cancelled) as soon as they pass `maxBytes`. */
async function readCapped(response: Response, maxBytes: number): Promise<Buffer> {
  const declared = response.headers.get("content-length");
  if (declared !== null && /^\d+$/.test(declared.trim()) && Number(declared) > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw new BodyTooLarge();
  }
  if (response.body === null) return Buffer.alloc(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new BodyTooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, total);
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The adapter over the official account's API. */
export function createWxMediaClient(config: WxMediaConfig, deps: WxMediaDeps): WxMediaSource {
  let token: { value: string; renewAt: number } | null = null;
  let pending: Promise<string> | null = null;

  async function fetchToken(): Promise<string> {
    const url = new URL("/cgi-bin/token", config.apiBase);
    url.search = new URLSearchParams({ grant_type: "client_credential", appid: config.appId, secret: config.secret }).toString();
    const answer = await getJson(url);
    const parsed = z.safeParse(tokenSchema, answer);
    if (!parsed.success) throw new WxMediaUnavailableError(`no access token: ${describeError(answer)}`);
    token = { value: parsed.data.access_token, renewAt: deps.now() + parsed.data.expires_in * 1000 - EXPIRY_MARGIN_MS };
    return token.value;
  }

  /** The cached token while it is fresh; one request at a time renews it. */
  function accessToken(): Promise<string> {
    if (token !== null && deps.now() < token.renewAt) return Promise.resolve(token.value);
    pending ??= fetchToken().finally(() => (pending = null));
    return pending;
  }

  /** One request with its timeout, which also bounds reading its body. */
  async function request(url: URL): Promise<Response> {
    let response: Response;
    try {
      response = await deps.fetch(url, { signal: AbortSignal.timeout(deps.timeoutMs ?? WX_REQUEST_TIMEOUT_MS) });
    } catch (error) {
      throw new WxMediaUnavailableError(`${url.pathname}: ${reason(error)}`);
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      throw new WxMediaUnavailableError(`HTTP ${response.status} from ${url.pathname}`);
    }
    return response;
  }

  /** The body's bytes up to `maxBytes`; a stall past the timeout or a dropped connection is the API being unavailable. */
  async function body(response: Response, url: URL, maxBytes: number): Promise<Buffer> {
    try {
      return await readCapped(response, maxBytes);
    } catch (error) {
      if (error instanceof BodyTooLarge) throw error;
      throw new WxMediaUnavailableError(`${url.pathname}: ${reason(error)}`);
    }
  }

  async function json(response: Response, url: URL): Promise<unknown> {
    try {
      return JSON.parse((await body(response, url, JSON_MAX_BYTES)).toString("utf8")) as unknown;
    } catch (error) {
      if (error instanceof WxMediaUnavailableError) throw error;
      return null;
    }
  }

  async function getJson(url: URL): Promise<unknown> {
    return json(await request(url), url);
  }

  async function download(serverId: string, accessTokenValue: string, maxBytes: number): Promise<WxVideo | { errcode: number; errmsg: string }> {
    const url = new URL("/cgi-bin/media/get", config.apiBase);
    url.search = new URLSearchParams({ access_token: accessTokenValue, media_id: serverId }).toString();
    const response = await request(url);
    const type = (response.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
    // Errors come back as JSON (or text/plain JSON) with 200; the media itself as its own type.
    if (type === "application/json" || type === "text/plain") {
      const parsed = z.safeParse(errorSchema, await json(response, url));
      if (!parsed.success) throw new WxMediaUnavailableError("unexpected answer from /cgi-bin/media/get");
      return { errcode: parsed.data.errcode, errmsg: parsed.data.errmsg ?? "" };
    }
    try {
      return { bytes: await body(response, url, maxBytes), mimeType: type || "video/mp4" };
    } catch (error) {
      if (error instanceof BodyTooLarge) throw new WxMediaTooLargeError(maxBytes);
      throw error;
    }
  }

  return {
    async fetchVideo(serverId, maxBytes) {
      let answer = await download(serverId, await accessToken(), maxBytes);
      if ("errcode" in answer && STALE_TOKEN_CODES.has(answer.errcode)) {
        token = null;
        answer = await download(serverId, await accessToken(), maxBytes);
      }
      if (!("errcode" in answer)) return answer;
      if (NOT_FOUND_CODES.has(answer.errcode)) throw new WxMediaNotFoundError(answer.errcode, answer.errmsg);
      throw new WxMediaUnavailableError(`${answer.errcode} ${answer.errmsg}`);
    },
  };
}

function describeError(answer: unknown): string {
  const parsed = z.safeParse(errorSchema, answer);
  return parsed.success ? `${parsed.data.errcode} ${parsed.data.errmsg ?? ""}` : "unexpected answer";
}

/** Reads FACEFLOW_WX_MP_APP_ID / FACEFLOW_WX_MP_SECRET / FACEFLOW_WX_API_BASE: both credentials or neither. */
export function readWxMediaEnv(env: Record<string, string | undefined>): { ok: true; config: WxMediaConfig | null } | { ok: false; variable: string; message: string } {
  const appId = env.FACEFLOW_WX_MP_APP_ID?.trim() ?? "";
  const secret = env.FACEFLOW_WX_MP_SECRET?.trim() ?? "";
  if (appId === "" && secret === "") return { ok: true, config: null };
  if (appId === "") return { ok: false, variable: "FACEFLOW_WX_MP_APP_ID", message: "must be set with FACEFLOW_WX_MP_SECRET" };
  if (secret === "") return { ok: false, variable: "FACEFLOW_WX_MP_SECRET", message: "must be set with FACEFLOW_WX_MP_APP_ID" };
  const apiBase = env.FACEFLOW_WX_API_BASE?.trim() || WX_API_BASE;
  try {
    new URL(apiBase);
  } catch {
    return { ok: false, variable: "FACEFLOW_WX_API_BASE", message: `is not a URL: ${apiBase}` };
  }
  return { ok: true, config: { appId, secret, apiBase } };
}
