/**
 * The local directory store against the MediaStore contract, plus what only a directory
 * shows: keys are files under the directory, in the layout mediaFiles.ts already writes.
 */
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { afterAll, describe, expect, it } from "vitest";
import { createLocalMediaStore } from "../../../src/server/media/store/localMediaStore";
import { MediaExistsError } from "../../../src/server/media/store/mediaStore";
import { describeMediaStoreContract } from "./contract";
import { filesUnder } from "./files";

const dirs: string[] = [];
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "faceflow-local-store-"));
  dirs.push(dir);
  return dir;
}
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

describeMediaStoreContract("local directory", {
  async make() {
    // A folder that does not exist yet: the store makes it on first use.
    const dir = join(await tempDir(), "media");
    return { store: createLocalMediaStore(dir), leftovers: () => filesUnder(dir) };
  },
  localCopyIsTemporary: false,
  racingPutsKeepOneBody: true,
  storedName: (key) => key,
  unreachable: {
    async "a missing directory that cannot be made (its parent is a file)"() {
      const parent = join(await tempDir(), "not-a-folder");
      await writeFile(parent, "");
      return createLocalMediaStore(join(parent, "media"));
    },
  },
});

describe("local media store", () => {
  it("keeps a key as the file <dir>/<key>, which localCopy hands out as is", async () => {
    const dir = await tempDir();
    const store = createLocalMediaStore(dir);
    await store.put("ORDER1/1.webm", Buffer.from("recording"), { contentType: "video/webm" });
    expect(await readFile(join(dir, "ORDER1", "1.webm"), "utf8")).toBe("recording");
    expect((await store.localCopy("ORDER1/1.webm")).path).toBe(join(dir, "ORDER1", "1.webm"));
    expect(store.describe()).toBe(`local ${dir}`);
  });

  it("reads recordings written before it existed, and refuses to overwrite them", async () => {
    const dir = await tempDir();
    const store = createLocalMediaStore(dir);
    await store.put("ORDER2/0.jpg", Buffer.from("x"), { contentType: "image/jpeg" });
    await writeFile(join(dir, "ORDER2", "1.mp4"), "old");
    expect(await store.exists("ORDER2/1.mp4")).toBe(true);
    await expect(store.put("ORDER2/1.mp4", Buffer.from("new"), { contentType: "video/mp4" })).rejects.toThrow("already exists");
    expect(await filesUnder(dir)).toEqual(["ORDER2/0.jpg", "ORDER2/1.mp4"]);
  });

  it("lets exactly one of racing puts of a key through: the link, not the check before it, decides", async () => {
    const store = createLocalMediaStore(await tempDir());
    const bodies = Array.from({ length: 4 }, (_, i) => Buffer.alloc(500_000, i));
    const results = await Promise.allSettled(bodies.map((body) => store.put("ORDER3/1.webm", Readable.from([body]), { contentType: "video/webm" })));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results.filter((r) => r.status === "rejected").map((r) => (r as PromiseRejectedResult).reason)).toEqual([expect.any(MediaExistsError), expect.any(MediaExistsError), expect.any(MediaExistsError)]);
  });
});
