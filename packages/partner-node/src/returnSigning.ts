/**
 * Signing and verifying the return payload of spec §3 (the query parameters faceflow adds to
 * the partner's return URL). Both signatures are lowercase hex HMAC-SHA256 with the app secret:
 *
 * - signature    = HMAC("faceflow-return-core-v1\n" + appId + "\n" + canonical(orderNo, h5faceId, code, liveRate))
 *                  the live-check core, for partners that only look at the liveness verdict;
 * - newSignature = HMAC("faceflow-return-v1\n" + appId + "\n" + canonical(every field but the two signatures))
 *                  everything, including the will-mode fields willCode, faceCode, similarity.
 *
 * canonical is canonicalQuery (canonical.ts): sorted keys, URI-encoded, empty values left out.
 * A return is valid only when both match.
 */
import { RETURN_PAYLOAD_KEYS, returnPayloadSchema, type ReturnPayload } from "./contract/returnPayload.js";
import { canonicalQuery, hmacHex, safeEqualHex } from "./canonical.js";

export type UnsignedReturnPayload = Omit<ReturnPayload, "signature" | "newSignature">;

const CORE_KEYS = ["orderNo", "h5faceId", "code", "liveRate"] as const;

/** The two texts the return signatures cover. */
export function returnSignatureBases(appId: string, fields: UnsignedReturnPayload): { core: string; full: string } {
  const core: Record<string, string | undefined> = {};
  for (const key of CORE_KEYS) core[key] = fields[key];
  const full: Record<string, string | undefined> = { ...fields };
  return {
    core: `faceflow-return-core-v1\n${appId}\n${canonicalQuery(core)}`,
    full: `faceflow-return-v1\n${appId}\n${canonicalQuery(full)}`,
  };
}

/** Add `signature` and `newSignature` to a payload; empty fields are dropped first (spec §3). */
export function signReturnPayload(appId: string, secret: string, fields: UnsignedReturnPayload): ReturnPayload {
  const clean = dropEmpty(fields);
  const bases = returnSignatureBases(appId, clean);
  return { ...clean, signature: hmacHex(secret, bases.core), newSignature: hmacHex(secret, bases.full) };
}

export type ReturnInput = string | URL | URLSearchParams | Readonly<Record<string, string | undefined>>;

/** Valid: the payload is the signed one. Not valid: the payload as received (null when malformed) and why. */
export type ReturnVerification =
  | { valid: true; payload: ReturnPayload }
  | { valid: false; payload: ReturnPayload | null; reason: string };

/**
 * Verify what came back on the return URL. Accepts the whole URL (the query may sit in the
 * search part or after "?" in the hash, as with "https://p.example/#/done?orderNo=..."),
 * a query string, URLSearchParams or a plain record. Parameters of the partner's own are ignored.
 */
export function verifyReturnPayload(appId: string, secret: string, input: ReturnInput): ReturnVerification {
  const params = returnParamsOf(input);
  const picked: Record<string, string> = {};
  for (const key of RETURN_PAYLOAD_KEYS) {
    const value = params.get(key);
    if (value !== null && value !== "" && value !== "null") picked[key] = value;
  }
  const parsed = returnPayloadSchema.safeParse(picked);
  if (!parsed.success) return { valid: false, payload: null, reason: "payload fields missing or malformed" };
  const payload = parsed.data;
  const { signature, newSignature, ...fields } = payload;
  const bases = returnSignatureBases(appId, fields);
  if (!safeEqualHex(hmacHex(secret, bases.core), signature)) return { valid: false, payload, reason: "signature does not match" };
  if (!safeEqualHex(hmacHex(secret, bases.full), newSignature)) return { valid: false, payload, reason: "newSignature does not match" };
  return { valid: true, payload };
}

function dropEmpty(fields: UnsignedReturnPayload): UnsignedReturnPayload {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined && value !== "" && value !== "null") out[key] = value;
  }
  return out as UnsignedReturnPayload;
}

function returnParamsOf(input: ReturnInput): URLSearchParams {
  if (input instanceof URLSearchParams) return input;
  if (input instanceof URL) return paramsOfUrl(input);
  if (typeof input === "string") {
    if (/^[a-z][a-z0-9+.-]*:/i.test(input)) {
      try {
        return paramsOfUrl(new URL(input));
      } catch {
        return new URLSearchParams();
      }
    }
    return new URLSearchParams(input.startsWith("?") ? input.slice(1) : input);
  }
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(input)) if (value !== undefined) params.set(key, value);
  return params;
}

/** Search params merged with those after "?" in the hash (hash-routed return pages). */
function paramsOfUrl(url: URL): URLSearchParams {
  const params = new URLSearchParams(url.search);
  const q = url.hash.indexOf("?");
  if (q >= 0) for (const [key, value] of new URLSearchParams(url.hash.slice(q + 1))) if (!params.has(key)) params.set(key, value);
  return params;
}
