import { describe, expect, it } from "vitest";
import { createEventBuffer } from "../../src/analytics/eventBuffer";
import { createKycStorage, createMemoryBackend } from "../../src/session/storage";

const store = (backend = createMemoryBackend()) => createKycStorage({ backend, cacheId: "order-1" });
const event = (n: number, text = "") => ({ name: "pageView", at: 1000 + n, data: { n, text } });
const make = (s = store(), idPrefix = "p1-") => createEventBuffer({ store: s, key: "analyticsBuffer", maxEntries: 20, maxBytes: 51200, idPrefix });

describe("event buffer", () => {
  it("keeps at most 20 entries, dropping the oldest, and says when it is full", () => {
    const buffer = make();
    const fullAfter: boolean[] = [];
    for (let i = 0; i < 25; i++) fullAfter.push(buffer.add(event(i)));
    expect(buffer.size()).toBe(20);
    expect(buffer.dropped()).toBe(5);
    expect(buffer.peek(20).map((e) => e.event.data.n)).toEqual([...Array(20).keys()].map((i) => i + 5));
    expect(fullAfter.indexOf(true)).toBe(19);
  });

  it("keeps at most 50 KB of JSON, dropping the oldest", () => {
    const buffer = make();
    for (let i = 0; i < 10; i++) buffer.add(event(i, "x".repeat(10_000)));
    expect(buffer.bytes()).toBeLessThanOrEqual(51200);
    expect(buffer.size()).toBe(5);
    expect(buffer.peek(1)[0]?.event.data.n).toBe(5);
  });

  it("counts bytes as UTF-8, so Chinese text fills it sooner than ASCII", () => {
    const buffer = make();
    for (let i = 0; i < 10; i++) buffer.add(event(i, "人".repeat(4_000)));
    expect(buffer.bytes()).toBeLessThanOrEqual(51200);
    expect(buffer.size()).toBe(4);
  });

  it("is read back by a new instance on the same storage, and removals persist too", () => {
    const backend = createMemoryBackend();
    const first = make(store(backend), "p1-");
    for (let i = 0; i < 3; i++) first.add(event(i));
    // A tab closed right after the adds still has all three.
    expect(make(store(backend), "p9-").peek(20).map((e) => e.event.data.n)).toEqual([0, 1, 2]);
    first.remove([first.peek(1)[0]!.id]);
    const second = make(store(backend), "p2-");
    expect(second.peek(20).map((e) => e.event.data.n)).toEqual([1, 2]);
    second.add(event(9));
    expect(new Set(second.peek(20).map((e) => e.id)).size).toBe(3);
  });

  it("treats a corrupt stored value as empty", () => {
    const backend = createMemoryBackend();
    const s = store(backend);
    s.setJSON("analyticsBuffer", [{ id: "x", event: { name: "bad name!", at: -1, data: {} } }]);
    expect(make(store(backend)).size()).toBe(0);
  });
});
