/**
 * The analytics ingest (spec §7) on a real service, reported by a logged-in page: gzip and
 * JSON batches, the image beacon and sendBeacon single reports, missing-data and check
 * reports, the trace id; and what it refuses (schema violations, broken gzip, oversized
 * bodies, zip bombs), always as JSON. Who may report, quotas and retention:
 * analyticsSecurity.test.ts.
 */
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ANALYTICS_PATHS, PAYLOAD_MAX_CHARS } from "../../schemas/analytics";
import { errorCode, startService, testClock, type Service } from "./harness";
import { APP, batchBody, checkBody, event, logIn, missingBody, post, singleBody, storedEvents, type LoggedInPage } from "./analyticsFixtures";

const clock = testClock(Date.UTC(2030, 0, 1, 9));
let service: Service;
let page: LoggedInPage;
let gzipHeaders: Record<string, string>;
let jsonHeaders: Record<string, string>;

beforeAll(async () => {
  service = await startService({ clock });
  page = await logIn(service);
  gzipHeaders = { "content-type": "application/octet-stream", "x-post-time": "1893488400000", "x-retry-count": "0", ...page.auth };
  jsonHeaders = { "content-type": "application/json", ...page.auth };
});
afterAll(async () => service.close());

describe("batch", () => {
  it("stores a gzip batch in order with app, order, route, pageId and trace id", async () => {
    const body = batchBody(
      [
        event("pageView", { pageId: "h5pre_0" }, { route: "/h5pre", pageId: "load-1", traceId: "trace-g" }),
        event("pageLoadTime", { pageId: "h5pre_0", ms: 321 }, { route: "/h5pre", pageId: "load-1", traceId: "trace-g" }),
      ],
      { orderNo: "order-gzip" },
    );
    const result = await post(service, ANALYTICS_PATHS.batch, gzipSync(JSON.stringify(body)), gzipHeaders);
    expect(result).toMatchObject({ status: 200, json: { code: "10000" } });
    const rows = (await storedEvents(service)).filter((e) => e.traceId === "trace-g");
    expect(rows.map((r) => r.name)).toEqual(["pageView", "pageLoadTime"]);
    expect(rows[1]).toMatchObject({
      kind: "event",
      appId: APP,
      // The session's order, not the payload's orderNo.
      orderNo: page.orderNo,
      traceId: "trace-g",
      route: "/h5pre",
      pageId: "load-1",
      eventAt: Date.UTC(2030, 0, 1, 8),
      data: { pageId: "h5pre_0", ms: 321 },
      receivedAt: clock.now(),
    });
  });

  it("stores a plain JSON batch", async () => {
    const body = batchBody([event("noCookie", { step: "guard-2" })], { openId: "open-json" });
    const result = await post(service, ANALYTICS_PATHS.batch, JSON.stringify(body), jsonHeaders);
    expect(result).toMatchObject({ status: 200, json: { code: "10000" } });
    expect((await storedEvents(service)).filter((e) => e.openId === "open-json")).toMatchObject([{ name: "noCookie", data: { step: "guard-2" } }]);
  });

  it("takes the session cookie instead of the token", async () => {
    const body = batchBody([event("pageView", { pageId: "h5pre_0" }, { traceId: "trace-cookie" })]);
    const result = await post(service, ANALYTICS_PATHS.batch, JSON.stringify(body), { "content-type": "application/json", cookie: page.browser.cookieHeader() });
    expect(result).toMatchObject({ status: 200, json: { code: "10000" } });
    expect((await storedEvents(service)).filter((e) => e.traceId === "trace-cookie")).toMatchObject([{ appId: APP, orderNo: page.orderNo }]);
  });

  it("refuses payloads outside the contract, broken gzip and bad headers with JSON errors", async () => {
    const before = (await storedEvents(service)).length;
    const cases = [
      post(service, ANALYTICS_PATHS.batch, JSON.stringify(batchBody([])), jsonHeaders),
      post(service, ANALYTICS_PATHS.batch, JSON.stringify({ ...batchBody([event("x")]), extra: 1 }), jsonHeaders),
      post(service, ANALYTICS_PATHS.batch, JSON.stringify(batchBody([event("bad name!")])), jsonHeaders),
      post(service, ANALYTICS_PATHS.batch, Buffer.from("not gzip at all"), gzipHeaders),
      post(service, ANALYTICS_PATHS.batch, gzipSync("{not json"), gzipHeaders),
      post(service, ANALYTICS_PATHS.batch, gzipSync(JSON.stringify(batchBody([event("x")]))), { ...gzipHeaders, "x-retry-count": "many" }),
    ];
    for (const result of await Promise.all(cases)) {
      expect(result.status).toBe(400);
      expect(errorCode(result)).toBe("BAD_REQUEST");
    }
    const wrongType = await post(service, ANALYTICS_PATHS.batch, "<batch/>", { ...page.auth, "content-type": "application/xml" });
    expect([wrongType.status, errorCode(wrongType)]).toEqual([415, "UNSUPPORTED_MEDIA_TYPE"]);
    expect(await storedEvents(service)).toHaveLength(before);
  });

  it("refuses oversized bodies and zip bombs without inflating them fully", async () => {
    const huge = await post(service, ANALYTICS_PATHS.batch, Buffer.alloc(300 * 1024, 1), gzipHeaders);
    expect([huge.status, errorCode(huge)]).toEqual([413, "PAYLOAD_TOO_LARGE"]);
    // 64 MB of spaces gzip to about 64 KB: under the body limit, far over the inflate limit.
    const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024, 0x20), { level: 9 });
    expect(bomb.length).toBeLessThan(256 * 1024);
    const result = await post(service, ANALYTICS_PATHS.batch, bomb, gzipHeaders);
    expect([result.status, errorCode(result)]).toEqual([413, "PAYLOAD_TOO_LARGE"]);
  });
});

describe("single reports", () => {
  it("answers the image beacon with a 1×1 GIF and stores its event", async () => {
    const d = JSON.stringify(singleBody(event("scriptError", { message: "x is not defined" }, { traceId: "trace-img" })));
    // The image beacon cannot send headers: the token rides in the URL.
    const response = await fetch(`${service.baseUrl}${ANALYTICS_PATHS.single}?d=${encodeURIComponent(d)}&t=${encodeURIComponent(page.token)}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/gif");
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(0, 6).toString("latin1")).toBe("GIF89a");
    expect(bytes.readUInt16LE(6)).toBe(1);
    expect(bytes.readUInt16LE(8)).toBe(1);
    expect((await storedEvents(service)).filter((e) => e.traceId === "trace-img")).toMatchObject([{ name: "scriptError", data: { message: "x is not defined" } }]);
  });

  it("refuses a beacon without a valid payload", async () => {
    const response = await fetch(`${service.baseUrl}${ANALYTICS_PATHS.single}?d=${encodeURIComponent("{}")}&t=${encodeURIComponent(page.token)}`);
    expect(response.status).toBe(400);
    expect(errorCode({ status: 400, headers: response.headers, json: (await response.json()) as unknown })).toBe("BAD_REQUEST");
  });

  it("stores a sendBeacon text/plain report and caps its length", async () => {
    const body = JSON.stringify(singleBody(event("stayTime", { pageId: "h5pre_0", ms: 4000 }, { traceId: "trace-beacon" })));
    // sendBeacon cannot send headers either: the token is a query parameter of its URL.
    const ok = await post(service, `${ANALYTICS_PATHS.single}?t=${encodeURIComponent(page.token)}`, body, { "content-type": "text/plain;charset=UTF-8" });
    expect(ok).toMatchObject({ status: 200, json: { code: "10000" } });
    expect((await storedEvents(service)).filter((e) => e.traceId === "trace-beacon")).toMatchObject([{ name: "stayTime", data: { ms: 4000 } }]);
    const long = JSON.stringify(singleBody(event("stayTime", { a: "x".repeat(1000), b: "y".repeat(1000), c: "z".repeat(1000), d: "w".repeat(1000), e: "v".repeat(1000), f: "u".repeat(1000), g: "t".repeat(1000), h: "s".repeat(1000), i: "r".repeat(1000) })));
    expect(long.length).toBeGreaterThan(PAYLOAD_MAX_CHARS);
    const tooLong = await post(service, ANALYTICS_PATHS.single, long, { ...page.auth, "content-type": "text/plain" });
    expect([tooLong.status, errorCode(tooLong)]).toEqual([413, "PAYLOAD_TOO_LARGE"]);
  });
});

describe("missing, check and trace id", () => {
  it("stores the missing-data and check reports", async () => {
    const missing = await post(service, ANALYTICS_PATHS.missing, JSON.stringify(missingBody), jsonHeaders);
    const check = await post(service, ANALYTICS_PATHS.check, JSON.stringify(checkBody), { ...jsonHeaders, "x-post-time": "1893488400000" });
    expect([missing.json, check.json]).toEqual([{ code: "10000" }, { code: "10000" }]);
    const rows = await storedEvents(service);
    expect(rows.filter((e) => e.kind === "missing")).toMatchObject([{ appId: APP, orderNo: page.orderNo, route: "/analytics/v1/batch", data: { code: "network", retry: 3, batchSize: 5 } }]);
    expect(rows.filter((e) => e.kind === "check")).toMatchObject([{ appId: APP, orderNo: page.orderNo, openId: "order-1", traceId: "trace-1", eventAt: 1893488400000, data: { queues: [{ type: "batch", total: 7, cached: 2 }] } }]);
    const bad = await post(service, ANALYTICS_PATHS.check, JSON.stringify({ ...checkBody, queues: "batch" }), jsonHeaders);
    expect([bad.status, errorCode(bad)]).toEqual([400, "BAD_REQUEST"]);
  });

  it("hands out a random trace id for an app id header and refuses without one (no session needed: it stores nothing)", async () => {
    const first = await post(service, ANALYTICS_PATHS.traceId, "{}", { "content-type": "application/json", "x-app-id": APP });
    const second = await post(service, ANALYTICS_PATHS.traceId, "{}", { "content-type": "application/json", "x-app-id": APP });
    expect(first).toMatchObject({ status: 200, json: { code: "10000", result: expect.stringMatching(/^[0-9a-f]{32}$/) } });
    expect((second.json as { result: string }).result).not.toBe((first.json as { result: string }).result);
    const missing = await post(service, ANALYTICS_PATHS.traceId, "{}", { "content-type": "application/json" });
    expect([missing.status, errorCode(missing)]).toEqual([400, "BAD_REQUEST"]);
  });
});
