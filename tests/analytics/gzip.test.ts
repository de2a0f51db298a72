import { gunzipSync } from "node:zlib";
import { describe, expect, it, vi } from "vitest";
import { ANALYTICS_PATHS, batchBodySchema } from "../../schemas/analytics";
import { gzipText } from "../../src/analytics/gzip";
import { createFakeTransport, makeClient, shippedConfig } from "./fakes";

const text = JSON.stringify({ hello: "人脸核身", n: [1, 2, 3] });

describe("gzip", () => {
  it("uses CompressionStream when the browser has one, without loading pako", async () => {
    const loadPako = vi.fn(() => import("pako/browser/deflate"));
    const bytes = await gzipText(text, { compressionStream: CompressionStream, loadPako });
    expect(gunzipSync(bytes).toString("utf8")).toBe(text);
    expect(loadPako).not.toHaveBeenCalled();
  });

  it("falls back to pako's deflate build, loaded on demand", async () => {
    const loadPako = vi.fn(() => import("pako/browser/deflate"));
    const bytes = await gzipText(text, { compressionStream: undefined, loadPako });
    expect(loadPako).toHaveBeenCalledTimes(1);
    expect([bytes[0], bytes[1]]).toEqual([0x1f, 0x8b]);
    expect(gunzipSync(bytes).toString("utf8")).toBe(text);
  });

  it("sends the batch as gzip bytes with content type octet-stream that the ingest can read back", async () => {
    const net = createFakeTransport();
    const { client } = makeClient({ transport: net.transport, config: shippedConfig() });
    client.record("pageView", { page: "/start", text: "请眨眨眼" });
    await client.flush();
    const [call] = net.to(ANALYTICS_PATHS.batch);
    expect(call!.headers["content-type"]).toBe("application/octet-stream");
    expect(call!.body).toBeInstanceOf(Uint8Array);
    const body = batchBodySchema.parse(JSON.parse(gunzipSync(call!.body as Uint8Array).toString("utf8")));
    expect(body.batch[0]!.data).toEqual({ page: "/start", text: "请眨眨眼" });
  });
});
