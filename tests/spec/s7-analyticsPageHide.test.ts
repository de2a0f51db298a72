/**
 * Spec §7 (analytics upload "gzip-compressed", beacon POST) as the README states it: "when the
 * page is hidden, the buffer is sent as a gzip batch". On hide the client hands sendBeacon the
 * gzip batch it kept ready of what was buffered, and the events recorded after it was made (the
 * stay time recorded on the hide itself) as one plain batch; the service takes both bodies as
 * the browser sends them (gzip bytes without a content type, text/plain JSON, the token in `t`)
 * and stores every event under the page's order.
 */
import { gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ANALYTICS_PATHS, batchBodySchema, type BatchBody } from "../../schemas/analytics";
import { ANALYTICS_TOKEN_PARAM } from "../../schemas/analyticsToken";
import { createReporter } from "../../src/analytics/reporter";
import { makeClient, settle, shippedConfig } from "../analytics/fakes";
import { logIn, storedEvents } from "../server/analyticsFixtures";
import { startService, type Service } from "../server/harness";

/** A started page (gzip on, as shipped) with three events, whose page is then hidden. */
async function hiddenPage(token: string) {
  // The real reporter, with node's gzip so the test can tell when the batch kept for page hide holds all three events.
  let lastGzipped = 0;
  const gzip = async (text: string) => {
    const bytes = gzipSync(text);
    lastGzipped = (JSON.parse(text) as BatchBody).batch.length;
    return new Uint8Array(bytes);
  };
  const loadReporter = async () => ({ createReporter: (o: Parameters<typeof createReporter>[0]) => createReporter({ ...o, gzip }) });
  const page = makeClient({ config: shippedConfig(), token: () => token, loadReporter });
  page.client.start();
  await page.clock.advance(0);
  for (const name of ["pageView", "pageLoadTime", "requestError"]) page.client.record(name, { pageId: "h5pre_0" });
  await vi.waitFor(() => expect(lastGzipped).toBe(3));
  await settle(2);
  // The page hide: the stay time is recorded, then the client flushes (src/main.tsx order).
  page.client.record("stayTime", { pageId: "h5pre_0", ms: 4000 });
  page.client.flushOnHide();
  return page;
}

describe("spec §7: on page hide the buffer goes to sendBeacon as a gzip batch, and the service stores it", () => {
  let service: Service;
  beforeAll(async () => {
    service = await startService();
  });
  afterAll(async () => {
    await service.close();
  });

  it("sends the prepared gzip batch and the last moment's events as a plain batch, both to the batch endpoint", async () => {
    const { client, net } = await hiddenPage("v1.abcdefghijklmnopqrstuvwx." + "0".repeat(64));
    expect(net.beacons.map((b) => [new URL(b.url).pathname, b.bytes ? "gzip" : "text"])).toEqual([
      [ANALYTICS_PATHS.batch, "gzip"],
      [ANALYTICS_PATHS.batch, "text"],
    ]);
    const gzipped = batchBodySchema.parse(JSON.parse(gunzipSync(net.beacons[0]!.bytes!).toString("utf8")));
    const plain = batchBodySchema.parse(JSON.parse(net.beacons[1]!.text));
    expect(gzipped.batch.map((e) => e.name)).toEqual(["pageView", "pageLoadTime", "requestError"]);
    expect(plain.batch.map((e) => e.name)).toEqual(["stayTime"]);
    expect(net.to(ANALYTICS_PATHS.single)).toHaveLength(0);
    expect(client.stats().cached).toBe(0);
  });

  it("the service parses both beacon bodies as the browser sends them and stores every event", async () => {
    const login = await logIn(service);
    const { net } = await hiddenPage(login.token);
    for (const beacon of net.beacons) {
      const url = new URL(beacon.url);
      expect(url.searchParams.get(ANALYTICS_TOKEN_PARAM)).toBe(login.token);
      // sendBeacon: no headers of ours; a Blob without a type sends no content type, a text one text/plain.
      const init: RequestInit = beacon.bytes
        ? { method: "POST", body: new Uint8Array(beacon.bytes) }
        : { method: "POST", body: beacon.text, headers: { "content-type": "text/plain;charset=UTF-8" } };
      const answer = await fetch(`${service.baseUrl}${url.pathname}${url.search}`, init);
      expect([answer.status, await answer.json()]).toEqual([200, { code: "10000" }]);
    }
    const stored = (await storedEvents(service)).filter((row) => row.orderNo === login.orderNo && row.kind === "event");
    expect(stored.map((row) => row.name).sort()).toEqual(["pageLoadTime", "pageView", "requestError", "stayTime"]);
  });

  it("refuses a body of a type it does not read", async () => {
    const login = await logIn(service);
    const body: BatchBody = { appId: "TIDA0001", sdkVersion: "1", appVersion: "1", env: "test", traceId: "t", batch: [{ name: "x", at: 1, data: {}, traceId: "t" }] };
    const answer = await fetch(`${service.baseUrl}${ANALYTICS_PATHS.batch}?${ANALYTICS_TOKEN_PARAM}=${login.token}`, {
      method: "POST",
      body: JSON.stringify(body),
      headers: { "content-type": "application/xml" },
    });
    expect(answer.status).toBe(415);
  });
});
