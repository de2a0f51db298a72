/**
 * Two uploads answering the same digits share one attempt, so they race to store its evidence
 * frames under one folder. One must win whole, the other be refused having written nothing:
 * put all at once, the first could win frame 00 and the second frame 01, and both were refused
 * (seen once in a full test run under load). The store here lands each write after a delay
 * chosen per upload and frame, so that interleaving happens every time.
 */
import { describe, expect, it } from "vitest";
import { MediaExistsError, type MediaStore, type StoredMedia } from "../../../src/server/media/store/mediaStore";
import { storeEvidence } from "../../../src/server/upload/mediaFiles";

/** A store whose puts never overwrite, each landing `delayOf(body)` ms after it was asked for. */
function racingStore(delayOf: (body: string) => number): Pick<MediaStore, "put" | "delete"> & { kept: Map<string, string> } {
  const kept = new Map<string, string>();
  return {
    kept,
    async put(key, body): Promise<StoredMedia> {
      const text = Buffer.isBuffer(body) ? body.toString() : "";
      await new Promise((resolve) => setTimeout(resolve, delayOf(text)));
      if (kept.has(key)) throw new MediaExistsError(key);
      kept.set(key, text);
      return { key, sha256: "", bytes: text.length };
    },
    async delete(key) {
      kept.delete(key);
    },
  };
}

const frames = (who: string) => [0, 1, 2].map((i) => ({ jpeg: new Uint8Array(Buffer.from(`${who}${i}`)) }));

describe("storeEvidence, two uploads at once", () => {
  it("stores one upload's frames whole and refuses the other having written nothing, when each would win a different frame first", async () => {
    // A's first frame lands at once, its others late; B's first frame lands late, its others at once.
    const delays: Record<string, number> = { A0: 0, A1: 20, A2: 20, B0: 30, B1: 0, B2: 0 };
    const store = racingStore((body) => delays[body] ?? 0);
    const [a, b] = await Promise.allSettled([storeEvidence(store, "ord_1", 1, frames("A")), storeEvidence(store, "ord_1", 1, frames("B"))]);
    expect(a).toEqual({ status: "fulfilled", value: ["ord_1/1-evidence/00.jpg", "ord_1/1-evidence/01.jpg", "ord_1/1-evidence/02.jpg"] });
    expect(b.status).toBe("rejected");
    expect(b.status === "rejected" && b.reason).toBeInstanceOf(MediaExistsError);
    expect([...store.kept.values()].sort()).toEqual(["A0", "A1", "A2"]);
  });

  it("deletes the frames it wrote, and only those, when a later frame cannot be stored", async () => {
    const store = racingStore(() => 0);
    store.kept.set("ord_1/1-evidence/02.jpg", "other");
    await expect(storeEvidence(store, "ord_1", 1, frames("A"))).rejects.toBeInstanceOf(MediaExistsError);
    expect([...store.kept.entries()]).toEqual([["ord_1/1-evidence/02.jpg", "other"]]);
  });
});
