/**
 * The kit's client against a stand-in service (an injected fetch): what goes over the wire is
 * signed as the service checks it, answers are parsed by the contract, and a refusal arrives as
 * FaceflowPartnerError with the service's code.
 */
import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createFaceflowPartner, FaceflowPartnerError, PARTNER_HEADERS, signReturnPayload } from "@faceflow/partner";

const SECRET = "client-test-secret-0123456789";
const NOW = 1_900_000_000_000;
const NONCE = "n0nce-0123456789abcdef";
const LAUNCH = { orderNo: "ord_0123456789", h5_face_id: "h5f_1", launchUrl: "https://faceflow.example/?sign=1", expiresAt: "2030-03-17T17:46:40.000Z" };

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string;
}

/** A kit whose requests are kept, answered with `status` and `json`. */
function kitAnswering(status: number, json: unknown, baseUrl = "https://faceflow.example") {
  const sent: Sent[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    sent.push({ url: String(input), method: init?.method ?? "GET", headers: { ...(init?.headers as Record<string, string>) }, body: String(init?.body ?? "") });
    const text = typeof json === "string" ? json : JSON.stringify(json);
    return new Response(text, { status, headers: { "content-type": "application/json" } });
  };
  const kit = createFaceflowPartner({ baseUrl, appId: "APP1", secret: SECRET, fetch, now: () => NOW, nonce: () => NONCE });
  return { kit, sent };
}

/** The signature the service computes for a request (packages/README.md, Partner API). */
const expectedSignature = (s: Sent, path: string) =>
  createHmac("sha256", SECRET).update(`faceflow-partner-v1\n${s.method}\n${path}\n${NOW / 1000}\n${NONCE}\n${s.body}`).digest("hex");

describe("the partner client", () => {
  it("creates an order with a request signed over method, path, time, nonce and the exact body", async () => {
    const { kit, sent } = kitAnswering(201, LAUNCH);
    const order = { userId: "u1", liveType: "2" as const, actions: ["2" as const], returnUrl: "https://shop.example/done" };
    await expect(kit.createOrder(order)).resolves.toEqual(LAUNCH);
    const [request] = sent as [Sent];
    expect(request).toMatchObject({ url: "https://faceflow.example/partner/v1/orders", method: "POST", body: JSON.stringify(order) });
    expect(request.headers).toMatchObject({
      [PARTNER_HEADERS.appId]: "APP1",
      [PARTNER_HEADERS.timestamp]: String(NOW / 1000),
      [PARTNER_HEADERS.nonce]: NONCE,
      [PARTNER_HEADERS.signature]: expectedSignature(request, "/partner/v1/orders"),
      "content-type": "application/json",
    });
  });

  it("signs the path under the service's prefix, and an order number encoded", async () => {
    const { kit, sent } = kitAnswering(201, LAUNCH, "https://gateway.example/faceflow/");
    await kit.relaunch("ord/../x", { expiresInSec: 600 });
    const [request] = sent as [Sent];
    expect(request.url).toBe("https://gateway.example/faceflow/partner/v1/orders/ord%2F..%2Fx/launches");
    expect(request.headers[PARTNER_HEADERS.signature]).toBe(expectedSignature(request, "/faceflow/partner/v1/orders/ord%2F..%2Fx/launches"));
  });

  it("reads an order with a GET signed over an empty body", async () => {
    const view = {
      orderNo: "ord_0123456789", h5_face_id: "h5f_1", appId: "APP1", userId: "u1", liveType: "3", state: "created",
      createdAt: "2030-03-17T17:16:40.000Z", finishedAt: null, maxAttempts: 3, guidance: true, result: null, attempts: [],
    };
    const { kit, sent } = kitAnswering(200, view);
    await expect(kit.getOrder("ord_0123456789")).resolves.toEqual(view);
    const [request] = sent as [Sent];
    expect(request).toMatchObject({ method: "GET", body: "" });
    expect(request.headers).not.toHaveProperty("content-type");
    expect(request.headers[PARTNER_HEADERS.signature]).toBe(expectedSignature(request, "/partner/v1/orders/ord_0123456789"));
  });

  it("refuses a malformed order before sending anything, naming the field", async () => {
    const { kit, sent } = kitAnswering(201, LAUNCH);
    const refused = await kit.createOrder({ userId: "u 1", liveType: "2", returnUrl: "https://shop.example/done" }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(FaceflowPartnerError);
    expect(refused).toMatchObject({ status: 0, code: "BAD_REQUEST", message: expect.stringContaining("userId") });
    expect(sent).toHaveLength(0);
  });

  it("throws the service's refusal with its status and code", async () => {
    const { kit } = kitAnswering(404, { code: "ORDER_NOT_FOUND", message: "no order ord_x" });
    await expect(kit.getOrder("ord_x")).rejects.toMatchObject({ name: "FaceflowPartnerError", status: 404, code: "ORDER_NOT_FOUND" });
  });

  it("calls an answer outside the contract unexpected, error or success", async () => {
    await expect(kitAnswering(502, "<html>bad gateway</html>").kit.getOrder("ord_x")).rejects.toMatchObject({ status: 502, code: "UNEXPECTED_RESPONSE" });
    await expect(kitAnswering(201, { orderNo: "ord_0123456789" }).kit.relaunch("ord_0123456789")).rejects.toMatchObject({ status: 201, code: "UNEXPECTED_RESPONSE" });
  });

  it("verifies a return signed with the current secret, or with a rotation secret it was given", () => {
    const next = "client-test-next-secret-0123456789";
    const signedWithNext = signReturnPayload("APP1", next, { orderNo: "ord_0123456789", code: "0", liveRate: "95" });
    const plain = createFaceflowPartner({ baseUrl: "https://faceflow.example", appId: "APP1", secret: SECRET });
    const rotating = createFaceflowPartner({ baseUrl: "https://faceflow.example", appId: "APP1", secret: SECRET, rotationSecrets: [next] });
    expect(plain.verifyReturn(signedWithNext)).toMatchObject({ valid: false, reason: "signature does not match" });
    expect(rotating.verifyReturn(signedWithNext)).toEqual({ valid: true, payload: signedWithNext });
  });
});
