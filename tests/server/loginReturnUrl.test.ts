/**
 * The browser keeps only return addresses the service vouches for: the login answer of a
 * launch, and the refusals of a launch whose signature held (used, expired, finished).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiErrorSchema, loginResponseSchema } from "../../schemas/api";
import { Browser, launchParams, orderRequest, startService, testClock, type Service } from "./harness";

const clock = testClock();
let service: Service;
beforeAll(async () => {
  service = await startService({ clock });
});
afterAll(() => service.close());

describe("return address in login answers", () => {
  it("a successful login answers with the order's registered return address", async () => {
    const created = await service.partner.createOrder(orderRequest(service, { returnUrl: `${service.baseUrl}/#/srcEntry` }));
    const res = await new Browser(service.baseUrl).login(launchParams(created.launchUrl));
    expect(loginResponseSchema.parse(res.json).returnUrl).toBe(`${service.baseUrl}/#/srcEntry`);
  });

  it("a used launch is refused with the return address, so the user can go back", async () => {
    const created = await service.partner.createOrder(orderRequest(service));
    const params = launchParams(created.launchUrl);
    await new Browser(service.baseUrl).login(params);
    const second = await new Browser(service.baseUrl).login(params);
    expect(second.status).toBe(409);
    expect(apiErrorSchema.parse(second.json)).toMatchObject({ code: "LAUNCH_USED", returnUrl: `${service.baseUrl}/#/entry` });
  });

  it("a tampered launch is refused without any return address", async () => {
    const created = await service.partner.createOrder(orderRequest(service));
    const params = { ...launchParams(created.launchUrl), url: "https://evil.example/steal" };
    const res = await new Browser(service.baseUrl).login(params);
    expect(res.status).toBe(400);
    const body = apiErrorSchema.parse(res.json);
    expect(body.code).toBe("400101");
    expect(body.returnUrl).toBeUndefined();
  });
});
