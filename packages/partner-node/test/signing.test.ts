import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { canonicalQuery, hmacHex, partnerRequestBase, safeEqualHex, signReturnPayload, verifyReturnPayload } from "@faceflow/partner";

const SECRET = "test-secret-0123456789abcdef";
const hmac = (message: string) => createHmac("sha256", SECRET).update(message).digest("hex");

describe("canonicalQuery", () => {
  it("sorts keys, URI-encodes, drops empty values", () => {
    expect(canonicalQuery({ b: "2", a: "x y", c: "", d: undefined, "é": "&=" })).toBe("a=x%20y&b=2&%C3%A9=%26%3D");
  });
});

describe("safeEqualHex", () => {
  it("is false for different lengths and non-hex input instead of throwing", () => {
    expect(safeEqualHex("ab", "ab")).toBe(true);
    expect(safeEqualHex("ab", "abcd")).toBe(false);
    expect(safeEqualHex("ab", "zz")).toBe(false);
  });
});

describe("return payload signatures", () => {
  const fields = { orderNo: "ord_1", code: "0", liveRate: "92", h5faceId: "h5f_1", willCode: "0", faceCode: "0", similarity: "0.87" };
  const signed = signReturnPayload("APP1", SECRET, fields);

  it("compute exactly the documented formulas", () => {
    expect(signed.signature).toBe(hmac("faceflow-return-core-v1\nAPP1\ncode=0&h5faceId=h5f_1&liveRate=92&orderNo=ord_1"));
    expect(signed.newSignature).toBe(
      hmac("faceflow-return-v1\nAPP1\ncode=0&faceCode=0&h5faceId=h5f_1&liveRate=92&orderNo=ord_1&similarity=0.87&willCode=0"),
    );
  });

  it("drop empty and 'null' fields before signing (spec §3)", () => {
    const sparse = signReturnPayload("APP1", SECRET, { orderNo: "o", code: "1", liveRate: "", willCode: "null" });
    expect(sparse).not.toHaveProperty("liveRate");
    expect(sparse).not.toHaveProperty("willCode");
    expect(verifyReturnPayload("APP1", SECRET, sparse).valid).toBe(true);
  });

  it("verify from a record, a query string, a URL with the query before or inside the hash, and URLSearchParams", () => {
    const query = new URLSearchParams({ ...signed, partnerOwn: "kept out" }).toString();
    for (const input of [signed, query, `?${query}`, `https://p.example/done?${query}#/x`, `https://p.example/#/done?${query}`, new URLSearchParams(query), new URL(`https://p.example/?${query}`)]) {
      expect(verifyReturnPayload("APP1", SECRET, input)).toEqual({ valid: true, payload: signed });
    }
  });

  it("reject a change to any field, either signature, another app id or secret", () => {
    for (const key of Object.keys(fields) as (keyof typeof fields)[]) {
      const verdict = verifyReturnPayload("APP1", SECRET, { ...signed, [key]: `${signed[key]}1` });
      expect(verdict.valid, key).toBe(false);
    }
    // Will fields are outside `signature`, so only newSignature catches them.
    expect(verifyReturnPayload("APP1", SECRET, { ...signed, similarity: "0.99" })).toMatchObject({ reason: "newSignature does not match" });
    expect(verifyReturnPayload("APP1", SECRET, { ...signed, code: "1" })).toMatchObject({ reason: "signature does not match" });
    expect(verifyReturnPayload("APP1", SECRET, { ...signed, signature: "0".repeat(64) }).valid).toBe(false);
    expect(verifyReturnPayload("APP1", SECRET, { ...signed, newSignature: "0".repeat(64) }).valid).toBe(false);
    expect(verifyReturnPayload("APP2", SECRET, signed).valid).toBe(false);
    expect(verifyReturnPayload("APP1", `${SECRET}x`, signed).valid).toBe(false);
    const { willCode: _dropped, ...withoutWill } = signed;
    expect(verifyReturnPayload("APP1", SECRET, withoutWill).valid).toBe(false);
  });

  it("report a malformed payload without a payload", () => {
    expect(verifyReturnPayload("APP1", SECRET, "orderNo=1")).toEqual({ valid: false, payload: null, reason: "payload fields missing or malformed" });
    expect(verifyReturnPayload("APP1", SECRET, "not a url at all")).toMatchObject({ valid: false, payload: null });
  });
});

describe("partner request signing", () => {
  it("covers purpose, method, path, timestamp, nonce and the body, newline-separated", () => {
    const base = partnerRequestBase({ method: "post", path: "/partner/v1/orders", timestamp: "1700000000", nonce: "n".repeat(16), body: "{}" });
    expect(base).toBe(`faceflow-partner-v1\nPOST\n/partner/v1/orders\n1700000000\n${"n".repeat(16)}\n{}`);
    expect(hmacHex(SECRET, base)).toBe(hmac(base));
  });
});
