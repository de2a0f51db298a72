import { describe, expect, it } from "vitest";
import { buildReturnPayload, buildReturnUrl, RETURN_PAYLOAD_FIELDS } from "../../src/finish/returnUrl";

function url(returnUrl: string, values: Parameters<typeof buildReturnUrl>[1]): string {
  const built = buildReturnUrl(returnUrl, values);
  if (!built.ok) throw new Error(`refused: ${built.reason}`);
  return built.url;
}

describe("buildReturnPayload", () => {
  it("keeps exactly the spec's fields, in the spec's order", () => {
    expect(RETURN_PAYLOAD_FIELDS).toEqual([
      "orderNo", "code", "signature", "newSignature", "liveRate", "h5faceId", "willCode", "faceCode", "similarity", "checks",
    ]);
  });

  it("drops empty, undefined, null and the text null", () => {
    expect(
      buildReturnPayload({ orderNo: "A1", code: 0, signature: "", newSignature: undefined, liveRate: null, h5faceId: "null", similarity: 87.5 }),
    ).toEqual({ orderNo: "A1", code: "0", similarity: "87.5" });
  });

  it("ignores names outside the payload", () => {
    const values = { orderNo: "A1", secret: "x" } as unknown as Parameters<typeof buildReturnPayload>[0];
    expect(buildReturnPayload(values)).toEqual({ orderNo: "A1" });
  });
});

describe("buildReturnUrl", () => {
  it("appends the payload as query parameters", () => {
    expect(url("https://partner.example/done", { orderNo: "A1", code: "0", liveRate: "99" })).toBe(
      "https://partner.example/done?orderNo=A1&code=0&liveRate=99",
    );
  });

  it("keeps the partner's query as written and the fragment after the new query", () => {
    expect(url("https://partner.example/done?from=kyc&x=a%20b+c#/result?tab=1", { orderNo: "A1", code: "0" })).toBe(
      "https://partner.example/done?from=kyc&x=a%20b+c&orderNo=A1&code=0#/result?tab=1",
    );
  });

  it("replaces a partner parameter that has a payload name, so no stale code survives", () => {
    expect(url("https://partner.example/done?code=stale&keep=1", { code: "0" })).toBe("https://partner.example/done?keep=1&code=0");
  });

  it("keeps a partner parameter with a payload name when the payload has no value for it", () => {
    expect(url("https://partner.example/done?similarity=keep", { code: "0" })).toBe(
      "https://partner.example/done?similarity=keep&code=0",
    );
  });

  it("encodes values", () => {
    expect(url("http://partner.example/", { signature: "a+b/c=&d" })).toBe("http://partner.example/?signature=a%2Bb%2Fc%3D%26d");
  });

  it("handles an empty query marker and an empty payload", () => {
    expect(url("https://partner.example/?#frag", { code: "" })).toBe("https://partner.example/#frag");
  });

  it.each([
    ["javascript:alert(1)", "protocolNotAllowed"],
    ["JavaScript:alert(document.cookie)", "protocolNotAllowed"],
    ["java\nscript:alert(1)", "protocolNotAllowed"],
    ["data:text/html,<script>alert(1)</script>", "protocolNotAllowed"],
    ["ftp://partner.example/", "protocolNotAllowed"],
    ["/relative/path", "notAbsoluteUrl"],
    ["//partner.example/done", "notAbsoluteUrl"],
    ["partner.example/done", "notAbsoluteUrl"],
    ["", "notAbsoluteUrl"],
  ])("refuses %j (%s)", (returnUrl, reason) => {
    const built = buildReturnUrl(returnUrl, { code: "0" });
    expect(built.ok).toBe(false);
    if (!built.ok) expect(built.reason).toBe(reason);
  });
});
