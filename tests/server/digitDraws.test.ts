import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCaptureLimits } from "./shippedLimits";
import { Browser, errorCode, launchParams, manualRunner, orderRequest, startService, type Service } from "./harness";

const { maxDigitDraws } = loadCaptureLimits().verification;

describe("digits handed out per order", () => {
  let service: Service;
  beforeAll(async () => {
    service = await startService({ verificationRunner: manualRunner() });
  });
  afterAll(() => service.close());

  it("stops after verification.maxDigitDraws, so digits cannot be drawn until they match a recording in hand", async () => {
    const launch = await service.partner.createOrder(orderRequest(service, { liveType: "1", actions: undefined }));
    const browser = new Browser(service.baseUrl);
    expect((await browser.login(launchParams(launch.launchUrl))).status).toBe(200);
    const seen = new Set<string>();
    for (let i = 0; i < maxDigitDraws; i++) {
      const drawn = await browser.request("GET", "/api/v1/digits");
      expect(drawn.status).toBe(200);
      seen.add((drawn.json as { digits: string }).digits);
    }
    expect(seen.size).toBeGreaterThan(1);
    const refused = await browser.request("GET", "/api/v1/digits");
    expect(refused.status).toBe(429);
    expect(errorCode(refused)).toBe("RATE_LIMITED");
  });
});
