import { describe, expect, it, vi } from "vitest";
import { storedValueSchemas } from "../../schemas/session";
import { createKycStorage, createMemoryBackend, type StorageLike } from "../../src/session/storage";

function rawEntries(backend: StorageLike): [string, string][] {
  const entries: [string, string][] = [];
  for (let i = 0; i < backend.length; i++) {
    const key = backend.key(i);
    if (key !== null) entries.push([key, backend.getItem(key) ?? ""]);
  }
  return entries;
}

/** A backend that works until `fail()` is called, then throws like Safari's quota errors. */
function breakableBackend() {
  const inner = createMemoryBackend();
  let broken = false;
  const quota = () => new DOMException("The quota has been exceeded.", "QuotaExceededError");
  const backend: StorageLike = {
    getItem: (key) => inner.getItem(key),
    setItem: (key, value) => {
      if (broken) throw quota();
      inner.setItem(key, value);
    },
    removeItem: (key) => {
      if (broken) throw quota();
      inner.removeItem(key);
    },
    key: (index) => inner.key(index),
    get length() {
      return inner.length;
    },
  };
  return { backend, inner, fail: () => void (broken = true) };
}

describe("createKycStorage", () => {
  it("stores under kyc_-prefixed keys without the plain key, value or cache id", () => {
    const backend = createMemoryBackend();
    const storage = createKycStorage({ backend, cacheId: "face-8842" });
    storage.set("url", "https://partner.example.com/back");
    storage.set("popup_context", "请确认本人操作");

    const entries = rawEntries(backend);
    expect(entries).toHaveLength(2);
    for (const [key, value] of entries) {
      expect(key).toMatch(/^kyc_[0-9a-z]+_[A-Za-z0-9_-]+$/);
      for (const plain of ["url", "popup_context", "face-8842", "partner.example.com", "请确认本人操作"]) {
        expect(key).not.toContain(plain === "url" ? "_url" : plain);
        expect(value).not.toContain(plain);
        expect(Buffer.from(value, "base64url").toString("utf8")).not.toContain(plain);
      }
    }
    expect(storage.get("url")).toBe("https://partner.example.com/back");
    expect(storage.get("popup_context")).toBe("请确认本人操作");
    expect(storage.keys().sort()).toEqual(["popup_context", "url"]);
  });

  it("keeps two cache ids apart, and clear() only empties its own scope", () => {
    const backend = createMemoryBackend([["other_app_token", "keep me"], ["kyc_legacy", "not ours"]]);
    const a = createKycStorage({ backend, cacheId: "face-A" });
    const b = createKycStorage({ backend, cacheId: "face-B" });
    a.set("url", "https://a.example/");
    b.set("url", "https://b.example/");
    a.set("theme", "02");

    expect(a.get("url")).toBe("https://a.example/");
    expect(b.get("url")).toBe("https://b.example/");
    expect(b.get("theme")).toBeUndefined();
    expect(a.keys().sort()).toEqual(["theme", "url"]);
    expect(b.keys()).toEqual(["url"]);

    a.clear();
    expect(a.keys()).toEqual([]);
    expect(a.get("url")).toBeUndefined();
    expect(b.get("url")).toBe("https://b.example/");
    expect(backend.getItem("other_app_token")).toBe("keep me");
    expect(backend.getItem("kyc_legacy")).toBe("not ours");
  });

  it("remove() deletes one key", () => {
    const storage = createKycStorage({ backend: createMemoryBackend(), cacheId: "c" });
    storage.set("a", "1");
    storage.set("b", "2");
    storage.remove("a");
    expect(storage.get("a")).toBeUndefined();
    expect(storage.keys()).toEqual(["b"]);
  });

  it("round-trips JSON through setJSON/getParsed", () => {
    const storage = createKycStorage({ backend: createMemoryBackend(), cacheId: "c" });
    storage.setJSON("noRetry", true);
    storage.setJSON("loginSign", "SIGN-1");
    expect(storage.getParsed("noRetry", storedValueSchemas.noRetry)).toBe(true);
    expect(storage.getParsed("loginSign", storedValueSchemas.loginSign)).toBe("SIGN-1");
    expect(storage.getParsed("wxAuthCode", storedValueSchemas.wxAuthCode)).toBeUndefined();
  });

  it("treats a value failing its schema as absent and reports it", () => {
    const onCorrupt = vi.fn();
    const storage = createKycStorage({ backend: createMemoryBackend(), cacheId: "c", onCorrupt });
    storage.setJSON("noRetry", "yes");
    expect(storage.getParsed("noRetry", storedValueSchemas.noRetry)).toBeUndefined();
    expect(onCorrupt).toHaveBeenCalledOnce();
    expect(onCorrupt.mock.calls[0]?.[0]).toBe("noRetry");
    expect(onCorrupt.mock.calls[0]?.[1]).toMatch(/expected boolean/);
  });

  it("treats text that is not JSON as absent and reports it", () => {
    const onCorrupt = vi.fn();
    const storage = createKycStorage({ backend: createMemoryBackend(), cacheId: "c", onCorrupt });
    storage.set("sessionState", "{half written");
    expect(storage.getParsed("sessionState", storedValueSchemas.sessionState)).toBeUndefined();
    expect(onCorrupt).toHaveBeenCalledWith("sessionState", "stored value is not JSON");
  });

  it("treats a value edited in devtools as absent and reports it", () => {
    const backend = createMemoryBackend();
    const onCorrupt = vi.fn();
    const storage = createKycStorage({ backend, cacheId: "c", onCorrupt });
    storage.set("url", "https://partner.example/");
    const [rawKey] = rawEntries(backend)[0] ?? [];
    backend.setItem(rawKey ?? "", "https://evil.example/");
    expect(storage.get("url")).toBeUndefined();
    expect(onCorrupt).toHaveBeenCalledWith("url", expect.stringContaining("not readable"));
  });

  it("falls back to memory on a quota error, keeps what was stored and reports once", () => {
    const { backend, inner, fail } = breakableBackend();
    const onError = vi.fn();
    const storage = createKycStorage({ backend, cacheId: "c", onError });
    storage.set("url", "https://partner.example/");
    fail();

    expect(() => storage.set("theme", "02")).not.toThrow();
    expect(storage.isVolatile()).toBe(true);
    expect(storage.get("theme")).toBe("02");
    expect(storage.get("url")).toBe("https://partner.example/");
    storage.remove("url");
    expect(storage.get("url")).toBeUndefined();
    expect(onError).toHaveBeenCalledOnce();
    expect(onError.mock.calls[0]?.[0]).toMatchObject({ operation: "set", key: "theme" });
    // The failed write never reached the real storage.
    expect(inner.length).toBe(1);
  });

  it("falls back to memory when the storage itself cannot be opened", () => {
    const onError = vi.fn();
    const storage = createKycStorage({
      backend: () => {
        throw new DOMException("The operation is insecure.", "SecurityError");
      },
      cacheId: "c",
      onError,
    });
    storage.set("url", "https://partner.example/");
    expect(storage.get("url")).toBe("https://partner.example/");
    expect(storage.isVolatile()).toBe(true);
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ operation: "open" }));
  });

  it("uses a backend getter that works, without falling back", () => {
    const backend = createMemoryBackend();
    const storage = createKycStorage({ backend: () => backend, cacheId: "c" });
    storage.set("k", "v");
    expect(storage.isVolatile()).toBe(false);
    expect(backend.length).toBe(1);
  });

  it("refuses an empty cache id", () => {
    expect(() => createKycStorage({ backend: createMemoryBackend(), cacheId: "" })).toThrow(/cacheId/);
  });
});
