import { describe, expect, it } from "vitest";
import { createKycStorage, createMemoryBackend } from "../../../src/session/storage";
import { createPathHistory } from "../../../src/ui/pathHistory";

const storage = () => createKycStorage({ backend: createMemoryBackend(), cacheId: "c1" });

describe("createPathHistory", () => {
  it("remembers the path shown before the current one", () => {
    const history = createPathHistory(storage());
    expect(history.previous()).toBeUndefined();
    history.visit("/action/trtc/record");
    expect(history.previous()).toBeUndefined();
    history.visit("/action/error");
    expect(history.previous()).toBe("/action/trtc/record");
  });

  it("showing the same path again changes nothing (a re-render, StrictMode's second effect)", () => {
    const history = createPathHistory(storage());
    history.visit("/a");
    history.visit("/b");
    history.visit("/b");
    expect(history.previous()).toBe("/a");
  });

  it("lives in the storage, so a screen mounted later reads what an earlier one recorded", () => {
    const shared = storage();
    createPathHistory(shared).visit("/action/trtc/record");
    const later = createPathHistory(shared);
    later.visit("/action/error");
    expect(later.previous()).toBe("/action/trtc/record");
  });
});
