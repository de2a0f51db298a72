/**
 * Browsers that drop cookies (some in-app browsers; cookie-less mode of spec §3) keep their
 * session through the token the login answers with.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loginResponseSchema, orderConfigSchema, SESSION_HEADER } from "../../schemas/api";
import { createApiClient } from "../../src/api/client";
import { errorCode, launchParams, orderRequest, startService, type Service } from "./harness";

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

async function loginWithoutCookies() {
  const created = await service.partner.createOrder(orderRequest(service));
  const res = await noCookies(`${service.baseUrl}/api/v1/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(launchParams(created.launchUrl)),
  });
  expect(res.status).toBe(200);
  return { created, body: loginResponseSchema.parse(await res.json()) };
}

describe("cookie-less session", () => {
  it("a new login answers with a session token that works as a header", async () => {
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
    expect(api.streamUrl()).toBe(`${service.baseUrl.replace(/^http/, "ws")}/api/v1/stream?session=${body.sessionToken}`);
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
