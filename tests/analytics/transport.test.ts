import { describe, expect, it } from "vitest";
import { createBrowserTransport, TransportError } from "../../src/analytics/transport";

const win = (extra: Record<string, unknown> = {}) =>
  ({ setTimeout: globalThis.setTimeout, clearTimeout: globalThis.clearTimeout, navigator: {}, ...extra }) as unknown as Window;

describe("browser transport", () => {
  it("posts with the given headers and parses a JSON answer", async () => {
    const seen: RequestInit[] = [];
    const t = createBrowserTransport(win(), async (_url, init) => {
      seen.push(init!);
      return new Response('{"code":"10000"}', { status: 200 });
    });
    expect(await t.post("https://svc.example/analytics/v1/check", "{}", { "x-retry-count": "0" }, 1000)).toEqual({ status: 200, body: { code: "10000" } });
    expect(seen[0]).toMatchObject({ method: "POST", body: "{}", headers: { "x-retry-count": "0" } });
  });

  it("gives a non-JSON answer as undefined body", async () => {
    const t = createBrowserTransport(win(), async () => new Response("<html>", { status: 502 }));
    expect(await t.post("https://svc.example/x", "", {}, 1000)).toEqual({ status: 502, body: undefined });
  });

  it("aborts after the timeout and says so", async () => {
    const t = createBrowserTransport(win(), (_url, init) =>
      new Promise((_resolve, reject) => init!.signal!.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")))));
    const error = await t.post("https://svc.example/x", "", {}, 20).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransportError);
    expect((error as TransportError).kind).toBe("timeout");
  });

  it("tells a network failure from a timeout", async () => {
    const t = createBrowserTransport(win(), async () => { throw new TypeError("Failed to fetch"); });
    const error = await t.post("https://svc.example/x", "", {}, 1000).catch((e: unknown) => e);
    expect((error as TransportError).kind).toBe("network");
  });

  it("reports a beacon as refused where sendBeacon is missing or refuses", () => {
    expect(createBrowserTransport(win()).beacon("https://svc.example/s", "{}")).toBe(false);
    expect(createBrowserTransport(win({ navigator: { sendBeacon: () => false } })).beacon("https://svc.example/s", "{}")).toBe(false);
    expect(createBrowserTransport(win({ navigator: { sendBeacon: () => true } })).beacon("https://svc.example/s", "{}")).toBe(true);
  });

  it("sends text as text/plain and gzip bytes as a Blob without a type (sendBeacon throws on other types)", async () => {
    const blobs: Blob[] = [];
    const t = createBrowserTransport(win({ navigator: { sendBeacon: (_url: string, blob: Blob) => blobs.push(blob) > 0 } }));
    t.beacon("https://svc.example/b", "{}");
    t.beacon("https://svc.example/b", new Uint8Array([0x1f, 0x8b, 8]));
    expect(blobs.map((b) => b.type)).toEqual(["text/plain", ""]);
    expect([...new Uint8Array(await blobs[1]!.arrayBuffer())]).toEqual([0x1f, 0x8b, 8]);
  });
});
