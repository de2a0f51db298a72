/**
 * The page's one download of the face files: bodies read as streams, counting bytes as they
 * arrive; a second caller (the recording page after the start page) joins what is under way
 * instead of fetching it again; a failed file is tried again when asked for again.
 */
import { describe, expect, it } from "vitest";
import { createFaceDownload, pageFaceDownload, type FaceDownloadSlot } from "../../../src/face/browser/faceDownload";
import type { FaceFile } from "../../../src/face/browser/faceAssets";

/** A response whose body the test hands out chunk by chunk. */
function streamed() {
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  return {
    response: new Response(body, { status: 200 }),
    send: (bytes: number) => controller!.enqueue(new Uint8Array(bytes)),
    end: () => controller!.close(),
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("face download", () => {
  it("reports the percent as each body's bytes arrive, and 100 once all have arrived", async () => {
    const bodies = new Map<string, ReturnType<typeof streamed>>();
    const download = createFaceDownload(async (url) => {
      const body = streamed();
      bodies.set(url, body);
      return body.response;
    });
    const files: FaceFile[] = [
      { url: "https://id.example/a.js", bytes: 1000, wire: 500 },
      { url: "https://id.example/b.bin", bytes: 1000, wire: 1500 },
    ];
    const seen: number[] = [];
    download.subscribe(() => seen.push(download.percent(files)));
    const done = download.fetch(files);
    await settle();
    expect(download.percent(files)).toBe(0);
    bodies.get(files[0]!.url)!.send(500);
    await settle();
    // Half of a.js: half of its 500 wire bytes, of 2000.
    expect(download.percent(files)).toBe(12);
    bodies.get(files[1]!.url)!.send(1000);
    await settle();
    expect(download.percent(files)).toBe(87);
    bodies.get(files[0]!.url)!.send(500);
    bodies.get(files[0]!.url)!.end();
    bodies.get(files[1]!.url)!.end();
    expect(await done).toEqual({ failed: 0 });
    expect(download.percent(files)).toBe(100);
    expect(seen).toEqual([...seen].sort((x, y) => x - y));
    expect(seen.at(-1)).toBe(100);
  });

  it("fetches each file once for two callers, two files at a time, and again only after it failed", async () => {
    const asked: string[] = [];
    let inFlight = 0;
    let most = 0;
    let failNext = true;
    const download = createFaceDownload(async (url) => {
      asked.push(url);
      inFlight += 1;
      most = Math.max(most, inFlight);
      await settle();
      inFlight -= 1;
      if (url.endsWith("c.bin") && failNext) {
        failNext = false;
        return new Response(null, { status: 503 });
      }
      return new Response("abcd");
    });
    const file = (name: string): FaceFile => ({ url: `https://id.example/${name}`, bytes: 4, wire: 4 });
    const startPage = download.fetch([file("a.js"), file("b.bin"), file("c.bin")]);
    const recordingPage = download.fetch([file("a.js"), file("b.bin"), file("c.bin"), file("d.bin")]);
    expect(await startPage).toEqual({ failed: 1 });
    expect(await recordingPage).toEqual({ failed: 1 });
    expect(asked).toEqual(["a.js", "b.bin", "c.bin", "d.bin"].map((n) => `https://id.example/${n}`));
    expect(most).toBe(2);
    expect(download.percent([file("a.js"), file("c.bin")])).toBe(50);
    // Asked again, the failed file is fetched again and the others are not.
    expect(await download.fetch([file("a.js"), file("c.bin")])).toEqual({ failed: 0 });
    expect(asked.filter((u) => u.endsWith("c.bin"))).toHaveLength(2);
    expect(asked.filter((u) => u.endsWith("a.js"))).toHaveLength(1);
    expect(download.percent([file("a.js"), file("c.bin")])).toBe(100);
  });

  it("is one download a page: the slot keeps the first one made", () => {
    const slot: FaceDownloadSlot = { current: null };
    const first = pageFaceDownload(slot, () => Promise.reject(new Error("unused")));
    expect(pageFaceDownload(slot, () => Promise.reject(new Error("unused")))).toBe(first);
  });
});
