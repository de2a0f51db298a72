/**
 * Webhook signatures, made by the service and checked by partners, in one header:
 *
 *   Faceflow-Signature: t=1767225600,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd
 *
 * `t` is the send time in Unix seconds and `v1` the lowercase hex HMAC-SHA256, with the app's
 * secret, of `${t}.${rawBody}`: the exact bytes received, before any JSON parsing. A partner
 * checks `v1` against each secret it holds (the current one, and during a rotation the one
 * being retired: results and events are signed with the current secret only, apps.ts), and
 * refuses a `t` outside its tolerance (300 s by default) so a captured request cannot be
 * replayed later. Within the window, the event id (`Faceflow-Event-Id`, also the body's `id`)
 * makes processing idempotent: an event may arrive more than once (at least once delivery).
 */
import { createHmac } from "node:crypto";
import { hmacHex, safeEqualHex } from "./canonical.js";

export const WEBHOOK_HEADERS = {
  signature: "faceflow-signature",
  eventId: "faceflow-event-id",
  eventType: "faceflow-event-type",
} as const;

export const WEBHOOK_TOLERANCE_SEC = 300;

/** The signature header's value for `body` sent at `timestampSec`. */
export function signWebhook(secret: string, body: string, timestampSec: number): string {
  return `t=${timestampSec},v1=${hmacHex(secret, `${timestampSec}.${body}`)}`;
}

export type WebhookVerification = { ok: true; timestampSec: number } | { ok: false; reason: "malformed" | "signature" | "expired" };

/**
 * Checks a received webhook: `body` as received (string or bytes, not re-serialised), the
 * signature header, the secrets to accept, and the time now (Unix seconds).
 * @example verifyWebhook(rawBody, req.headers["faceflow-signature"], [secret], Math.floor(Date.now() / 1000))
 */
export function verifyWebhook(
  body: string | Uint8Array,
  header: string | undefined,
  secrets: readonly string[],
  nowSec: number,
  toleranceSec: number = WEBHOOK_TOLERANCE_SEC,
): WebhookVerification {
  if (typeof header !== "string") return { ok: false, reason: "malformed" };
  const parts = header.split(",").map((p) => p.trim());
  const t = parts.find((p) => p.startsWith("t="))?.slice(2);
  const signatures = parts.filter((p) => p.startsWith("v1=")).map((p) => p.slice(3));
  if (t === undefined || !/^\d{1,12}$/.test(t) || signatures.length === 0) return { ok: false, reason: "malformed" };
  // The HMAC is of the bytes as received: decoding them first would map different invalid
  // UTF-8 bodies to one text, and so to one signature.
  const bytes = typeof body === "string" ? Buffer.from(body, "utf8") : body;
  const hmac = (secret: string) => createHmac("sha256", secret).update(`${t}.`, "utf8").update(bytes).digest("hex");
  const timestampSec = Number(t);
  const matches = secrets.some((secret) => {
    const expected = hmac(secret);
    return signatures.some((s) => safeEqualHex(expected, s));
  });
  if (!matches) return { ok: false, reason: "signature" };
  if (Math.abs(nowSec - timestampSec) > toleranceSec) return { ok: false, reason: "expired" };
  return { ok: true, timestampSec };
}
