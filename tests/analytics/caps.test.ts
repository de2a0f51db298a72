// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { singleBodySchema } from "../../schemas/analytics";
import { installErrorCollector } from "../../src/analytics/errorCollector";
import { buildSinglePayload } from "../../src/analytics/singlePayload";
import { capEventData, cutText, redactUrl } from "../../src/analytics/truncate";

const envelope = { appId: "TIDA0001", env: "test" as const, sdkVersion: "1.15.7-beta.7", appVersion: "1.0.0" };

describe("payload caps", () => {
  it("keeps the single report within 8192 characters, marking it truncated", () => {
    const data = Object.fromEntries([...Array(20).keys()].map((i) => [`k${i}`, "z".repeat(1024)]));
    const payload = buildSinglePayload(envelope, "t", { name: "scriptError", at: 1, data, traceId: "t" }, 8192);
    expect(payload.length).toBeLessThanOrEqual(8192);
    const body = singleBodySchema.parse(JSON.parse(payload));
    expect(body.event.name).toBe("scriptError");
    expect(body.event.data.truncated).toBe(true);
  });

  it("leaves a small single report untouched", () => {
    const payload = buildSinglePayload(envelope, "t", { name: "pageView", at: 1, data: { page: "/start" }, traceId: "t" }, 8192);
    expect(JSON.parse(payload).event.data).toEqual({ page: "/start" });
  });

  it("cuts data strings at 1024, keeps at most 32 keys and turns non-finite numbers into text", () => {
    const data = Object.fromEntries([...Array(40).keys()].map((i) => [`k${i}`, i === 0 ? "a".repeat(2000) : i === 1 ? Infinity : i]));
    const capped = capEventData(data);
    expect(Object.keys(capped)).toHaveLength(32);
    expect(capped.k0).toHaveLength(1024);
    expect(capped.k1).toBe("Infinity");
    expect(cutText("abc", 2)).toBe("ab");
  });

  it("redacts query values and drops the fragment of reported URLs", () => {
    expect(redactUrl("/api/login?sign=SECRET&order_no=42#/start", "https://svc.example/")).toBe("https://svc.example/api/login?sign=*&order_no=*");
  });
});

describe("error collector", () => {
  it("reports a failed resource with its outer HTML cut at 200 and its text at 255", () => {
    const events: [string, Record<string, unknown>][] = [];
    const stop = installErrorCollector(window, (name, data) => events.push([name, data]), { elementTextMax: 255, outerHtmlMax: 200 });
    const el = document.createElement("video");
    el.setAttribute("src", "https://cdn.example/a.mp4?token=abc");
    el.textContent = "字".repeat(400);
    document.body.append(el);
    el.dispatchEvent(new Event("error"));
    stop();
    el.dispatchEvent(new Event("error"));
    expect(events).toHaveLength(1);
    const [name, data] = events[0]!;
    expect(name).toBe("resourceError");
    expect(data.tag).toBe("video");
    expect(data.src).toBe("https://cdn.example/a.mp4?token=*");
    expect(data.outerHTML).toHaveLength(200);
    expect(data.text).toHaveLength(255);
  });

  it("reports script errors with message, file and line", () => {
    const events: [string, Record<string, unknown>][] = [];
    const stop = installErrorCollector(window, (name, data) => events.push([name, data]), { elementTextMax: 255, outerHtmlMax: 200 });
    window.dispatchEvent(new ErrorEvent("error", { message: "boom", filename: "https://svc.example/app.js?v=1", lineno: 12, colno: 3 }));
    stop();
    expect(events).toEqual([["scriptError", { message: "boom", filename: "https://svc.example/app.js?v=*", line: 12, column: 3 }]]);
  });
});
