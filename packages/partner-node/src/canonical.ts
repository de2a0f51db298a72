/**
 * The canonical forms every faceflow signature is computed over, shared by the service and
 * the partner kit so both sides hash exactly the same bytes. Pure node:crypto.
 *
 * Each signed message starts with its own purpose line ("faceflow-partner-v1", ...): all
 * signatures use the same app secret, and the prefix keeps a signature made for one purpose
 * from being accepted for another.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Canonical query: keys sorted by UTF-16 code unit, `enc(key)=enc(value)` joined by "&",
 * where enc is encodeURIComponent; undefined and empty values are left out.
 * @example canonicalQuery({ b: "2", a: "x y", c: "" }) === "a=x%20y&b=2"
 */
export function canonicalQuery(params: Readonly<Record<string, string | undefined>>): string {
  return Object.keys(params)
    .filter((key) => params[key] !== undefined && params[key] !== "")
    .sort()
    .map((key) => `${encodeURIComponent(key)}=${encodeURIComponent(params[key] ?? "")}`)
    .join("&");
}

/** Lowercase hex HMAC-SHA256 of a UTF-8 message. */
export function hmacHex(secret: string, message: string): string {
  return createHmac("sha256", secret).update(message, "utf8").digest("hex");
}

/** Constant-time comparison of two hex digests; false for any malformed input. */
export function safeEqualHex(expected: string, received: string): boolean {
  if (!/^[0-9a-f]*$/.test(received) || expected.length !== received.length || expected.length % 2 !== 0) return false;
  return timingSafeEqual(Buffer.from(expected, "hex"), Buffer.from(received, "hex"));
}
