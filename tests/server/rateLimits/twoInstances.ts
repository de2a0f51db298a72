/**
 * Two service instances behind one address sharing one store, as a load balancer would spread
 * one client's requests: the login limit (5 a minute here) holds for both together, so the
 * sixth login answers 429 RATE_LIMITED whichever instance gets it, and the next minute allows
 * logins again. Run on one SQLite file (twoInstances.test.ts) and one PostgreSQL database
 * (twoInstances.pg.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BuildAppOptions } from "../../../src/server/app";
import { Browser, errorCode, launchParams, manualRunner, orderRequest, testClock, verdict, type Service } from "../harness";

export const LOGIN_MAX = 5;

/** `start` starts one instance on the shared store with the given options; both get the same clock. */
export function describeTwoInstances(engine: string, start: (options: Partial<BuildAppOptions>) => Promise<Service>, cleanUp: () => Promise<void> = async () => undefined): void {
  describe(`two instances on one ${engine} store`, () => {
    const clock = testClock(Date.UTC(2030, 0, 1, 9));
    let instances: Service[] = [];
    beforeAll(async () => {
      const options: Partial<BuildAppOptions> = {
        clock,
        verificationRunner: manualRunner(1, () => verdict("0")),
        rateLimits: { login: { max: LOGIN_MAX, timeWindowMs: 60_000 } },
      };
      // One after the other: the first creates (or migrates) the store, the second opens it.
      instances = [await start(options)];
      instances.push(await start({ ...options, verificationRunner: manualRunner(1, () => verdict("0")) }));
    });
    afterAll(async () => {
      await Promise.all(instances.map((s) => s.close()));
      await cleanUp();
    });

    it(`allow ${LOGIN_MAX} logins from one address in total, not ${LOGIN_MAX} each`, async () => {
      const [a, b] = instances as [Service, Service];
      const created = await a.partner.createOrder(orderRequest(a));
      const params = launchParams(created.launchUrl);
      const onA = new Browser(a.baseUrl);
      const statuses: number[] = [];
      for (let i = 0; i < LOGIN_MAX; i++) {
        // The same browser, its requests spread over both instances.
        const browser = i % 2 === 0 ? onA : onA.at(b.baseUrl);
        statuses.push((await browser.login(params)).status);
      }
      expect(statuses).toEqual(Array.from({ length: LOGIN_MAX }, () => 200));
      for (const service of [b, a]) {
        const limited = await onA.at(service.baseUrl).login(params);
        expect([limited.status, errorCode(limited)]).toEqual([429, "RATE_LIMITED"]);
        expect(limited.headers.get("retry-after")).toBe("60");
        expect((limited.json as { message: string }).message).toBe("too many requests, retry in 1 minute");
      }
      clock.advance(60_000);
      expect((await onA.at(b.baseUrl).login(params)).status).toBe(200);
    });
  });
}
