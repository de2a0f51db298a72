/**
 * Page hide while an upload is in flight: the ingest does not deduplicate, so an event must
 * reach it once, by the beacon or by an accepted batch post, never both.
 */
import { describe, expect, it } from "vitest";
import { ANALYTICS_PATHS } from "../../schemas/analytics";
import { createFakeTransport, jsonOf, makeClient, ok, type PostCall } from "./fakes";

type Named = { name: string };
const isBatch = (c: PostCall) => c.url.endsWith("/batch");
/** The batch endpoint refuses its first `refusals` posts (busy), then accepts. */
function busyThenOk(refusals: number) {
  let batchCalls = 0;
  return createFakeTransport((c) =>
    c.url.endsWith("/trace-id") ? ok({ code: "10000", result: "t" }) : isBatch(c) && batchCalls++ < refusals ? ok({ code: "20001", msg: "busy" }) : ok());
}
const beaconedNames = (net: ReturnType<typeof createFakeTransport>) =>
  net.beacons.flatMap((b) => (JSON.parse(b.text) as { batch: Named[] }).batch.map((e) => e.name));
/** Names in the batch posts the service accepted (the first `refusals` were refused). */
const acceptedNames = (net: ReturnType<typeof createFakeTransport>, refusals: number) =>
  net.to(ANALYTICS_PATHS.batch).slice(refusals).flatMap((c) => (jsonOf(c) as { batch: Named[] }).batch.map((e) => e.name));

describe("analytics client: page hide during an upload", () => {
  it("an event handed to sendBeacon on hide is not uploaded again by the retry", async () => {
    const net = busyThenOk(1);
    const { client, clock } = makeClient({ transport: net.transport });
    client.record("a");
    client.record("b");
    const done = client.flush();
    await clock.advance(10);
    expect(net.to(ANALYTICS_PATHS.batch)).toHaveLength(1);
    client.flushOnHide();
    await clock.advance(2000);
    await done;
    const delivered = [...beaconedNames(net), ...acceptedNames(net, 1)].sort();
    expect(delivered).toEqual(["a", "b"]);
    expect(client.stats().cached).toBe(0);
  });

  it("beacons what was recorded after the upload started, and leaves the upload's events to its retry", async () => {
    const net = busyThenOk(1);
    const { client, clock } = makeClient({ transport: net.transport });
    client.record("a");
    const done = client.flush();
    await clock.advance(10);
    client.record("c");
    client.flushOnHide();
    expect(beaconedNames(net)).toEqual(["c"]);
    await clock.advance(2000);
    await done;
    expect(acceptedNames(net, 1)).toEqual(["a"]);
    expect(client.stats().cached).toBe(0);
  });

  it("once the upload gave up, the next hide beacons its events (they stayed buffered)", async () => {
    const net = busyThenOk(Number.POSITIVE_INFINITY);
    const { client, clock, config } = makeClient({ transport: net.transport });
    client.record("a");
    const done = client.flush();
    await clock.advance(10);
    client.flushOnHide();
    expect(net.beacons).toHaveLength(0);
    await clock.advance(60_000);
    await done;
    expect(net.to(ANALYTICS_PATHS.batch)).toHaveLength(config.limits.retries + 1);
    client.flushOnHide();
    expect(beaconedNames(net)).toEqual(["a"]);
    expect(client.stats().cached).toBe(0);
  });
});
