/**
 * Browsers that cannot keep cookies (some in-app browsers; cookie-less mode of spec §3) ask the
 * login for a session token and keep their session through it, as a header only; a login that
 * did not ask gets no token (issue 18, finding 5).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loginRequestSchema, loginResponseSchema, orderConfigSchema, SESSION_HEADER } from "../../schemas/api";
import { createApiClient } from "../../src/api/client";
import { Browser, errorCode, launchParams, orderRequest, startService, type Service } from "./harness";

let service: Service;
beforeAll(async () => {
  service = await startService();
});
afterAll(() => service.close());

/** A fetch that never sends or keeps cookies, like a browser that blocks them. */
const noCookies: typeof fetch = (input, init = {}) => {
  const headers = new Headers(init.headers);
  headers.delete("cookie");
  return fetch(input, { ...init, headers, credentials: "omit" });
};

async function loginWithoutCookies(cookieless = true) {
  const created = await service.partner.createOrder(orderRequest(service));
  const res = await noCookies(`${service.baseUrl}/api/v1/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ ...launchParams(created.launchUrl), cookieless }),
  });
  expect(res.status).toBe(200);
  return { created, body: loginResponseSchema.parse(await res.json()) };
}

describe("cookie-less session", () => {
  it("a login that asks (cookieless) answers with a session token that works as a header", async () => {
    const { created, body } = await loginWithoutCookies();
    expect(body.sessionToken).toMatch(/^[0-9a-f]{64}$/);
    const config = await noCookies(`${service.baseUrl}/api/v1/config`, { headers: { [SESSION_HEADER]: body.sessionToken! } });
    expect(config.status).toBe(200);
    expect(orderConfigSchema.parse(await config.json()).orderNo).toBe(created.orderNo);
  });

  it("the API client sends the kept token when there is one", async () => {
    const { created, body } = await loginWithoutCookies();
    const api = createApiClient({ baseUrl: service.baseUrl, fetch: noCookies, sessionToken: () => body.sessionToken });
    expect((await api.config()).orderNo).toBe(created.orderNo);
    // Never in a URL: the stream gets it in its start message (stream.test.ts).
    expect(api.streamUrl()).toBe(`${service.baseUrl.replace(/^http/, "ws")}/api/v1/stream`);
    expect(api.streamSessionToken()).toBe(body.sessionToken);
  });

  it("a login that did not ask gets the cookies and no token, whether it sends cookieless false or nothing", async () => {
    const { body } = await loginWithoutCookies(false);
    expect(body).not.toHaveProperty("sessionToken");
    const created = await service.partner.createOrder(orderRequest(service));
    const browser = new Browser(service.baseUrl);
    const res = await browser.login(launchParams(created.launchUrl));
    expect(res.status).toBe(200);
    expect(res.json).not.toHaveProperty("sessionToken");
    expect(browser.cookies.has("faceflow_session")).toBe(true);
    // The page's own field is not a launch parameter: asking does not break the signature.
    expect(loginRequestSchema.parse({ ...launchParams(created.launchUrl), cookieless: true }).cookieless).toBe(true);
  });

  it("never takes the session token from the query string", async () => {
    const { created, body } = await loginWithoutCookies();
    for (const path of ["/api/v1/config", "/api/v1/digits", "/api/v1/light", "/api/v1/result", "/api/v1/attempts/1"]) {
      const res = await noCookies(`${service.baseUrl}${path}?session=${body.sessionToken}`);
      expect(res.status, path).toBe(401);
    }
    const upload = await noCookies(`${service.baseUrl}/api/v1/upload?session=${body.sessionToken}`, { method: "POST", body: new FormData() });
    expect(upload.status).toBe(401);
    const header = await noCookies(`${service.baseUrl}/api/v1/config`, { headers: { [SESSION_HEADER]: body.sessionToken! } });
    expect(orderConfigSchema.parse(await header.json()).orderNo).toBe(created.orderNo);
  });

  it("without a cookie or token, or with a wrong token, the session is refused", async () => {
    await loginWithoutCookies();
    const bare = await noCookies(`${service.baseUrl}/api/v1/config`);
    expect(bare.status).toBe(401);
    const forged = await noCookies(`${service.baseUrl}/api/v1/config`, { headers: { [SESSION_HEADER]: "ab".repeat(32) } });
    expect(forged.status).toBe(401);
    expect(errorCode({ status: forged.status, headers: forged.headers, json: await forged.json() })).toBe("SESSION_INVALID");
  });
});
