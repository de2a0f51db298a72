import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadServerConfig } from "../../src/server/config";
import type { Clock } from "../../src/server/runtime";
import { faceFrameRgba } from "../fixtures/faceImage";
import { makeClip, makeTempDir, removeTempDir } from "../fixtures/mediaMaker";
import { synthTake, takeUpload } from "../fixtures/synthTake";
import { writeAppPagesFixture } from "./appPagesFixture";
import {
  awaitVerdict,
  Browser,
  DEMO_SECRET,
  errorCode,
  inspectStore,
  launchParams,
  manualRunner,
  orderRequest,
  startService,
  uploadForm,
  verdict,
  type Service,
} from "./harness";

/**
 * Real recordings, made once for the file: a face photo and the test pattern, for the HTTP
 * surface (a light mode's upload answers the light fetched first, as the page does). The one
 * pass the real pool judges is the SYNTHETIC live subject answering its own light.
 */
let mediaDir: string;
let faceClip: Buffer;
let patternClip: Buffer;
beforeAll(async () => {
  mediaDir = await makeTempDir();
  const face = { imageRgba: faceFrameRgba({ width: 640, height: 480 }) };
  [faceClip, patternClip] = await Promise.all([
    makeClip({ dir: mediaDir, video: face, audio: "sine", seconds: 3, container: "webm-vp8", fps: 20 }).then((f) => readFile(f)),
    makeClip({ dir: mediaDir, video: "testsrc", audio: "sine", seconds: 2, container: "webm-vp8", fps: 20 }).then((f) => readFile(f)),
  ]);
}, 60_000);
afterAll(() => removeTempDir(mediaDir));

/**
 * The service's clock in the rate-limit tests: real time, begun 10 s into a 60 s window. The
 * windows are fixed and aligned to the clock (src/server/http/rateLimitStore.ts): on the wall
 * clock a test's requests could straddle a window's end and count from 0 again (a full run saw
 * [400, 400, 429, 400]).
 */
function midWindowClock(windowMs = 60_000): Clock {
  const start = Date.now();
  const base = start - (start % windowMs) + 10_000;
  return { now: () => base + (Date.now() - start) };
}

/** A pool stand-in that passes every job at once (these tests are about the HTTP surface, not the checks). */
const passingRunner = () => manualRunner(2, () => verdict("0"));

describe("rate limits", () => {
  let service: Service;
  beforeAll(async () => {
    service = await startService({
      verificationRunner: passingRunner(),
      clock: midWindowClock(),
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

    await browser.light();
    const first = await browser.upload(await uploadForm(patternClip));
    expect(first.status).toBe(200);
    // The long poll is not an upload: following the accepted attempt is not limited by it (every
    // poll must answer 200). Its verdict is awaited first: a second upload while the first is
    // still verified is refused for that (409) before the limit, which on a busy machine it was.
    await awaitVerdict(browser, first.json);
    const second = await browser.upload(await uploadForm(faceClip));
    expect(second.status).toBe(429);
    expect(errorCode(second)).toBe("RATE_LIMITED");

    // One partner call used above (createOrder); three more pass, the fifth is limited.
    for (let i = 0; i < 3; i++) await service.partner.getOrder(created.orderNo);
    await expect(service.partner.getOrder(created.orderNo)).rejects.toMatchObject({ status: 429, code: "RATE_LIMITED" });
  });
});

describe("behind a trusted proxy (issue 18, finding 2)", () => {
  let service: Service;
  beforeAll(async () => {
    // One proxy in front, which appends the address it saw to X-Forwarded-For.
    const { trustProxy } = loadServerConfig({ FACEFLOW_TRUST_PROXY: "1" });
    service = await startService({ trustProxy, clock: midWindowClock(), rateLimits: { login: { max: 2, timeWindowMs: 60_000 } } });
  });
  afterAll(() => service.close());

  const loginVia = (forwardedFor: string) =>
    fetch(`${service.baseUrl}/api/v1/login`, { method: "POST", headers: { "content-type": "application/json", "x-forwarded-for": forwardedFor }, body: "{}" });

  it("rate-limits by the address the proxy appended, whatever the client put before it", async () => {
    // The client invents a new first entry every time; the proxy appends 203.0.113.7.
    const statuses = [];
    for (const invented of ["198.51.100.1", "198.51.100.2", "198.51.100.3", "10.0.0.1"]) statuses.push((await loginVia(`${invented}, 203.0.113.7`)).status);
    expect(statuses).toEqual([400, 400, 429, 429]);
    // Another client behind the same proxy has its own limit.
    expect((await loginVia("198.51.100.1, 203.0.113.8")).status).toBe(400);
  });
});

describe("client errors (issue 18, finding 7)", () => {
  let service: Service;
  let appDir: string;
  const logs: { level: number; msg: string; statusCode?: number }[] = [];
  beforeAll(async () => {
    appDir = mkdtempSync(join(tmpdir(), "faceflow-app-"));
    writeAppPagesFixture(appDir, "<!doctype html><title>faceflow</title>");
    const stream = { write: (line: string) => void logs.push(JSON.parse(line) as (typeof logs)[number]) };
    service = await startService({ appDir, verificationRunner: passingRunner(), logger: { level: "info", stream } });
  });
  afterAll(async () => {
    await service.close();
    rmSync(appDir, { recursive: true, force: true });
  });

  it("answer malformed multipart bodies and refused static paths 4xx with the JSON error, logged at info, never as errors", async () => {
    const created = await service.partner.createOrder(orderRequest(service));
    const browser = new Browser(service.baseUrl);
    expect((await browser.login(launchParams(created.launchUrl))).status).toBe(200);
    const multipart = (body: string, boundary = "; boundary=XX") =>
      browser.fetch("/api/v1/upload", { method: "POST", headers: { "content-type": `multipart/form-data${boundary}` }, body });
    const answers = [
      await multipart('--XX\r\nContent-Disposition: form-data; name="meta"\r\n\r\n{}'),
      await multipart("not multipart at all"),
      await multipart("x", ""),
      await fetch(`${service.baseUrl}/a%00b`),
      await fetch(`${service.baseUrl}/..%5c..%5cetc%5cpasswd`),
      await fetch(`${service.baseUrl}/%E0%A4%A`),
    ];
    const seen = await Promise.all(answers.map(async (res) => ({ status: res.status, json: (await res.json()) as unknown })));
    for (const [i, answer] of seen.entries()) {
      expect(answer.status, `answer ${i}`).toBeGreaterThanOrEqual(400);
      expect(answer.status, `answer ${i}`).toBeLessThan(500);
      expect(errorCode({ ...answer, headers: new Headers() }), `answer ${i}`).toMatch(/^(BAD_REQUEST|NOT_FOUND)$/);
    }
    expect(logs.filter((line) => line.level >= 40)).toEqual([]);
    expect(logs.filter((line) => line.msg === "request refused").length).toBeGreaterThanOrEqual(seen.length);
    // A refused upload opened an attempt for nothing: none is left pending.
    expect((await service.partner.getOrder(created.orderNo)).attempts.filter((a) => a.status === "pending")).toEqual([]);
  });
});

describe("headers, errors and secrets", () => {
  let service: Service;
  let appDir: string;
  beforeAll(async () => {
    appDir = mkdtempSync(join(tmpdir(), "faceflow-app-"));
    mkdirSync(join(appDir, "assets"));
    writeAppPagesFixture(appDir, "<!doctype html><title>faceflow</title>");
    writeFileSync(join(appDir, "assets", "main-ABCD2345.js"), "export {};");
    service = await startService({ appDir, verificationRunner: passingRunner() });
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

  it("a verification that keeps failing is tried again, then judged 1026 (never a pass) without the internal error reaching the user or partner", async () => {
    const secretError = "verifier exploded at /srv/faceflow/secret/path.ts:12";
    const broken = await startService({ verificationRunner: manualRunner(1, () => Promise.reject(new Error(secretError))) });
    try {
      const created = await broken.partner.createOrder(orderRequest(broken, { liveType: "3", actions: undefined, maxAttempts: 1 }));
      const browser = new Browser(broken.baseUrl);
      await browser.login(launchParams(created.launchUrl));
      await browser.light();
      const upload = await browser.upload(await uploadForm(faceClip));
      expect(upload.status).toBe(200);
      const judged = await awaitVerdict(browser, upload.json);
      expect(judged.outcome).toMatchObject({ passed: false, code: "1026", finished: true, attemptsLeft: 0 });

      const result = await browser.request("GET", "/api/v1/result");
      const view = await broken.partner.getOrder(created.orderNo);
      expect(view).toMatchObject({ state: "failed", result: { code: "1026" } });
      expect(view.attempts).toMatchObject([{ status: "failed", code: "1026", verifier: "faceflow-media-checks" }]);
      expect(broken.partner.verifyReturn(view.result ?? {}).valid).toBe(true);
      // Tried verification.jobs.maxTries (3) times; the error stays with the job, for staff.
      const job = await inspectStore(broken, async (store) => store.verifyJobs.get((await store.attempts.list(created.orderNo))[0]?.id ?? 0));
      expect(job).toMatchObject({ state: "done", tries: 3, error: expect.stringContaining(secretError) });
      const seen = JSON.stringify([upload.json, judged, result.json, view]);
      expect(seen).not.toContain("exploded");
      expect(seen).not.toContain("/srv/faceflow");
    } finally {
      await broken.close();
    }
  }, 60_000);

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
    await record(browser.request("GET", "/api/v1/light"));
    const upload = await browser.upload(await uploadForm(faceClip));
    await record(Promise.resolve(upload));
    const judged = await awaitVerdict(browser, upload.json);
    seen.push(JSON.stringify(judged));
    await record(browser.request("GET", "/api/v1/config"));
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
    service = await startService({ verifyWorkers: 1 });
  });
  afterAll(() => service.close());

  it("create an order returning to a demo page and verify what came back", async () => {
    const browser = new Browser(service.baseUrl);
    const created = await browser.request("POST", "/demo/v1/orders", { liveType: "3", returnRoute: "liveEntry", theme: "03" });
    expect(created.status).toBe(201);
    const { launchUrl } = created.json as { launchUrl: string };
    expect(launchParams(launchUrl)).toMatchObject({ url: `${service.baseUrl}/#/liveEntry`, wb_app_id: "TIDA0001", theme: "03", live_type: "3" });
    await browser.login(launchParams(launchUrl));
    // Judged by the real pool: the SYNTHETIC live subject answering this attempt's light passes silent mode.
    const take = await synthTake({ dir: mediaDir, mode: "silent", challenge: await browser.light(), seed: 5301 });
    expect((await awaitVerdict(browser, (await browser.upload(await uploadForm(take.bytes, takeUpload(take)))).json)).outcome.passed).toBe(true);
    const { payload } = (await browser.request("GET", "/api/v1/result")).json as { payload: Record<string, string> };
    const query = new URLSearchParams(payload).toString();
    const ok = await browser.request("POST", "/demo/v1/verify", { query });
    expect(ok.json).toMatchObject({ valid: true, payload, order: { state: "passed", attempts: 1 } });
    const tampered = await browser.request("POST", "/demo/v1/verify", { query: query.replace("code=0", "code=1") });
    expect(tampered.json).toMatchObject({ valid: false });
    expect(errorCode(await browser.request("POST", "/demo/v1/orders", { liveType: "2" }))).toBe("BAD_REQUEST");
  }, 300_000);

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
