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
  fetchVideo(serverId: string): Promise<WxVideo>;
}

/** The id names nothing the account can fetch (expired after 3 days, or never uploaded by it). */
export class WxMediaNotFoundError extends Error {
  constructor(readonly errcode: number, errmsg: string) {
    super(`messaging-app media not found: ${errcode} ${errmsg}`);
    this.name = "WxMediaNotFoundError";
  }
}

/** The API could not be reached or refused the account (bad secret, IP not allowed, quota). */
export class WxMediaUnavailableError extends Error {
  constructor(message: string) {
    super(`messaging-app media API unavailable: ${message}`);
    this.name = "WxMediaUnavailableError";
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

export interface WxMediaDeps {
  fetch: typeof fetch;
  /** Milliseconds since the epoch. */
  now(): number;
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

  async function getJson(url: URL): Promise<unknown> {
    let response: Response;
    try {
      response = await deps.fetch(url);
    } catch (error) {
      throw new WxMediaUnavailableError(error instanceof Error ? error.message : String(error));
    }
    if (!response.ok) throw new WxMediaUnavailableError(`HTTP ${response.status} from ${url.pathname}`);
    return response.json().catch(() => null);
  }

  async function download(serverId: string, accessTokenValue: string): Promise<WxVideo | { errcode: number; errmsg: string }> {
    const url = new URL("/cgi-bin/media/get", config.apiBase);
    url.search = new URLSearchParams({ access_token: accessTokenValue, media_id: serverId }).toString();
    let response: Response;
    try {
      response = await deps.fetch(url);
    } catch (error) {
      throw new WxMediaUnavailableError(error instanceof Error ? error.message : String(error));
    }
    if (!response.ok) throw new WxMediaUnavailableError(`HTTP ${response.status} from /cgi-bin/media/get`);
    const type = (response.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
    // Errors come back as JSON (or text/plain JSON) with 200; the media itself as its own type.
    if (type === "application/json" || type === "text/plain") {
      const parsed = z.safeParse(errorSchema, await response.json().catch(() => null));
      if (!parsed.success) throw new WxMediaUnavailableError("unexpected answer from /cgi-bin/media/get");
      return { errcode: parsed.data.errcode, errmsg: parsed.data.errmsg ?? "" };
    }
    return { bytes: Buffer.from(await response.arrayBuffer()), mimeType: type || "video/mp4" };
  }

  return {
    async fetchVideo(serverId) {
      let answer = await download(serverId, await accessToken());
      if ("errcode" in answer && STALE_TOKEN_CODES.has(answer.errcode)) {
        token = null;
        answer = await download(serverId, await accessToken());
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
