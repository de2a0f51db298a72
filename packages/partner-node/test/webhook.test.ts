/**
 * Webhook signatures as a partner's receiver checks them: `Faceflow-Signature: t=…,v1=…` over
 * `${t}.${rawBody}`, any of the secrets held, within the tolerance either way.
 */
import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signWebhook, verifyWebhook, WEBHOOK_TOLERANCE_SEC, webhookEventSchema } from "@faceflow/partner";

const SECRET = "webhook-secret-0123456789abcdef";
const OLD = "webhook-old-secret-0123456789abcdef";
const T = 1_900_000_000;
const body = JSON.stringify({
  id: `evt_${"a".repeat(32)}`, type: "verification.completed", createdAt: "2030-03-17T17:46:40.000Z", appId: "APP1",
  data: { orderNo: "ord_1", userId: "u1", passed: true, code: "0", liveRate: 97, similarity: null, faceCode: null, willCode: null, checks: ["face"], attempts: 1, finishedAt: "2030-03-17T17:46:40.000Z" },
});

describe("webhook signatures", () => {
  it("are t=<seconds>,v1=<hex HMAC-SHA256 of t.body>", () => {
    const mac = createHmac("sha256", SECRET).update(`${T}.${body}`).digest("hex");
    expect(signWebhook(SECRET, body, T)).toBe(`t=${T},v1=${mac}`);
  });

  it("verify the raw body as text or bytes, by any secret held (a rotation's previous one too)", () => {
    const header = signWebhook(OLD, body, T);
    expect(verifyWebhook(body, header, [SECRET, OLD], T)).toEqual({ ok: true, timestampSec: T });
    expect(verifyWebhook(new TextEncoder().encode(body), header, [SECRET, OLD], T + 10)).toEqual({ ok: true, timestampSec: T });
    expect(verifyWebhook(body, header, [SECRET], T)).toEqual({ ok: false, reason: "signature" });
  });

  it("refuse a changed body, and a body re-serialised", () => {
    const header = signWebhook(SECRET, body, T);
    expect(verifyWebhook(body.replace('"passed":true', '"passed":false'), header, [SECRET], T)).toEqual({ ok: false, reason: "signature" });
    expect(verifyWebhook(JSON.stringify(JSON.parse(body), null, 1), header, [SECRET], T)).toEqual({ ok: false, reason: "signature" });
  });

  it("refuse a send time outside the tolerance, either way", () => {
    const header = signWebhook(SECRET, body, T);
    expect(verifyWebhook(body, header, [SECRET], T + WEBHOOK_TOLERANCE_SEC)).toMatchObject({ ok: true });
    expect(verifyWebhook(body, header, [SECRET], T + WEBHOOK_TOLERANCE_SEC + 1)).toEqual({ ok: false, reason: "expired" });
    expect(verifyWebhook(body, header, [SECRET], T - WEBHOOK_TOLERANCE_SEC - 1)).toEqual({ ok: false, reason: "expired" });
    expect(verifyWebhook(body, header, [SECRET], T + 3600, 7200)).toMatchObject({ ok: true });
  });

  it("call a missing or garbled header malformed", () => {
    for (const header of [undefined, "", "v1=abc", `t=${T}`, `t=soon,v1=${"0".repeat(64)}`]) {
      expect(verifyWebhook(body, header, [SECRET], T), String(header)).toEqual({ ok: false, reason: "malformed" });
    }
  });

  it("carry an event the contract parses", () => {
    expect(webhookEventSchema.safeParse(JSON.parse(body)).success).toBe(true);
  });
});

describe("webhook bodies as bytes", () => {
  it("signs the bytes received: two bodies with different invalid UTF-8 are not one signature", () => {
    const secret = "bytes-secret-0123456789abcdef";
    const t = 1_767_225_600;
    const a = Uint8Array.from([0x7b, 0xff, 0x7d]);
    const b = Uint8Array.from([0x7b, 0xfe, 0x7d]);
    // Both decode to "{\ufffd}": hashing the decoded text would accept either with a's signature.
    expect(new TextDecoder().decode(a)).toBe(new TextDecoder().decode(b));
    const header = `t=${t},v1=${createHmac("sha256", secret).update(`${t}.`).update(a).digest("hex")}`;
    expect(verifyWebhook(a, header, [secret], t)).toEqual({ ok: true, timestampSec: t });
    expect(verifyWebhook(b, header, [secret], t)).toEqual({ ok: false, reason: "signature" });
  });
});
