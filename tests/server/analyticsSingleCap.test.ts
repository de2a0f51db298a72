/**
 * The single report's cap (spec §7: at most PAYLOAD_MAX_CHARS characters) holds whatever the
 * body's encoding: a gzip body (bytes, as octet-stream or without a content type) is measured
 * inflated, so a small gzip cannot carry a report past the cap that the text path refuses.
 */
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ANALYTICS_PATHS, PAYLOAD_MAX_CHARS } from "../../schemas/analytics";
import { event, logIn, post, singleBody, storedEvents } from "./analyticsFixtures";
import { startService, type Service } from "./harness";

let service: Service;
beforeAll(async () => {
  service = await startService();
});
afterAll(() => service.close());

const single = (token: string) => `${ANALYTICS_PATHS.single}?t=${encodeURIComponent(token)}`;
const stored = async (traceId: string) => (await storedEvents(service)).filter((e) => e.traceId === traceId).length;

describe("the single report's character cap", () => {
  const big = Object.fromEntries("abcdefghijklmnopqrstuvwxyz".split("").map((k) => [k, k.repeat(1000)]));

  it("refuses an oversized report sent as gzip, as it refuses the same report as text", async () => {
    const page = await logIn(service);
    const long = JSON.stringify(singleBody(event("stayTime", big, { traceId: "trace-bomb" })));
    expect(long.length).toBeGreaterThan(3 * PAYLOAD_MAX_CHARS);
    const plain = await post(service, single(page.token), long, { "content-type": "text/plain" });
    expect(plain.status).toBe(413);
    // About 1 KB of gzip: well under the body limit; only the inflated text is over the cap.
    const bare = await post(service, single(page.token), new Uint8Array(gzipSync(long)), {});
    const typed = await post(service, single(page.token), new Uint8Array(gzipSync(long)), { "content-type": "application/octet-stream" });
    expect({ bare: bare.status, typed: typed.status, stored: await stored("trace-bomb") }).toEqual({ bare: 413, typed: 413, stored: 0 });
  });

  it("still takes a gzip report within the cap", async () => {
    const page = await logIn(service);
    const short = JSON.stringify(singleBody(event("stayTime", { ms: 1200 }, { traceId: "trace-small" })));
    const res = await post(service, single(page.token), new Uint8Array(gzipSync(short)), {});
    expect({ status: res.status, stored: await stored("trace-small") }).toEqual({ status: 200, stored: 1 });
  });
});
