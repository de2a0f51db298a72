import { describe, expect, it, vi } from "vitest";
import { dataUrlResponse, guardedFetch } from "../../../src/face/browser/fetchGuard";

const bytes = async (response: Response) => new Uint8Array(await response.arrayBuffer());

describe("dataUrlResponse", () => {
  it("decodes base64, ignoring whitespace and percent-escaped newlines (how Chromium serialises Human's wrapped base64)", async () => {
    const plain = await bytes(dataUrlResponse("data:image/jpeg;base64,/9j/4A=="));
    expect([...plain]).toEqual([0xff, 0xd8, 0xff, 0xe0]);
    expect([...(await bytes(dataUrlResponse("data:image/jpeg;base64,/9j/\n4A==")))]).toEqual([...plain]);
    expect([...(await bytes(dataUrlResponse("data:image/jpeg;base64,/9j/%0A4A==")))]).toEqual([...plain]);
    expect(dataUrlResponse("data:image/jpeg;base64,/9j/4A==").headers.get("content-type")).toBe("image/jpeg");
  });

  it("decodes percent-escaped text", async () => {
    expect(await dataUrlResponse("data:text/plain,a%20b").text()).toBe("a b");
  });

  it("refuses what is not a data: URL", () => {
    expect(() => dataUrlResponse("https://cdn.example/x")).toThrow(TypeError);
  });
});

describe("guardedFetch", () => {
  const ok = () => Promise.resolve(new Response("ok"));

  it("passes our origins through, relative URLs included", async () => {
    const original = vi.fn(ok);
    const guarded = guardedFetch(original, "https://id.example/assets/w.js", ["https://id.example"]);
    await guarded("https://id.example/face-1A2B3C4D/blazeface.json");
    await guarded("/face-1A2B3C4D/facemesh.bin");
    expect(original).toHaveBeenCalledTimes(2);
  });

  it("refuses any other origin, the CDN Human and tfjs default to included, without calling fetch", async () => {
    const original = vi.fn(ok);
    const guarded = guardedFetch(original, "https://id.example/assets/w.js", ["https://id.example"]);
    await expect(guarded("https://cdn.jsdelivr.net/npm/@tensorflow/tfjs-backend-wasm@4.22.0/dist/tfjs-backend-wasm-simd.wasm")).rejects.toThrow(/refused/);
    await expect(guarded(new URL("http://id.example/x"))).rejects.toThrow(/refused/);
    expect(original).not.toHaveBeenCalled();
  });

  it("answers data: URLs itself", async () => {
    const original = vi.fn(ok);
    const guarded = guardedFetch(original, "https://id.example/", ["https://id.example"]);
    expect(await (await guarded("data:text/plain,hi")).text()).toBe("hi");
    expect(original).not.toHaveBeenCalled();
  });
});
