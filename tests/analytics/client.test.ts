import { describe, expect, it } from "vitest";
import { ANALYTICS_PATHS, batchBodySchema, checkBodySchema, missingBodySchema, singleBodySchema } from "../../schemas/analytics";
import { createFakeClock, createFakeTransport, jsonOf, makeClient, memoryStore, ok, settle, shippedConfig } from "./fakes";
import { createMemoryBackend } from "../../src/session/storage";

const MIN = 60_000;

describe("analytics client: cadence", () => {
  it("uploads the buffer every 60 s, not before, with the post-time and retry-count headers", async () => {
    const { client, clock, net } = makeClient();
    client.start();
    client.record("pageView", { page: "/start" });
    await clock.advance(MIN - 1);
    expect(net.to(ANALYTICS_PATHS.batch)).toHaveLength(0);
    await clock.advance(1);
    const [first] = net.to(ANALYTICS_PATHS.batch);
    expect(first).toBeDefined();
    expect(first!.headers["x-post-time"]).toBe(String(clock.now()));
    expect(first!.headers["x-retry-count"]).toBe("0");
    expect(first!.headers["content-type"]).toBe("application/json");
    expect(first!.timeoutMs).toBe(60000);
    const body = batchBodySchema.parse(jsonOf(first!));
    expect(body).toMatchObject({ appId: "TIDA0001", env: "test", orderNo: "order-1", sdkVersion: "1.15.7-beta.7", appVersion: "1.0.0", traceId: "srv-trace-1" });
    expect(body.batch.map((e) => [e.name, e.route, e.traceId])).toEqual([["pageView", "/start", "srv-trace-1"]]);
    expect(client.stats().cached).toBe(0);

    client.record("stayTime", { ms: 5 });
    await clock.advance(MIN);
    expect(net.to(ANALYTICS_PATHS.batch)).toHaveLength(2);
    // An empty buffer sends nothing at the next tick.
    await clock.advance(MIN);
    expect(net.to(ANALYTICS_PATHS.batch)).toHaveLength(2);
  });

  it("sends the check report every 60 s with the queue sizes and the order number as id", async () => {
    const { client, clock, net } = makeClient();
    client.start();
    client.record("a");
    client.record("b");
    net.setRespond((c) => (c.url.endsWith("/trace-id") ? ok({ code: "10000", result: "t-1" }) : c.url.endsWith("/batch") ? ok({ code: "500" }) : ok()));
    await clock.advance(MIN);
    const checks = net.to(ANALYTICS_PATHS.check);
    expect(checks).toHaveLength(1);
    expect(checkBodySchema.parse(jsonOf(checks[0]!))).toEqual({
      appId: "TIDA0001", sdkVersion: "1.15.7-beta.7", appVersion: "1.0.0", id: "order-1",
      queues: [{ type: "batch", total: 2, cached: 2 }], traceId: "t-1",
    });
    await clock.advance(MIN);
    expect(net.to(ANALYTICS_PATHS.check)).toHaveLength(2);
    client.stop();
    await clock.advance(3 * MIN);
    expect(net.to(ANALYTICS_PATHS.check)).toHaveLength(2);
  });

  it("flushes as soon as the buffer holds 20 entries", async () => {
    const { client, clock, net } = makeClient();
    client.start();
    for (let i = 0; i < 19; i++) client.record("e", { i });
    await clock.advance(10);
    expect(net.to(ANALYTICS_PATHS.batch)).toHaveLength(0);
    client.record("e", { i: 19 });
    await clock.advance(10);
    expect(net.to(ANALYTICS_PATHS.batch)).toHaveLength(1);
    expect(jsonOf(net.to(ANALYTICS_PATHS.batch)[0]!).batch).toHaveLength(20);
  });

  it("uploads one batch at a time (queue concurrency 1), sending what was recorded meanwhile after it", async () => {
    let active = 0;
    let most = 0;
    let second: Promise<void> | undefined;
    const net = createFakeTransport(async (c) => {
      if (c.url.endsWith("/trace-id")) return ok({ code: "10000", result: "t" });
      active++;
      most = Math.max(most, active);
      if (!second) {
        client.record("b");
        second = client.flush();
      }
      await settle(3);
      active--;
      return ok();
    });
    const { client } = makeClient({ transport: net.transport });
    client.record("a");
    await client.flush();
    await second;
    expect(most).toBe(1);
    expect(net.to(ANALYTICS_PATHS.batch).map((c) => jsonOf(c).batch.map((e: { name: string }) => e.name))).toEqual([["a"], ["b"]]);
    expect(client.stats().cached).toBe(0);
  });
});

describe("analytics client: failures", () => {
  it("retries 3 times with growing waits, then sends the missing-data report and keeps the events", async () => {
    const net = createFakeTransport((c) => (c.url.endsWith("/trace-id") ? ok({ code: "10000", result: "t" }) : c.url.endsWith("/batch") ? ok({ code: "20001", msg: "busy" }) : ok()));
    const backend = createMemoryBackend();
    const { client, clock } = makeClient({ transport: net.transport, store: memoryStore(backend) });
    client.record("a");
    client.record("b");
    const done = client.flush();
    await clock.advance(1000 + 2000 + 4000);
    await done;
    const batches = net.to(ANALYTICS_PATHS.batch);
    expect(batches.map((c) => c.headers["x-retry-count"])).toEqual(["0", "1", "2", "3"]);
    const missing = net.to(ANALYTICS_PATHS.missing);
    expect(missing).toHaveLength(1);
    expect(missingBodySchema.parse(jsonOf(missing[0]!))).toEqual({
      appId: "TIDA0001", timestamp: clock.now(), sdkVersion: "1.15.7-beta.7", appVersion: "1.0.0",
      httpStatus: 200, api: "/analytics/v1/batch", code: "20001", msg: "busy", retry: 3, batchSize: 2,
    });
    expect(client.stats().cached).toBe(2);
    // A reload finds them and gets them accepted.
    net.setRespond(() => ok());
    const again = makeClient({ transport: net.transport, store: memoryStore(backend) });
    await again.client.flush();
    expect(jsonOf(net.to(ANALYTICS_PATHS.batch).at(-1)!).batch.map((e: { name: string }) => e.name)).toEqual(["a", "b"]);
    expect(again.client.stats().cached).toBe(0);
  });

  it("reports a network failure as http status 0", async () => {
    const net = createFakeTransport((c) => {
      if (c.url.endsWith("/batch")) throw new Error("offline");
      return ok({ code: "10000", result: "t" });
    });
    const { client, clock } = makeClient({ transport: net.transport });
    client.record("a");
    const done = client.flush();
    await clock.advance(7000);
    await done;
    expect(jsonOf(net.to(ANALYTICS_PATHS.missing)[0]!)).toMatchObject({ httpStatus: 0, code: "network", msg: "offline" });
  });

  it.each([
    ["code as a number", ok({ code: 10000 })],
    ["another code", ok({ code: "10001" })],
    ["no JSON", { status: 200, body: undefined }],
    ["an error status", ok({ code: "10000" }, 500)],
  ])("counts an answer with %s as a failure", async (_label, answer) => {
    const net = createFakeTransport((c) => (c.url.endsWith("/batch") ? answer : ok({ code: "10000", result: "t" })));
    const { client, clock } = makeClient({ transport: net.transport });
    client.record("a");
    const done = client.flush();
    await clock.advance(7000);
    await done;
    expect(net.to(ANALYTICS_PATHS.batch)).toHaveLength(4);
    expect(client.stats().cached).toBe(1);
  });

  it("counts only code \"10000\" as success", async () => {
    const { client, net } = makeClient();
    client.record("a");
    await client.flush();
    expect(net.to(ANALYTICS_PATHS.batch)).toHaveLength(1);
    expect(net.to(ANALYTICS_PATHS.missing)).toHaveLength(0);
    expect(client.stats().cached).toBe(0);
  });
});

describe("analytics client: trace id", () => {
  it("asks for its upload code and trace id only once the first screen is up, when told to wait for it", async () => {
    let firstScreen: (() => void) | undefined;
    let reporterLoads = 0;
    const { client, clock, net } = makeClient({
      afterFirstScreen: (task) => void (firstScreen = task),
      loadReporter: async () => {
        reporterLoads++;
        return import("../../src/analytics/reporter");
      },
    });
    client.start();
    await clock.advance(0);
    expect(net.to(ANALYTICS_PATHS.traceId)).toHaveLength(0);
    expect(reporterLoads).toBe(0);
    firstScreen?.();
    await clock.advance(0);
    expect(net.to(ANALYTICS_PATHS.traceId)).toHaveLength(1);
    expect(reporterLoads).toBe(1);
    expect(client.traceId()).toBe("srv-trace-1");
  });

  it("uses the service's trace id and keeps it for the launch", async () => {
    const backend = createMemoryBackend();
    const { client, clock, net } = makeClient({ store: memoryStore(backend) });
    client.start();
    await clock.advance(0);
    const [call] = net.to(ANALYTICS_PATHS.traceId);
    expect(call!.body).toBe("{}");
    expect(call!.headers["x-app-id"]).toBe("TIDA0001");
    expect(call!.timeoutMs).toBe(60000);
    expect(client.traceId()).toBe("srv-trace-1");
    const reloaded = makeClient({ store: memoryStore(backend) });
    reloaded.client.start();
    await reloaded.clock.advance(0);
    expect(reloaded.client.traceId()).toBe("srv-trace-1");
    expect(reloaded.net.to(ANALYTICS_PATHS.traceId)).toHaveLength(0);
  });

  it.each([
    ["a failed request", () => Promise.reject(new Error("timeout"))],
    ["a wrong code", () => ok({ code: "50000", result: "ignored" })],
    ["no result", () => ok({ code: "10000" })],
  ])("generates one locally after %s", async (_label, traceAnswer) => {
    const net = createFakeTransport((c) => (c.url.endsWith("/trace-id") ? traceAnswer() : ok()));
    const { client, clock } = makeClient({ transport: net.transport });
    client.start();
    await clock.advance(0);
    expect(client.traceId()).toMatch(/^L[0-9a-z]+$/);
    expect(client.traceId()).not.toBe("ignored");
  });
});

describe("analytics client: page hide", () => {
  it("without compression, hands every buffered event to sendBeacon as one plain batch and forgets those accepted", () => {
    const { client, net } = makeClient();
    client.record("a", { x: 1 });
    client.record("b");
    client.flushOnHide();
    expect(net.beacons.map((b) => new URL(b.url).pathname)).toEqual(["/analytics/v1/batch"]);
    const body = batchBodySchema.parse(JSON.parse(net.beacons[0]!.text));
    expect(body.batch.map((e) => e.name)).toEqual(["a", "b"]);
    expect(body.batch[0]).toMatchObject({ name: "a", data: { x: 1 }, route: "/start" });
    expect(body.traceId).toBe(client.traceId());
    expect(client.stats().cached).toBe(0);
  });

  it("with compression, sends what it buffered before it could gzip (not started yet) as the plain batch", () => {
    const { client, net } = makeClient({ config: shippedConfig() });
    client.record("a");
    client.flushOnHide();
    expect(net.beacons.map((b) => [new URL(b.url).pathname, b.bytes === undefined])).toEqual([["/analytics/v1/batch", true]]);
  });

  it("does not send again in the hide batch what an upload delivered", async () => {
    const { client, clock, net } = makeClient({ config: shippedConfig() });
    client.start();
    await clock.advance(0);
    client.record("a");
    await settle(50);
    await client.flush();
    client.record("b");
    client.flushOnHide();
    expect(net.beacons).toHaveLength(1);
    expect(batchBodySchema.parse(JSON.parse(net.beacons[0]!.text)).batch.map((e) => e.name)).toEqual(["b"]);
  });

  it("falls back to the image GET where sendBeacon refuses, keeping the events", () => {
    const { client, net } = makeClient();
    client.record("a");
    net.refuseBeacons();
    client.flushOnHide();
    expect(net.images).toHaveLength(1);
    const url = new URL(net.images[0]!);
    expect(url.pathname).toBe("/analytics/v1/single");
    expect(singleBodySchema.parse(JSON.parse(url.searchParams.get("d")!)).event.name).toBe("a");
    expect(client.stats().cached).toBe(1);
  });

  it("sends nothing while offline", () => {
    const { client, net } = makeClient({ online: () => false });
    client.record("a");
    client.flushOnHide();
    expect(net.beacons).toHaveLength(0);
    expect(client.stats().cached).toBe(1);
  });
});

describe("analytics client: set-up", () => {
  it("sets the openId on the envelope and caps event data", async () => {
    const clock = createFakeClock();
    const { client, net } = makeClient({ clock });
    client.setOpenId("open-7");
    client.record("bad name!", { long: "y".repeat(5000) });
    await client.flush();
    const body = jsonOf(net.to(ANALYTICS_PATHS.batch)[0]!);
    expect(body.openId).toBe("open-7");
    expect(body.batch[0].name).toBe("bad_name_");
    expect(body.batch[0].data.long).toHaveLength(1024);
  });
});
