import { describe, expect, it } from "vitest";
import { installRequestCollector } from "../../src/analytics/requestCollector";

function fakeWindow(answer: (url: string) => Response | Promise<Response>) {
  return {
    location: { href: "https://svc.example/index.html" },
    fetch: async (input: RequestInfo | URL) => answer(String(input)),
  } as unknown as Window;
}

describe("request collector", () => {
  it("reports failed fetches without query values, and never the analytics endpoints", async () => {
    const win = fakeWindow((url) => {
      if (url.includes("offline")) throw new TypeError("Failed to fetch");
      return new Response("{}", { status: url.includes("ok") ? 200 : 502 });
    });
    const events: [string, Record<string, unknown>][] = [];
    const original = win.fetch;
    const stop = installRequestCollector(win, (n, d) => events.push([n, d]), (u) => u.pathname.startsWith("/analytics/"));
    expect(win.fetch).not.toBe(original);
    await win.fetch("/api/ok");
    await win.fetch("/api/upload?sign=SECRET", { method: "post" });
    await win.fetch("/analytics/v1/batch", { method: "POST" });
    await expect(win.fetch("/api/offline")).rejects.toThrow("Failed to fetch");
    stop();
    expect(win.fetch).toBe(original);
    await win.fetch("/api/after-stop");
    expect(events).toEqual([
      ["requestError", { kind: "fetch", method: "POST", url: "https://svc.example/api/upload?sign=*", status: 502 }],
      ["requestError", { kind: "fetch", method: "GET", url: "https://svc.example/api/offline", status: 0, message: "TypeError: Failed to fetch" }],
    ]);
  });
});
