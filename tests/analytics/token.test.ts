/**
 * The analytics client and its token (issue 18): reports go out only with the analytics token
 * of the login answer (header on uploads, `t` on both beacons), events recorded before there
 * is one wait in the buffer and leave with the first report after it, and the login keeps
 * the token where the client reads it.
 */
import { describe, expect, it } from "vitest";
import { ANALYTICS_PATHS, singleBodySchema } from "../../schemas/analytics";
import { ANALYTICS_TOKEN_HEADER, ANALYTICS_TOKEN_PARAM } from "../../schemas/analyticsToken";
import type { LoginResponse } from "../../schemas/api";
import { keepAnalyticsToken, readAnalyticsToken } from "../../src/analytics/tokenStore";
import { createStatsRecorder } from "../../src/analytics/statsRecorder";
import { logInWithLaunch } from "../../src/ui/screens/login/launchLogin";
import { TEST_TOKEN, jsonOf, makeClient, memoryStore, ok } from "./fakes";

const MIN = 60_000;

describe("analytics client without a token", () => {
  it("sends no batch, check or beacon, keeps the events, and sends them with the token once the login stored it", async () => {
    const store = memoryStore();
    const { client, clock, net } = makeClient({ store, token: () => readAnalyticsToken(store) });
    client.start();
    client.record("pageView", { pageId: "login_0" });
    client.record("launchInvalid");
    await clock.advance(2 * MIN);
    client.flushOnHide();
    expect(net.to(ANALYTICS_PATHS.batch)).toHaveLength(0);
    expect(net.to(ANALYTICS_PATHS.check)).toHaveLength(0);
    expect(net.to(ANALYTICS_PATHS.missing)).toHaveLength(0);
    expect([net.beacons.length, net.images.length]).toEqual([0, 0]);
    expect(client.stats().cached).toBe(2);

    keepAnalyticsToken(store, TEST_TOKEN);
    await clock.advance(MIN);
    const [batch] = net.to(ANALYTICS_PATHS.batch);
    expect(batch?.headers[ANALYTICS_TOKEN_HEADER]).toBe(TEST_TOKEN);
    expect(jsonOf(batch!).batch.map((e: { name: string }) => e.name)).toEqual(["pageView", "launchInvalid"]);
    expect(net.to(ANALYTICS_PATHS.check)[0]?.headers[ANALYTICS_TOKEN_HEADER]).toBe(TEST_TOKEN);
    expect(client.stats().cached).toBe(0);
  });
});

describe("analytics client with a token", () => {
  it("puts the token in the sendBeacon URL and in the image beacon's URL next to the payload", () => {
    const { client, net } = makeClient();
    client.record("a");
    client.flushOnHide();
    const beacon = new URL(net.beacons[0]!.url);
    expect([beacon.pathname, beacon.searchParams.get(ANALYTICS_TOKEN_PARAM)]).toEqual([ANALYTICS_PATHS.batch, TEST_TOKEN]);

    client.record("b");
    net.refuseBeacons();
    client.flushOnHide();
    const image = new URL(net.images.at(-1)!);
    expect(image.searchParams.get(ANALYTICS_TOKEN_PARAM)).toBe(TEST_TOKEN);
    expect(singleBodySchema.parse(JSON.parse(image.searchParams.get("d")!)).event.name).toBe("b");
  });

  it("sends the missing-data report with the token too", async () => {
    const { client, clock, net } = makeClient();
    net.setRespond((c) => (c.url.endsWith("/trace-id") ? ok({ code: "10000", result: "t-1" }) : c.url.endsWith("/batch") ? ok({ code: "SESSION_INVALID" }, 401) : ok()));
    client.record("a");
    const done = client.flush();
    await clock.advance(MIN);
    await done;
    expect(net.to(ANALYTICS_PATHS.missing)[0]?.headers[ANALYTICS_TOKEN_HEADER]).toBe(TEST_TOKEN);
    expect(client.stats().cached).toBe(1);
  });
});

describe("the login keeps the analytics token", () => {
  it("stores the answer's token where the client reads it; an answer without one keeps the earlier token", async () => {
    const store = memoryStore();
    const answer = { orderNo: "ord_0123456789ab", returnUrl: "https://partner.example/back", analyticsToken: TEST_TOKEN } as LoginResponse;
    const login = (response: LoginResponse) =>
      logInWithLaunch({
        api: { login: async () => response },
        search: { sign: `sign-${Math.random()}`, order_no: "ord_0123456789ab", wb_app_id: "TIDA0001", live_type: "1", h5_face_id: "h5f_1", user_id: "u1", url: "https://p.example/back" },
        storage: store,
        cookies: { set: () => true, remove: () => true },
        canKeepCookies: () => true,
        unknownCodeMessage: (code) => code,
        stats: createStatsRecorder(() => 0),
      });
    expect(readAnalyticsToken(store)).toBeUndefined();
    expect(await login(answer)).toEqual({ kind: "loggedIn" });
    expect(readAnalyticsToken(store)).toBe(TEST_TOKEN);
    const { analyticsToken: _none, ...without } = answer;
    await login(without as LoginResponse);
    expect(readAnalyticsToken(store)).toBe(TEST_TOKEN);
  });
});
