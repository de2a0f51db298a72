/**
 * The phone handoff's requests (issue 32, schemas/handoff.ts), over the API client's `call`
 * (the session, and the answers parsed by their schemas), in the handoff screen's lazy chunk.
 */
import type { HandoffClaim, HandoffOffer, HandoffState, HandoffStatus } from "../../../../schemas/handoff";
import type { ApiClient } from "../../../api/client";

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
}

export function createHandoffApi(api: Pick<ApiClient, "call">): HandoffApi {
  const at = (id: string) => `/api/v1/handoff/${encodeURIComponent(id)}`;
  return {
    offer: (signal) => api.call("/api/v1/handoff", {}, (s) => s.handoffOffer, signal),
    status(id, waitMs, shown, signal) {
      const wait = Math.min(MAX_LONG_POLL_MS, Math.max(0, Math.round(waitMs)));
      return api.call(`${at(id)}?waitMs=${wait}${shown === undefined ? "" : `&state=${shown}`}`, undefined, (s) => s.handoffStatus, signal);
    },
    cancel: (id) => api.call(`${at(id)}/cancel`, {}, (s) => s.handoffStatus),
    code: (code) => api.call("/api/v1/handoff/code", { code }, (s) => s.handoffClaim),
  };
}
