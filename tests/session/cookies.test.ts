import Cookies from "js-cookie";
import { describe, expect, it, vi } from "vitest";
import { createCookieJar, createMemoryCookies, type CookieImpl } from "../../src/session/cookies";

// The jar must accept js-cookie itself (checked by the typecheck).
Cookies satisfies CookieImpl;

const HOST_SCOPED = ["TIDA0091", "TIDA0092"] as const;

describe("createCookieJar", () => {
  it("writes cookies with path / by default, so removal from any page works", () => {
    const impl = createMemoryCookies();
    const jar = createCookieJar({ appId: "TIDA0001", hostScopedAppIds: HOST_SCOPED, impl });
    expect(jar.set("order_no", "ORDER-1")).toBe(true);
    expect(impl.list()).toEqual([{ name: "order_no", value: "ORDER-1", attributes: { path: "/" } }]);
    expect(jar.orderNo()).toBe("ORDER-1");

    expect(jar.remove("order_no")).toBe(true);
    expect(impl.list()).toEqual([]);
    expect(jar.orderNo()).toBeUndefined();
  });

  it("adds the configured domain and keeps caller attributes", () => {
    const impl = createMemoryCookies();
    const jar = createCookieJar({ appId: "TIDA0001", hostScopedAppIds: HOST_SCOPED, domain: ".example.com", impl });
    jar.set("theme", "02", { expires: 1, sameSite: "Lax" });
    expect(impl.list()[0]?.attributes).toEqual({ path: "/", domain: ".example.com", expires: 1, sameSite: "Lax" });
    jar.remove("theme");
    expect(impl.list()).toEqual([]);
  });

  it.each(HOST_SCOPED)("leaves the server-managed host-only cookies of %s untouched", (appId) => {
    const serverCookie = { name: "order_no", value: "SERVER-SET", attributes: { path: "/" } };
    const impl = createMemoryCookies([serverCookie]);
    const jar = createCookieJar({ appId, hostScopedAppIds: HOST_SCOPED, domain: ".example.com", impl });

    expect(jar.hostScoped).toBe(true);
    expect(jar.set("order_no", "OVERWRITE")).toBe(false);
    expect(jar.remove("order_no")).toBe(false);
    expect(jar.set("theme", "02")).toBe(false);
    expect(impl.list()).toEqual([serverCookie]);
    expect(jar.orderNo()).toBe("SERVER-SET");
  });

  it("treats other and unknown app ids as not host-scoped", () => {
    const impl = createMemoryCookies();
    expect(createCookieJar({ appId: "TIDA0001", hostScopedAppIds: HOST_SCOPED, impl }).hostScoped).toBe(false);
    expect(createCookieJar({ appId: undefined, hostScopedAppIds: HOST_SCOPED, impl }).hostScoped).toBe(false);
  });

  it("treats an order_no cookie that fails its schema as absent and reports it", () => {
    const onCorrupt = vi.fn();
    const impl = createMemoryCookies([{ name: "order_no", value: "x".repeat(129), attributes: { path: "/" } }]);
    const jar = createCookieJar({ appId: "TIDA0001", hostScopedAppIds: HOST_SCOPED, impl, onCorrupt });
    expect(jar.orderNo()).toBeUndefined();
    expect(onCorrupt).toHaveBeenCalledWith("order_no", expect.stringContaining("too_big"));
  });

  it("treats an empty order_no cookie as no cookie", () => {
    const impl = createMemoryCookies([{ name: "order_no", value: "", attributes: { path: "/" } }]);
    expect(createCookieJar({ appId: "TIDA0001", hostScopedAppIds: HOST_SCOPED, impl }).orderNo()).toBeUndefined();
  });

  it("does not crash when cookies are blocked, and reports it", () => {
    const blocked = () => {
      throw new DOMException("The operation is insecure.", "SecurityError");
    };
    const onError = vi.fn();
    const jar = createCookieJar({
      appId: "TIDA0001",
      hostScopedAppIds: HOST_SCOPED,
      impl: { get: blocked, set: blocked, remove: blocked },
      onError,
    });
    expect(jar.orderNo()).toBeUndefined();
    expect(jar.set("theme", "02")).toBe(false);
    expect(jar.remove("theme")).toBe(false);
    expect(onError).toHaveBeenCalledTimes(3);
  });
});

describe("createMemoryCookies", () => {
  it("like a browser, only removes a cookie when path and domain match", () => {
    const impl = createMemoryCookies();
    impl.set("a", "1", { path: "/" });
    impl.remove("a");
    expect(impl.get("a")).toBe("1");
    impl.remove("a", { path: "/" });
    expect(impl.get("a")).toBeUndefined();
  });
});
