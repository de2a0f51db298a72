/**
 * The phone handoff's requests (issue 32, schemas/handoff.ts), made here rather than by the API
 * client so that their paths and schemas ride in the handoff screen's lazy chunk, not in the
 * first screen: the same session as every request (the cookie, or the cookie-less token as its
 * header), every answer parsed by its schema and every refusal an ApiError (src/api/parseAnswer.ts).
 */
import type * as z from "zod/mini";
import { SESSION_HEADER } from "../../../../schemas/apiCodes";
import { handoffClaimSchema, handoffOfferSchema, handoffStatusSchema, type HandoffClaim, type HandoffOffer, type HandoffState, type HandoffStatus } from "../../../../schemas/handoff";
import { ApiError, CLIENT_ERROR_CODES } from "../../../api/apiError";
import { parseAnswer } from "../../../api/parseAnswer";
import type { KycStorage } from "../../../session/storage";
import { SESSION_TOKEN_KEY, sessionTokenSchema } from "../../sessionToken";

/** The longest a status poll may be held (the service holds at most 25 s). */
const MAX_LONG_POLL_MS = 25_000;

export interface HandoffApi {
  /** A new handoff for this session (any open one is cancelled), with its QR code, link and code. */
  offer(signal?: AbortSignal): Promise<HandoffOffer>;
  /** Long poll: answers when the state is other than `shown`, or after `waitMs`. */
  status(id: string, waitMs: number, shown: HandoffState | undefined, signal?: AbortSignal): Promise<HandoffStatus>;
  cancel(id: string): Promise<HandoffStatus>;
  /** A phone typed the code: the service opens the handoff for it and names its start page. */
  code(code: string): Promise<HandoffClaim>;
  /** The phone's link was followed: the service opens its handoff, or names the refusal's screen. */
  open(token: string): Promise<HandoffClaim>;
}

export function createHandoffApi(storage: Pick<KycStorage, "getParsed">, fetchImpl: typeof fetch = (input, init) => globalThis.fetch(input, init)): HandoffApi {
  /** `body` undefined: a GET. */
  async function send<T>(path: string, body: unknown, schema: z.ZodMiniType<T>, signal?: AbortSignal): Promise<T> {
    const token = storage.getParsed(SESSION_TOKEN_KEY, sessionTokenSchema);
    const headers: Record<string, string> = { accept: "application/json", ...(token ? { [SESSION_HEADER]: token } : {}) };
    if (body !== undefined) headers["content-type"] = "application/json";
    let response: Response;
    try {
      response = await fetchImpl(path, { method: body === undefined ? "GET" : "POST", headers, body: body === undefined ? undefined : JSON.stringify(body), credentials: "include", cache: "no-store", signal });
    } catch (error) {
      if (signal?.aborted) throw new ApiError(0, CLIENT_ERROR_CODES.aborted, "request aborted");
      throw new ApiError(0, CLIENT_ERROR_CODES.network, `no answer from the service: ${error instanceof Error ? error.message : String(error)}`);
    }
    return parseAnswer(schema, { status: response.status, text: await response.text() });
  }
  const at = (id: string) => `/api/v1/handoff/${encodeURIComponent(id)}`;
  return {
    offer: (signal) => send("/api/v1/handoff", {}, handoffOfferSchema, signal),
    status(id, waitMs, shown, signal) {
      const wait = Math.min(MAX_LONG_POLL_MS, Math.max(0, Math.round(waitMs)));
      return send(`${at(id)}?waitMs=${wait}${shown === undefined ? "" : `&state=${shown}`}`, undefined, handoffStatusSchema, signal);
    },
    cancel: (id) => send(`${at(id)}/cancel`, {}, handoffStatusSchema),
    code: (code) => send("/api/v1/handoff/code", { code }, handoffClaimSchema),
    open: (token) => send("/api/v1/handoff/open", { token }, handoffClaimSchema),
  };
}
