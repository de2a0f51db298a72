/**
 * Authentication of partner API requests: HMAC-SHA256 with the app secret over
 *
 *   "faceflow-partner-v1\n" + METHOD + "\n" + path + "\n" + timestamp + "\n" + nonce + "\n" + body
 *
 * where path is the request path with its query exactly as sent (e.g. "/partner/v1/orders"),
 * timestamp is Unix time in seconds, nonce is 16-64 characters of [A-Za-z0-9_-] never
 * reused within the timestamp window, and body is the raw request body ("" for GET).
 * The headers below carry app id, timestamp, nonce and the hex signature.
 */
import { hmacHex } from "./canonical.js";

export const PARTNER_HEADERS = {
  appId: "x-faceflow-app-id",
  timestamp: "x-faceflow-timestamp",
  nonce: "x-faceflow-nonce",
  signature: "x-faceflow-signature",
} as const;

/** How far a request's timestamp may be from the service clock, either way. */
export const PARTNER_TIMESTAMP_WINDOW_SEC = 300;

export const PARTNER_NONCE_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

export interface PartnerRequestParts {
  method: string;
  path: string;
  timestamp: string;
  nonce: string;
  body: string;
}

/** The exact text a partner request signature covers. */
export function partnerRequestBase(parts: PartnerRequestParts): string {
  return ["faceflow-partner-v1", parts.method.toUpperCase(), parts.path, parts.timestamp, parts.nonce, parts.body].join("\n");
}

/** Hex signature of a partner request. */
export function signPartnerRequest(secret: string, parts: PartnerRequestParts): string {
  return hmacHex(secret, partnerRequestBase(parts));
}

/** The four authentication headers for a request. */
export function partnerAuthHeaders(appId: string, secret: string, parts: PartnerRequestParts): Record<string, string> {
  return {
    [PARTNER_HEADERS.appId]: appId,
    [PARTNER_HEADERS.timestamp]: parts.timestamp,
    [PARTNER_HEADERS.nonce]: parts.nonce,
    [PARTNER_HEADERS.signature]: signPartnerRequest(secret, parts),
  };
}
