import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildWebm } from "../media/fixtures";
import type { Verifier } from "../../src/server/media/verifier";
import { Browser, DEMO_SECRET, errorCode, launchParams, orderRequest, startService, uploadForm, type Service } from "./harness";

describe("rate limits", () => {
  let service: Service;
  beforeAll(async () => {
    service = await startService({
      rateLimits: {
        login: { max: 3, timeWindowMs: 60_000 },
        partner: { max: 4, timeWindowMs: 60_000 },
        upload: { max: 1, timeWindowMs: 60_000 },
      },
    });
  });
  afterAll(() => service.close());

  it("limit login, upload and partner calls with 429 RATE_LIMITED", async () => {
    const created = await service.partner.createOrder(orderRequest(service));
    const params = launchParams(created.launchUrl);
    const browser = new Browser(service.baseUrl);
    expect((await browser.login(params)).status).toBe(200);
    expect((await browser.login(params)).status).toBe(200);
    expect((await browser.login({ ...params, user_id: "x" })).status).toBe(400);
    const limited = await browser.login(params);
    expect(limited.status).toBe(429);
    expect(errorCode(limited)).toBe("RATE_LIMITED");
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);

    const form = await uploadForm(buildWebm({ durationMs: 2000, frameBytes: 600 }));
    expect((await browser.upload(form)).status).toBe(200);
    const second = await browser.upload(await uploadForm(buildWebm({ durationMs: 2000, frameBytes: 600 })));
    expect(second.status).toBe(429);
    expect(errorCode(second)).toBe("RATE_LIMITED");

    // One partner call used above (createOrder); three more pass, the fifth is limited.
    for (let i = 0; i < 3; i++) await service.partner.getOrder(created.orderNo);
    await expect(service.partner.getOrder(created.orderNo)).rejects.toMatchObject({ status: 429, code: "RATE_LIMITED" });
  });
});

describe("headers, errors and secrets", () => {
  let service: Service;
  let appDir: string;
  const failingVerifier: Verifier = {
    name: "broken",
    verify: () => Promise.reject(new Error("verifier exploded at /secret/path.ts:12")),
  };
  beforeAll(async () => {
    appDir = mkdtempSync(join(tmpdir(), "faceflow-app-"));
    mkdirSync(join(appDir, "assets"));
    writeFileSync(join(appDir, "index.html"), "<!doctype html><title>faceflow</title>");
    writeFileSync(join(appDir, "assets", "main-ABCD2345.js"), "export {};");
    service = await startService({ appDir });
  });
  afterAll(async () => {
    await service.close();
    rmSync(appDir, { recursive: true, force: true });
  });

  it("serve index.html revalidated and hashed assets immutable, the launch query included", async () => {
    for (const path of ["/", "/?live_type=2&sign=x"]) {
      const res = await fetch(service.baseUrl + path);
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("no-cache");
      expect(await res.text()).toContain("faceflow");
    }
    const asset = await fetch(`${service.baseUrl}/assets/main-ABCD2345.js`);
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("send a CSP without inline scripts, allowing wasm, blob workers and our WebSocket", async () => {
    const res = await fetch(`${service.baseUrl}/`);
    const csp = res.headers.get("content-security-policy") ?? "";
    const directive = (name: string) => csp.split(";").map((d) => d.trim()).find((d) => d.startsWith(`${name} `)) ?? "";
    expect(directive("script-src")).toBe("script-src 'self' 'wasm-unsafe-eval'");
    expect(directive("worker-src")).toBe("worker-src 'self' blob:");
    expect(directive("connect-src")).toBe(`connect-src 'self' ${service.baseUrl.replace("http", "ws")}`);
    expect(directive("object-src")).toBe("object-src 'none'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin");
  });

  it("answer unknown routes and failures as JSON without stack traces, API answers uncached", async () => {
    const notFound = await new Browser(service.baseUrl).request("GET", "/api/v1/nothing");
    expect(notFound.status).toBe(404);
    expect(errorCode(notFound)).toBe("NOT_FOUND");
    expect(notFound.headers.get("cache-control")).toBe("no-store");
    const wrongType = await fetch(`${service.baseUrl}/api/v1/login`, { method: "POST", headers: { "content-type": "text/xml" }, body: "<x/>" });
    expect(wrongType.status).toBe(415);
    expect(((await wrongType.json()) as { code: string }).code).toBe("UNSUPPORTED_MEDIA_TYPE");
  });

  it("turn an internal failure into 500 INTERNAL with a plain message", async () => {
    const broken = await startService({ verifier: failingVerifier });
    try {
      const created = await broken.partner.createOrder(orderRequest(broken));
      const browser = new Browser(broken.baseUrl);
      await browser.login(launchParams(created.launchUrl));
      const res = await browser.upload(await uploadForm(buildWebm({ durationMs: 2000, frameBytes: 600 })));
      expect(res.status).toBe(500);
      expect(res.json).toEqual({ code: "INTERNAL", message: "internal error" });
    } finally {
      await broken.close();
    }
  });

  it("never send the app secret to the browser along a whole flow", async () => {
    const seen: string[] = [];
    const browser = new Browser(service.baseUrl);
    const record = async (res: Promise<{ json: unknown; headers: Headers }>) => {
      const r = await res;
      seen.push(JSON.stringify(r.json), JSON.stringify([...r.headers]));
    };
    const demo = await browser.request("POST", "/demo/v1/orders", { liveType: "2", actions: ["1", "2"] });
    seen.push(JSON.stringify(demo.json));
    const { launchUrl } = demo.json as { launchUrl: string };
    seen.push(launchUrl);
    await record(browser.login(launchParams(launchUrl)));
    await record(browser.request("GET", "/api/v1/config"));
    await record(browser.upload(await uploadForm(buildWebm({ durationMs: 4000, frameBytes: 300 }))));
    const result = await browser.request("GET", "/api/v1/result");
    await record(Promise.resolve(result));
    const payload = (result.json as { payload: Record<string, string> }).payload;
    await record(browser.request("POST", "/demo/v1/verify", { query: new URLSearchParams(payload).toString() }));
    const everything = seen.join("\n");
    expect(everything).not.toContain(DEMO_SECRET);
    expect(everything).not.toMatch(/secret/i);
  });
});

describe("demo partner endpoints", () => {
  let service: Service;
  beforeAll(async () => {
    service = await startService();
  });
  afterAll(() => service.close());

  it("create an order returning to a demo page and verify what came back", async () => {
    const browser = new Browser(service.baseUrl);
    const created = await browser.request("POST", "/demo/v1/orders", { liveType: "3", returnRoute: "liveEntry", theme: "03" });
    expect(created.status).toBe(201);
    const { launchUrl } = created.json as { launchUrl: string };
    expect(launchParams(launchUrl)).toMatchObject({ url: `${service.baseUrl}/#/liveEntry`, wb_app_id: "TIDA0001", theme: "03", live_type: "3" });
    await browser.login(launchParams(launchUrl));
    await browser.upload(await uploadForm(buildWebm({ durationMs: 2000, frameBytes: 600 })));
    const { payload } = (await browser.request("GET", "/api/v1/result")).json as { payload: Record<string, string> };
    const query = new URLSearchParams(payload).toString();
    const ok = await browser.request("POST", "/demo/v1/verify", { query });
    expect(ok.json).toMatchObject({ valid: true, payload, order: { state: "passed", attempts: 1 } });
    const tampered = await browser.request("POST", "/demo/v1/verify", { query: query.replace("code=0", "code=1") });
    expect(tampered.json).toMatchObject({ valid: false });
    expect(errorCode(await browser.request("POST", "/demo/v1/orders", { liveType: "2" }))).toBe("BAD_REQUEST");
  });

  it("can be turned off", async () => {
    const off = await startService({ demo: false });
    try {
      const res = await new Browser(off.baseUrl).request("POST", "/demo/v1/orders", { liveType: "3" });
      expect(res.status).toBe(404);
    } finally {
      await off.close();
    }
  });

  it("/ answers 503 APP_NOT_BUILT without a built app", async () => {
    const res = await new Browser(service.baseUrl).request("GET", "/");
    expect(res.status).toBe(503);
    expect(errorCode(res)).toBe("APP_NOT_BUILT");
  });
});
