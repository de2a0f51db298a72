import { describe, expect, it } from "vitest";
import { DEFAULT_CACHE_ID, deriveCacheId } from "../../src/session/cacheId";

describe("deriveCacheId", () => {
  it("prefers h5_face_id, then order_no, then the default scope", () => {
    expect(deriveCacheId({ h5_face_id: "F1", order_no: "O1" })).toBe("F1");
    expect(deriveCacheId({ order_no: "O1" })).toBe("O1");
    expect(deriveCacheId({})).toBe(DEFAULT_CACHE_ID);
    expect(DEFAULT_CACHE_ID).toBe("default");
  });

  it("skips empty values instead of making them a scope", () => {
    expect(deriveCacheId({ h5_face_id: "", order_no: "O1" })).toBe("O1");
    expect(deriveCacheId({ h5_face_id: "", order_no: "" })).toBe("default");
  });
});
