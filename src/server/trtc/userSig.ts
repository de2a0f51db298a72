/**
 * Tencent's UserSig (TLSSigAPIv2), the ticket a browser presents to enter a TRTC room. The
 * algorithm is Tencent's published one (tls-sig-api-v2): HMAC-SHA256 with the application's
 * secret key over the fields below, a JSON document carrying them and the signature,
 * zlib-deflated and base64-encoded with `+ / =` replaced by `* - _` so it fits a URL.
 *
 * Only the service knows the secret key: a UserSig made in the browser would hand the key
 * to every user, which is why the order config carries a ready-made one.
 *
 * @example genUserSig({ sdkAppId: 1400000000, secretKey, userId: "ff_abc", expireSec: 900, nowSec: 1_900_000_000 })
 */
import { createHmac } from "node:crypto";
import { deflateSync } from "node:zlib";

interface UserSigInput {
  sdkAppId: number;
  secretKey: string;
  /** TRTC user id: at most 32 bytes of letters, digits, _ and - (Tencent's rule). */
  userId: string;
  /** Lifetime in seconds from nowSec. */
  expireSec: number;
  /** Issue time, Unix seconds (injected so tests fix it). */
  nowSec: number;
}

/** The document inside a UserSig, field names as Tencent defines them. */
interface UserSigDocument {
  "TLS.ver": "2.0";
  "TLS.identifier": string;
  "TLS.sdkappid": number;
  "TLS.time": number;
  "TLS.expire": number;
  "TLS.sig": string;
}

const TRTC_USER_ID = /^[A-Za-z0-9_-]{1,32}$/;

/** The text the HMAC covers: each field on its own line, in this order, each line ending in \n. */
export function userSigContent(userId: string, sdkAppId: number, timeSec: number, expireSec: number): string {
  return `TLS.identifier:${userId}\nTLS.sdkappid:${sdkAppId}\nTLS.time:${timeSec}\nTLS.expire:${expireSec}\n`;
}

/** Base64 HMAC-SHA256 of the content with the secret key. */
function userSigHmac(secretKey: string, content: string): string {
  return createHmac("sha256", secretKey).update(content, "utf8").digest("base64");
}

/** Tencent's URL-safe variant of base64: + → *, / → -, = → _. */
export function escapeUserSigBase64(base64: string): string {
  return base64.replace(/\+/g, "*").replace(/\//g, "-").replace(/=/g, "_");
}

/** The inverse of escapeUserSigBase64: * → +, - → /, _ → =. */
export function unescapeUserSigBase64(escaped: string): string {
  return escaped.replace(/\*/g, "+").replace(/-/g, "/").replace(/_/g, "=");
}

export function genUserSig(input: UserSigInput): string {
  const { sdkAppId, secretKey, userId, expireSec, nowSec } = input;
  if (!Number.isSafeInteger(sdkAppId) || sdkAppId <= 0) throw new RangeError(`sdkAppId must be a positive integer, got ${sdkAppId}`);
  if (!TRTC_USER_ID.test(userId)) throw new RangeError(`TRTC user ids are 1-32 letters, digits, _ or -; got "${userId}"`);
  if (!Number.isSafeInteger(expireSec) || expireSec <= 0) throw new RangeError(`expireSec must be a positive integer, got ${expireSec}`);
  if (secretKey === "") throw new RangeError("the TRTC secret key is empty");
  const time = Math.floor(nowSec);
  // Key order matters only for byte-for-byte equality with Tencent's own libraries; the
  // receiver parses the JSON, so the order below is theirs.
  const doc: UserSigDocument = {
    "TLS.ver": "2.0",
    "TLS.identifier": userId,
    "TLS.sdkappid": sdkAppId,
    "TLS.time": time,
    "TLS.expire": expireSec,
    "TLS.sig": userSigHmac(secretKey, userSigContent(userId, sdkAppId, time, expireSec)),
  };
  return escapeUserSigBase64(deflateSync(Buffer.from(JSON.stringify(doc), "utf8")).toString("base64"));
}
