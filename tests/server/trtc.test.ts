/**
 * Real-time video on the service side: Tencent's UserSig (TLSSigAPIv2) checked by decoding
 * it the way TRTC's servers do (unescape, base64, inflate, verify the HMAC over the
 * documented fields), the FACEFLOW_TRTC_* configuration, and the room ticket in the order
 * config only when the service has credentials and the launch asks for real-time video.
 */
import { createHmac } from "node:crypto";
import { inflateSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { orderConfigSchema } from "../../schemas/api";
import { ConfigError, loadServerConfig } from "../../src/server/config";
import { createTrtcIssuer, readTrtcEnv, trtcUserIdOf } from "../../src/server/trtc/trtcConfig";
import { escapeUserSigBase64, genUserSig, unescapeUserSigBase64, userSigContent } from "../../src/server/trtc/userSig";
import { Browser, launchParams, orderRequest, startService, type Service } from "./harness";

const SECRET = "5bd2850fff3ecb11d7c805251c51ee463a25727bddc2385f3fa8bfee1bb93b5e";
const NOW_SEC = 1_900_000_000;

/** Decode a UserSig as the receiving side does. */
function decodeUserSig(userSig: string): Record<string, unknown> {
  const compressed = Buffer.from(unescapeUserSigBase64(userSig), "base64");
  return JSON.parse(inflateSync(compressed).toString("utf8")) as Record<string, unknown>;
}

describe("UserSig (TLSSigAPIv2)", () => {
  const sig = genUserSig({ sdkAppId: 1400000000, secretKey: SECRET, userId: "xiaojun", expireSec: 86_400 * 180, nowSec: NOW_SEC });

  it("is URL-safe text in Tencent's base64 variant", () => {
    expect(sig).toMatch(/^[A-Za-z0-9*_-]+$/);
    expect(sig).not.toMatch(/[+/=]/);
  });

  it("decodes to the documented fields, version 2.0", () => {
    const doc = decodeUserSig(sig);
    expect(Object.keys(doc)).toEqual(["TLS.ver", "TLS.identifier", "TLS.sdkappid", "TLS.time", "TLS.expire", "TLS.sig"]);
    expect(doc).toMatchObject({ "TLS.ver": "2.0", "TLS.identifier": "xiaojun", "TLS.sdkappid": 1400000000, "TLS.time": NOW_SEC, "TLS.expire": 86_400 * 180 });
  });

  it("carries an HMAC-SHA256 over identifier, sdkappid, time and expire with the secret key", () => {
    const doc = decodeUserSig(sig);
    const content = `TLS.identifier:xiaojun\nTLS.sdkappid:1400000000\nTLS.time:${NOW_SEC}\nTLS.expire:${86_400 * 180}\n`;
    expect(userSigContent("xiaojun", 1400000000, NOW_SEC, 86_400 * 180)).toBe(content);
    expect(doc["TLS.sig"]).toBe(createHmac("sha256", SECRET).update(content).digest("base64"));
    expect(doc["TLS.sig"]).not.toBe(createHmac("sha256", "another-secret-key-0123456789").update(content).digest("base64"));
  });

  it("is deterministic for the same input and changes with each field", () => {
    const base = { sdkAppId: 1400000000, secretKey: SECRET, userId: "u1", expireSec: 900, nowSec: NOW_SEC };
    expect(genUserSig(base)).toBe(genUserSig(base));
    for (const change of [{ userId: "u2" }, { sdkAppId: 1400000001 }, { expireSec: 901 }, { nowSec: NOW_SEC + 1 }, { secretKey: `${SECRET}x` }]) {
      expect(genUserSig({ ...base, ...change })).not.toBe(genUserSig(base));
    }
  });

  it("escapes and unescapes the three characters both ways", () => {
    expect(escapeUserSigBase64("a+b/c==")).toBe("a*b-c__");
    expect(unescapeUserSigBase64("a*b-c__")).toBe("a+b/c==");
  });

  it("refuses input TRTC would refuse", () => {
    const base = { sdkAppId: 1400000000, secretKey: SECRET, userId: "u1", expireSec: 900, nowSec: NOW_SEC };
    expect(() => genUserSig({ ...base, userId: "x".repeat(33) })).toThrow(/32/);
    expect(() => genUserSig({ ...base, userId: "has space" })).toThrow(RangeError);
    expect(() => genUserSig({ ...base, sdkAppId: 0 })).toThrow(RangeError);
    expect(() => genUserSig({ ...base, expireSec: 0 })).toThrow(RangeError);
    expect(() => genUserSig({ ...base, secretKey: "" })).toThrow(RangeError);
  });
});

describe("TRTC configuration (FACEFLOW_TRTC_*)", () => {
  it("is off without either variable", () => {
    expect(readTrtcEnv({})).toEqual({ ok: true, config: null });
    expect(loadServerConfig({}).trtc).toBeUndefined();
  });

  it("reads both variables and the optional lifetime", () => {
    expect(readTrtcEnv({ FACEFLOW_TRTC_SDK_APP_ID: "1400000001", FACEFLOW_TRTC_SECRET_KEY: SECRET })).toEqual({
      ok: true,
      config: { sdkAppId: 1400000001, secretKey: SECRET, userSigTtlSec: 900 },
    });
    expect(loadServerConfig({ FACEFLOW_TRTC_SDK_APP_ID: "1400000001", FACEFLOW_TRTC_SECRET_KEY: SECRET, FACEFLOW_TRTC_USERSIG_TTL_SEC: "300" }).trtc).toEqual({
      sdkAppId: 1400000001,
      secretKey: SECRET,
      userSigTtlSec: 300,
    });
  });

  it("refuses to start with only one of the two, or a malformed value, naming the variable", () => {
    expect(() => loadServerConfig({ FACEFLOW_TRTC_SECRET_KEY: SECRET })).toThrow(/FACEFLOW_TRTC_SDK_APP_ID/);
    expect(() => loadServerConfig({ FACEFLOW_TRTC_SDK_APP_ID: "1400000001" })).toThrow(/FACEFLOW_TRTC_SECRET_KEY/);
    expect(() => loadServerConfig({ FACEFLOW_TRTC_SDK_APP_ID: "abc", FACEFLOW_TRTC_SECRET_KEY: SECRET })).toThrow(ConfigError);
    expect(() => loadServerConfig({ FACEFLOW_TRTC_SDK_APP_ID: "1400000001", FACEFLOW_TRTC_SECRET_KEY: "short" })).toThrow(/FACEFLOW_TRTC_SECRET_KEY/);
    expect(() => loadServerConfig({ FACEFLOW_TRTC_SDK_APP_ID: "1400000001", FACEFLOW_TRTC_SECRET_KEY: SECRET, FACEFLOW_TRTC_USERSIG_TTL_SEC: "5" })).toThrow(
      /FACEFLOW_TRTC_USERSIG_TTL_SEC/,
    );
  });

  it("issues one room per order, for a short TRTC user id derived from the order", () => {
    const issuer = createTrtcIssuer({ sdkAppId: 1400000001, secretKey: SECRET, userSigTtlSec: 600 }, () => NOW_SEC * 1000 + 250);
    const ticket = issuer.issue("ORDER-0123456789-abcdefghijklmnopqrstuvwxyz-0123456789-abcdefgh");
    expect(ticket.userId).toMatch(/^ff_[0-9a-f]{24}$/);
    expect(ticket.userId).toBe(trtcUserIdOf("ORDER-0123456789-abcdefghijklmnopqrstuvwxyz-0123456789-abcdefgh"));
    expect(ticket.roomId).toBe("ORDER-0123456789-abcdefghijklmnopqrstuvwxyz-0123456789-abcdefgh");
    expect(ticket.expiresAt).toBe(new Date((NOW_SEC + 600) * 1000).toISOString());
    expect(decodeUserSig(ticket.userSig)).toMatchObject({ "TLS.identifier": ticket.userId, "TLS.sdkappid": 1400000001, "TLS.time": NOW_SEC, "TLS.expire": 600 });
  });
});

describe("the room ticket in the order config", () => {
  const services: Service[] = [];
  afterAll(async () => {
    await Promise.all(services.map((s) => s.close()));
  });

  async function loginConfig(service: Service, rtc: boolean) {
    const order = await service.partner.createOrder(orderRequest(service, { launch: rtc ? { rtc_mode_switch: "1" } : {} }));
    const browser = new Browser(service.baseUrl);
    const login = await browser.login(launchParams(order.launchUrl));
    expect(login.status).toBe(200);
    const fromLogin = orderConfigSchema.parse((login.json as { config: unknown }).config);
    const fromConfig = orderConfigSchema.parse((await browser.request("GET", "/api/v1/config")).json);
    return { order, fromLogin, fromConfig };
  }

  it("carries a ticket for the order's room when the service has credentials and the launch asks", async () => {
    const service = await startService({ trtc: { sdkAppId: 1400000001, secretKey: SECRET, userSigTtlSec: 900 } });
    services.push(service);
    const { order, fromLogin, fromConfig } = await loginConfig(service, true);
    expect(fromLogin.modes.rtc).toBe(true);
    for (const config of [fromLogin, fromConfig]) {
      expect(config.trtc).toMatchObject({ sdkAppId: 1400000001, roomId: order.orderNo, userId: trtcUserIdOf(order.orderNo) });
      const doc = decodeUserSig(config.trtc?.userSig ?? "");
      const content = userSigContent(String(doc["TLS.identifier"]), 1400000001, Number(doc["TLS.time"]), 900);
      expect(doc["TLS.sig"]).toBe(createHmac("sha256", SECRET).update(content).digest("base64"));
    }
    // The secret key itself never leaves the service.
    expect(JSON.stringify(fromConfig)).not.toContain(SECRET);
  });

  it("carries none when the launch does not ask for real-time video", async () => {
    const service = await startService({ trtc: { sdkAppId: 1400000001, secretKey: SECRET, userSigTtlSec: 900 } });
    services.push(service);
    const { fromConfig } = await loginConfig(service, false);
    expect(fromConfig.modes.rtc).toBe(false);
    expect(fromConfig.trtc).toBeNull();
  });

  it("says real-time video is unavailable when the service has no credentials", async () => {
    const service = await startService();
    services.push(service);
    const { fromConfig } = await loginConfig(service, true);
    // The launch asked for it (modes.rtc), but there is no ticket: the browser downgrades (reason 1).
    expect(fromConfig.modes.rtc).toBe(true);
    expect(fromConfig.trtc).toBeNull();
  });
});
