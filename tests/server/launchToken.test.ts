/**
 * The launch URL's `sign` token (src/server/signing/launch.ts): the service's own signature over
 * the launch parameters, built on the partner kit's canonical query and HMAC.
 */
import { createHmac } from "node:crypto";
import { canonicalQuery } from "@faceflow/partner";
import { describe, expect, it } from "vitest";
import { launchMacMatches, parseLaunchToken, signLaunch } from "../../src/server/signing/launch";

const SECRET = "test-secret-0123456789abcdef";
const hmac = (message: string) => createHmac("sha256", SECRET).update(message).digest("hex");

describe("launch sign token", () => {
  const params = { live_type: "2", order_no: "ord_1", url: "https://p.example/back?a=1" };
  const sign = signLaunch(SECRET, params, 1_900_000_000, "0123456789abcdef0123456789abcdef");

  it("is 1.<expiry>.<nonce>.<HMAC over purpose, expiry, nonce and the canonical parameters>", () => {
    const token = parseLaunchToken(sign);
    expect(token).toEqual({ expiresAtSec: 1_900_000_000, nonce: "0123456789abcdef0123456789abcdef", mac: expect.any(String) });
    expect(token?.mac).toBe(
      hmac(`faceflow-launch-v1\n1900000000\n0123456789abcdef0123456789abcdef\n${canonicalQuery(params)}`),
    );
    expect(token && launchMacMatches(SECRET, { ...params, sign }, token)).toBe(true);
    expect(token && launchMacMatches(SECRET, { ...params, url: "https://evil.example/" }, token)).toBe(false);
  });

  it("parses only well-formed tokens", () => {
    for (const bad of ["", "1.2.3.4", sign.replace(/^1/, "2"), `${sign}0`, sign.toUpperCase()]) expect(parseLaunchToken(bad), bad).toBeNull();
  });
});
