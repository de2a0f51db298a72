/**
 * Issue 18, finding 1: the analytics ingest as an outsider and a hostile page would use it.
 * Each test reproduces an attack that worked before: reports without any session were
 * stored, a report could file events under any app id and order, and nothing limited how
 * many events one session or app could add.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ANALYTICS_PATHS } from "../../schemas/analytics";
import { ANALYTICS_TOKEN_HEADER } from "../../schemas/analyticsToken";
import { errorCode, startService, testClock, type HttpResult, type Service } from "./harness";
import { APP, batchBody, checkBody, event, logIn, missingBody, post, singleBody, storedEvents, withEnv } from "./analyticsFixtures";

const json = { "content-type": "application/json" };
const asResult = (r: { status: number; json: unknown; headers: Headers }): HttpResult => r;

describe("who may report", () => {
  const clock = testClock(Date.UTC(2030, 0, 1, 9));
  let service: Service;
  beforeAll(async () => {
    service = await startService({ clock });
  });
  afterAll(async () => service.close());

  it("refuses every storing report without a session or analytics token (401 JSON) and stores nothing", async () => {
    const single = JSON.stringify(singleBody(event("pageView", { pageId: "h5pre_0" })));
    const results = await Promise.all([
      post(service, ANALYTICS_PATHS.batch, JSON.stringify(batchBody([event("pageView", { pageId: "h5pre_0" })])), json),
      post(service, ANALYTICS_PATHS.single, single, { "content-type": "text/plain" }),
      post(service, ANALYTICS_PATHS.missing, JSON.stringify(missingBody), json),
      post(service, ANALYTICS_PATHS.check, JSON.stringify(checkBody), json),
    ]);
    for (const result of results) expect([result.status, errorCode(asResult(result))]).toEqual([401, "SESSION_INVALID"]);
    const beacon = await fetch(`${service.baseUrl}${ANALYTICS_PATHS.single}?d=${encodeURIComponent(single)}`);
    expect(beacon.status).toBe(401);
    expect(await storedEvents(service)).toHaveLength(0);
  });

  it("refuses forged, altered and expired tokens", async () => {
    const page = await logIn(service);
    const [, claims = "", mac = ""] = page.token.split(".");
    const decoded = JSON.parse(Buffer.from(claims, "base64url").toString("utf8")) as Record<string, unknown>;
    const otherApp = Buffer.from(JSON.stringify({ ...decoded, app: "EVIL0001" })).toString("base64url");
    const later = Buffer.from(JSON.stringify({ ...decoded, exp: Number(decoded.exp) + 86_400 })).toString("base64url");
    const forged = [`v1.${claims}.${"0".repeat(64)}`, `v1.${otherApp}.${mac}`, `v1.${later}.${mac}`, "not-a-token"];
    const body = JSON.stringify(batchBody([event("pageView")]));
    for (const token of forged) {
      const result = await post(service, ANALYTICS_PATHS.batch, body, { ...json, [ANALYTICS_TOKEN_HEADER]: token });
      expect([token, result.status]).toEqual([token, 401]);
    }
    // The genuine token works until its session's end plus the grace hour, then no longer.
    expect((await post(service, ANALYTICS_PATHS.batch, body, { ...json, ...page.auth })).status).toBe(200);
    clock.advance(2 * 3_600_000 + 1000);
    expect((await post(service, ANALYTICS_PATHS.batch, body, { ...json, ...page.auth })).status).toBe(401);
    expect(await storedEvents(service)).toHaveLength(1);
  });

  it("files events under the session's app and order, whatever the payload claims", async () => {
    const page = await logIn(service);
    const claimed = { appId: "EVIL0001", orderNo: "someone-elses-order" };
    const batch = batchBody([event("pageView", { pageId: "h5pre_0" }, { traceId: "trace-forged" })], claimed);
    expect((await post(service, ANALYTICS_PATHS.batch, JSON.stringify(batch), { ...json, ...page.auth })).status).toBe(200);
    const beacon = JSON.stringify(singleBody(event("stayTime", {}, { traceId: "trace-forged" }), claimed));
    expect((await post(service, `${ANALYTICS_PATHS.single}?t=${encodeURIComponent(page.token)}`, beacon, { "content-type": "text/plain" })).status).toBe(200);
    expect((await post(service, ANALYTICS_PATHS.missing, JSON.stringify({ ...missingBody, appId: "EVIL0001" }), { ...json, ...page.auth })).status).toBe(200);
    const rows = (await storedEvents(service)).filter((e) => e.traceId === "trace-forged" || e.kind === "missing");
    expect(rows).toHaveLength(3);
    for (const row of rows) expect([row.appId, row.orderNo]).toEqual([APP, page.orderNo]);
    expect(JSON.stringify(rows)).not.toContain("EVIL0001");
  });
});

describe("quotas", () => {
  const clock = testClock(Date.UTC(2030, 0, 1, 9));
  let service: Service;
  let env: { restore(): void };
  beforeAll(async () => {
    env = withEnv({ FACEFLOW_ANALYTICS_SESSION_QUOTA: "30", FACEFLOW_ANALYTICS_APP_QUOTA: "50", FACEFLOW_ANALYTICS_QUOTA_WINDOW_SEC: "60" });
    service = await startService({ clock });
  });
  afterAll(async () => {
    await service.close();
    env.restore();
  });

  const events = (n: number, traceId: string) => Array.from({ length: n }, (_, i) => event("click", { i }, { traceId }));

  it("holds per session and per app, answering 429 without storing, until the next window", async () => {
    const a = await logIn(service);
    const b = await logIn(service);
    const send = (page: typeof a, n: number, traceId: string) =>
      post(service, ANALYTICS_PATHS.batch, JSON.stringify(batchBody(events(n, traceId))), { ...json, ...page.auth });
    expect((await send(a, 20, "a1")).status).toBe(200);
    const overSession = await send(a, 20, "a2");
    expect([overSession.status, errorCode(asResult(overSession))]).toEqual([429, "RATE_LIMITED"]);
    expect((await send(a, 10, "a3")).status).toBe(200);
    // A beacon is one event more: the session's quota is used up.
    const beacon = await fetch(`${service.baseUrl}${ANALYTICS_PATHS.single}?d=${encodeURIComponent(JSON.stringify(singleBody(event("x"))))}&t=${encodeURIComponent(a.token)}`);
    expect(beacon.status).toBe(429);
    expect((await send(b, 20, "b1")).status).toBe(200);
    const overApp = await send(b, 1, "b2");
    expect([overApp.status, errorCode(asResult(overApp))]).toEqual([429, "RATE_LIMITED"]);
    expect((overApp.json as { message: string }).message).toContain(`app ${APP}`);

    const stored = await storedEvents(service);
    expect(stored).toHaveLength(50);
    expect(stored.filter((e) => ["a2", "b2"].includes(e.traceId ?? ""))).toHaveLength(0);

    clock.advance(60_000);
    expect((await send(b, 5, "b3")).status).toBe(200);
    expect(await storedEvents(service)).toHaveLength(55);
  });
});
