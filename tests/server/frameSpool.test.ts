/**
 * A frame stream's spool into the media store (stream/frameSpool.ts): a few puts at once, the
 * next frame waiting only while that many are in flight, a failed put failing the stream, and a
 * discard that waits for puts in flight so none lands after the folder is removed.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createLocalMediaStore } from "../../src/server/media/store/localMediaStore";
import type { MediaStore } from "../../src/server/media/store/mediaStore";
import { createFrameSpool } from "../../src/server/stream/frameSpool";
import { filesUnder } from "./mediaStore/files";

let dir: string;
let media: MediaStore;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "faceflow-spool-"));
  media = createLocalMediaStore(dir);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A store whose puts wait until released one by one, counting how many are in flight. */
function slowStore() {
  const waiting: (() => void)[] = [];
  let inFlight = 0;
  let most = 0;
  const store: MediaStore = {
    ...media,
    async put(key, body, opts) {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise<void>((resolve) => waiting.push(resolve));
      inFlight -= 1;
      if (key.endsWith("bad.jpg")) throw new Error("put refused");
      return media.put(key, body, opts);
    },
  };
  return { store, releaseOne: () => waiting.shift()?.(), pending: () => waiting.length, most: () => most };
}

const jpeg = (n: number) => Buffer.from(`frame ${n}`);
const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe("frame spool", () => {
  it("stores every frame under its folder; flush resolves once all are stored", async () => {
    const spool = createFrameSpool(media, "ORDER1/1-stream");
    for (let i = 0; i < 10; i++) await spool.add(`${String(i).padStart(5, "0")}.jpg`, jpeg(i));
    await spool.flush();
    expect(await filesUnder(dir)).toEqual(Array.from({ length: 10 }, (_, i) => `ORDER1/1-stream/${String(i).padStart(5, "0")}.jpg`));
  });

  it("runs `limit` puts at once and makes the next frame wait for room", async () => {
    const slow = slowStore();
    const spool = createFrameSpool(slow.store, "ORDER1/1-stream", 3);
    await spool.add("00000.jpg", jpeg(0));
    await spool.add("00001.jpg", jpeg(1));
    let third = false;
    const adding = spool.add("00002.jpg", jpeg(2)).then(() => (third = true));
    await tick();
    expect([slow.pending(), third]).toEqual([3, false]);
    slow.releaseOne();
    await adding;
    const flushed = spool.flush();
    slow.releaseOne();
    slow.releaseOne();
    await flushed;
    expect(slow.most()).toBe(3);
    expect(await filesUnder(dir)).toHaveLength(3);
  });

  it("a failed put fails the next add and the flush", async () => {
    const slow = slowStore();
    const spool = createFrameSpool(slow.store, "ORDER1/1-stream", 4);
    await spool.add("bad.jpg", jpeg(0));
    slow.releaseOne();
    await tick();
    await expect(spool.add("00001.jpg", jpeg(1))).rejects.toThrow("put refused");
    await expect(spool.flush()).rejects.toThrow("put refused");
  });

  it("discard waits for the puts in flight, then removes the folder: no frame lands after it", async () => {
    const slow = slowStore();
    const spool = createFrameSpool(slow.store, "ORDER1/1-stream", 4);
    await spool.add("00000.jpg", jpeg(0));
    await spool.add("bad.jpg", jpeg(1));
    await spool.add("00002.jpg", jpeg(2));
    const discarded = spool.discard();
    slow.releaseOne();
    slow.releaseOne();
    slow.releaseOne();
    await discarded;
    expect(await filesUnder(dir)).toEqual([]);
  });
});
