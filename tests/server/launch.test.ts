import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loginRequestSchema, loginResponseSchema, orderConfigSchema } from "../../schemas/api";
import { parseLaunchToken, signLaunch } from "../../src/server/signing/launch";
import { Browser, DEMO_SECRET, errorCode, launchParams, orderRequest, startService, testClock, type Service } from "./harness";

const clock = testClock();
let service: Service;
beforeAll(async () => {
  service = await startService({ clock });
});
afterAll(() => service.close());

async function newLaunch(extra: Parameters<typeof orderRequest>[1] = {}) {
  const created = await service.partner.createOrder(orderRequest(service, extra));
  return { created, params: launchParams(created.launchUrl) };
}

describe("POST /api/v1/login", () => {
  it("accepts an untouched launch, sets the order_no cookie and an HttpOnly signed session cookie", async () => {
    const { created, params } = await newLaunch();
    const browser = new Browser(service.baseUrl);
    const res = await browser.login(params);
    expect(res.status).toBe(200);
    const body = loginResponseSchema.parse(res.json);
    expect(body.orderNo).toBe(created.orderNo);
    expect(body.config).toMatchObject({ liveType: "2", actions: ["2"], state: "in_progress", h5faceId: created.h5_face_id });
    const orderCookie = browser.setCookieHeaders.find((c) => c.startsWith("order_no="));
    const sessionCookie = browser.setCookieHeaders.find((c) => c.startsWith("faceflow_session="));
    expect(orderCookie).toMatch(/Path=\//);
    expect(orderCookie).not.toMatch(/HttpOnly/i);
    expect(orderCookie).toMatch(/SameSite=Lax/i);
    expect(sessionCookie).toMatch(/HttpOnly/i);
    expect(sessionCookie).toMatch(/Path=\//);
    expect(browser.cookies.get("order_no")).toBe(created.orderNo);
    expect((await service.partner.getOrder(created.orderNo)).state).toBe("in_progress");
  });

  it("rejects a change to ANY launch parameter, a removed one and an added one as 400101", async () => {
    const { params } = await newLaunch({
      liveType: "1",
      actions: undefined,
      theme: "05",
      will: { question: "您是否同意？", nod: true },
      launch: {
        splash_page: "1",
        protocol_corp_name: "甲公司",
        from: "app",
        rtc_mode_switch: "1",
        ws_mode_switch: "0",
        priori_mode_switch: "1",
        redirect_type: "1",
        live_inter_type: "0",
        popup_context: "请正对屏幕",
      },
    });
    /** Another value the login schema accepts, so only the signature can refuse it. */
    const other = (key: string, value: string): string => {
      if (key === "url") return "https://evil.example/#/entry";
      if (key === "theme") return "03";
      if (key === "live_type") return value === "1" ? "2" : "1";
      if (/^[01]$/.test(value)) return value === "1" ? "0" : "1";
      if (/^[23]$/.test(value)) return "1";
      return `${value}x`;
    };
    const keys = Object.keys(params).filter((k) => k !== "sign");
    expect(keys.length).toBe(18);
    for (const key of keys) {
      const tampered = { ...params, [key]: other(key, params[key] ?? "") };
      expect(loginRequestSchema.safeParse(tampered).success, key).toBe(true);
      const res = await new Browser(service.baseUrl).login(tampered);
      expect(res.status, key).toBe(400);
      expect(errorCode(res), key).toBe("400101");
    }
    for (const key of keys) {
      const { [key]: _removed, ...rest } = params;
      const res = await new Browser(service.baseUrl).login(rest);
      expect(errorCode(res), `without ${key}`).toBe("400101");
    }
    for (const [key, value] of Object.entries({ grade_type: "1", need_auth: "1", high_light: "a|b", web_log_report: "1" })) {
      const res = await new Browser(service.baseUrl).login({ ...params, [key]: value });
      expect(errorCode(res), `added ${key}`).toBe("400101");
    }
    // Every part of the sign token itself.
    const [version, expires, nonce, mac] = (params.sign ?? "").split(".");
    const signs = [
      `2.${expires}.${nonce}.${mac}`,
      `1.${Number(expires) + 3600}.${nonce}.${mac}`,
      `1.${expires}.${"0".repeat(32)}.${mac}`,
      `1.${expires}.${nonce}.${"0".repeat(64)}`,
      `${version}.${expires}.${nonce}`,
      "",
    ];
    for (const sign of signs) {
      const res = await new Browser(service.baseUrl).login({ ...params, sign });
      expect(res.status, sign).toBe(400);
      expect(errorCode(res), sign).toBe("400101");
    }
    const { sign: _sign, ...unsigned } = params;
    expect(errorCode(await new Browser(service.baseUrl).login(unsigned))).toBe("400101");
    // And after all that the genuine launch still works (failed attempts do not use it up).
    expect((await new Browser(service.baseUrl).login(params)).status).toBe(200);
  });

  it("is single use: another browser gets LAUNCH_USED, the same browser gets its session back", async () => {
    const { params } = await newLaunch();
    const first = new Browser(service.baseUrl);
    expect((await first.login(params)).status).toBe(200);
    const again = await first.login(params);
    expect(again.status).toBe(200);
    const second = await new Browser(service.baseUrl).login(params);
    expect(second.status).toBe(409);
    expect(errorCode(second)).toBe("LAUNCH_USED");
  });

  it("expires: LAUNCH_EXPIRED after expiresInSec, and a tampered expired link is still 400101", async () => {
    const { params } = await newLaunch({ expiresInSec: 60 });
    clock.advance(61_000);
    const res = await new Browser(service.baseUrl).login(params);
    expect(res.status).toBe(410);
    expect(errorCode(res)).toBe("LAUNCH_EXPIRED");
    expect(errorCode(await new Browser(service.baseUrl).login({ ...params, user_id: "x" }))).toBe("400101");
  });

  it("expires when the stored launch does, whatever expiry the partner signs (issue 18, finding 6)", async () => {
    // The partner holds the secret: it can sign the nonce it was handed with any expiry, here
    // ten days where the service issued (and bounds) 60 s.
    const { params } = await newLaunch({ expiresInSec: 60 });
    const token = parseLaunchToken(params.sign ?? "");
    if (token === null) throw new Error("no launch token");
    const { sign: _sign, ...signed } = params;
    const resigned = { ...params, sign: signLaunch(DEMO_SECRET, signed, token.expiresAtSec + 10 * 86_400, token.nonce) };
    const early = await new Browser(service.baseUrl).login(resigned);
    expect(early.status).toBe(400);
    expect(errorCode(early)).toBe("400101");
    clock.advance(61_000);
    const late = await new Browser(service.baseUrl).login(resigned);
    expect(errorCode(late)).toBe("400101");
    expect(errorCode(await new Browser(service.baseUrl).login(params))).toBe("LAUNCH_EXPIRED");
  });

  it("re-launch gives a working link for the same order", async () => {
    const { created, params } = await newLaunch({ expiresInSec: 60 });
    clock.advance(61_000);
    expect(errorCode(await new Browser(service.baseUrl).login(params))).toBe("LAUNCH_EXPIRED");
    const again = await service.partner.relaunch(created.orderNo);
    expect((await new Browser(service.baseUrl).login(launchParams(again.launchUrl))).status).toBe(200);
  });

  it("answers a login body that is not launch parameters with 400101", async () => {
    const browser = new Browser(service.baseUrl);
    expect(errorCode(await browser.request("POST", "/api/v1/login", ["x"]))).toBe("400101");
    expect(errorCode(await browser.request("POST", "/api/v1/login", { live_type: "9", sign: "x" }))).toBe("400101");
  });
});

describe("session routes", () => {
  it("need the session cookie: 401 SESSION_INVALID without it or with a forged one", async () => {
    for (const path of ["/api/v1/config", "/api/v1/digits", "/api/v1/result"]) {
      const res = await new Browser(service.baseUrl).request("GET", path);
      expect(res.status, path).toBe(401);
      expect(errorCode(res)).toBe("SESSION_INVALID");
    }
    const forged = new Browser(service.baseUrl);
    forged.cookies.set("faceflow_session", "deadbeef.c2lnbmF0dXJl");
    expect(errorCode(await forged.request("GET", "/api/v1/config"))).toBe("SESSION_INVALID");
  });

  it("GET /api/v1/config returns mode switches, limits and pre-picture counts, and no secret", async () => {
    const { params } = await newLaunch({
      liveType: "3",
      actions: undefined,
      launch: { rtc_mode_switch: "1", ws_mode_switch: "1", protocol_corp_name: "示例公司", popup_context: "请正对屏幕" },
    });
    const browser = new Browser(service.baseUrl);
    await browser.login(params);
    const res = await browser.request("GET", "/api/v1/config");
    const config = orderConfigSchema.parse(res.json);
    expect(config).toMatchObject({
      liveType: "3",
      modes: { rtc: true, ws: true, prioriMode: false },
      protocolCorpName: "示例公司",
      popupContext: "请正对屏幕",
      prePictures: { wx: 5, h5: 5 },
      attempts: { max: 3, used: 0, left: 3 },
      will: null,
    });
    expect(config.limits.maxBytes).toBe(1536 * 1024);
    expect(config.limits.minBytes).toEqual({ ios: 150 * 1024, android: 50 * 1024, other: 50 * 1024 });
    expect(JSON.stringify(res.json)).not.toContain("secret");
  });

  it("GET /api/v1/digits gives four fresh digits in number mode and WRONG_MODE otherwise", async () => {
    const number = new Browser(service.baseUrl);
    await number.login((await newLaunch({ liveType: "1", actions: undefined })).params);
    const a = await number.request("GET", "/api/v1/digits");
    expect(a.status).toBe(200);
    expect((a.json as { digits: string }).digits).toMatch(/^\d{4}$/);
    const action = new Browser(service.baseUrl);
    await action.login((await newLaunch()).params);
    const res = await action.request("GET", "/api/v1/digits");
    expect(res.status).toBe(409);
    expect(errorCode(res)).toBe("WRONG_MODE");
  });

  it("GET /api/v1/result is RESULT_PENDING before the order finishes", async () => {
    const browser = new Browser(service.baseUrl);
    await browser.login((await newLaunch()).params);
    const res = await browser.request("GET", "/api/v1/result");
    expect(res.status).toBe(409);
    expect(errorCode(res)).toBe("RESULT_PENDING");
  });
});

describe("session cookies behind a TLS proxy (issue 18, finding 4)", () => {
  let https: Service;
  beforeAll(async () => {
    // The proxy terminates TLS and is not trusted: the service sees plain http.
    https = await startService({ publicOrigin: "https://faceflow.example" });
  });
  afterAll(() => https.close());

  it("are Secure whenever the public origin is https, whatever protocol reaches the service", async () => {
    const created = await https.partner.createOrder(orderRequest(https, { returnUrl: "https://faceflow.example/#/entry" }));
    expect(created.launchUrl.startsWith("https://faceflow.example/?")).toBe(true);
    const browser = new Browser(https.baseUrl);
    expect((await browser.login(launchParams(created.launchUrl))).status).toBe(200);
    for (const name of ["faceflow_session", "order_no"]) {
      const cookie = browser.setCookieHeaders.find((c) => c.startsWith(`${name}=`));
      expect(cookie, name).toMatch(/;\s*Secure/i);
    }
  });

  it("follow the request on a plain-http public origin (a local demo keeps working)", async () => {
    const { params } = await newLaunch();
    const browser = new Browser(service.baseUrl);
    expect((await browser.login(params)).status).toBe(200);
    expect(browser.setCookieHeaders.find((c) => c.startsWith("faceflow_session="))).not.toMatch(/Secure/i);
  });
});
