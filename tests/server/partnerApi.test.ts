import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FaceflowPartnerError, PARTNER_HEADERS, signPartnerRequest } from "@faceflow/partner";
import { launchResponseSchema, orderViewSchema } from "../../schemas/api";
import { makeClip, makeTempDir, removeTempDir } from "../fixtures/mediaMaker";
import {
  awaitVerdict,
  Browser,
  DEMO_APP,
  DEMO_SECRET,
  errorCode,
  launchParams,
  manualRunner,
  orderRequest,
  startService,
  uploadForm,
  verdict,
  type HttpResult,
  type Service,
} from "./harness";

let service: Service;
beforeAll(async () => {
  service = await startService({
    apps: { PARTNER02: { secret: "partner-two-secret-0123456789", allowedOrigins: ["https://shop.example"] } },
  });
});
afterAll(() => service.close());

interface SignedRequest {
  method?: "GET" | "POST";
  path?: string;
  body?: string;
  appId?: string;
  secret?: string;
  timestamp?: string;
  nonce?: string;
  signature?: string;
  omit?: string;
  contentType?: string;
}

/** A partner request signed by hand, so each part can be got wrong on purpose. */
async function signed(r: SignedRequest = {}): Promise<HttpResult> {
  const method = r.method ?? "POST";
  const path = r.path ?? "/partner/v1/orders";
  const body = r.body ?? (method === "POST" ? JSON.stringify(orderRequest(service)) : "");
  const timestamp = r.timestamp ?? String(Math.floor(Date.now() / 1000));
  const nonce = r.nonce ?? randomBytes(16).toString("hex");
  const headers: Record<string, string> = {
    [PARTNER_HEADERS.appId]: r.appId ?? DEMO_APP,
    [PARTNER_HEADERS.timestamp]: timestamp,
    [PARTNER_HEADERS.nonce]: nonce,
    [PARTNER_HEADERS.signature]: r.signature ?? signPartnerRequest(r.secret ?? DEMO_SECRET, { method, path, timestamp, nonce, body }),
  };
  if (method === "POST") headers["content-type"] = r.contentType ?? "application/json";
  if (r.omit) delete headers[r.omit];
  const response = await fetch(service.baseUrl + path, { method, headers, ...(method === "POST" ? { body } : {}) });
  const text = await response.text();
  return { status: response.status, headers: response.headers, json: text ? (JSON.parse(text) as unknown) : undefined };
}

describe("POST /partner/v1/orders", () => {
  it("creates an order and returns h5_face_id and a signed launch URL on the service's origin", async () => {
    const res = await signed();
    expect(res.status).toBe(201);
    const body = launchResponseSchema.parse(res.json);
    const url = new URL(body.launchUrl);
    expect(url.origin).toBe(service.baseUrl);
    expect(url.pathname).toBe("/");
    const params = launchParams(body.launchUrl);
    expect(params).toMatchObject({
      live_type: "2",
      traditional_action: "2",
      order_no: body.orderNo,
      h5_face_id: body.h5_face_id,
      wb_app_id: DEMO_APP,
      user_id: "user-1",
      url: `${service.baseUrl}/#/entry`,
    });
    expect(params.sign).toMatch(/^1\.\d+\.[0-9a-f]{32}\.[0-9a-f]{64}$/);
    expect(Date.parse(body.expiresAt) - Date.now()).toBeGreaterThan(29 * 60_000);
  });

  it("puts will mode, theme and presentation options into the launch parameters", async () => {
    const created = await service.partner.createOrder(
      orderRequest(service, {
        liveType: "1",
        actions: undefined,
        will: { question: "您是否同意本次授权？", nod: true },
        theme: "02",
        launch: { rtc_mode_switch: "1", ws_mode_switch: "0", splash_page: "1", protocol_corp_name: "示例公司", popup_context: "x".repeat(70) },
        expiresInSec: 120,
      }),
    );
    expect(launchParams(created.launchUrl)).toMatchObject({
      live_type: "1",
      live_service: "2",
      will_type: "2",
      theme: "02",
      rtc_mode_switch: "1",
      ws_mode_switch: "0",
      splash_page: "1",
      protocol_corp_name: "示例公司",
    });
    expect(Date.parse(created.expiresAt) - Date.now()).toBeLessThanOrEqual(120_000);
  });

  it("refuses a return URL whose origin the app does not allow", async () => {
    for (const returnUrl of ["https://evil.example/back", "http://127.0.0.1:1/#/entry"]) {
      const res = await signed({ body: JSON.stringify(orderRequest(service, { returnUrl })) });
      expect(res.status).toBe(400);
      expect(errorCode(res)).toBe("RETURN_URL_NOT_ALLOWED");
    }
    const other = service.partnerFor("PARTNER02", "partner-two-secret-0123456789");
    await expect(other.createOrder(orderRequest(service))).rejects.toMatchObject({ code: "RETURN_URL_NOT_ALLOWED" });
    const ok = await other.createOrder(orderRequest(service, { returnUrl: "https://shop.example/kyc/done?x=1" }));
    expect(launchParams(ok.launchUrl).wb_app_id).toBe("PARTNER02");
  });

  it("answers bad bodies with 400 { code, message }", async () => {
    const cases: [string, string][] = [
      ["not json", "{"],
      ["not an object", "[]"],
      ["missing fields", JSON.stringify({ userId: "u" })],
      ["bad live type", JSON.stringify({ ...orderRequest(service), liveType: "9" })],
      ["unknown field", JSON.stringify({ ...orderRequest(service), surprise: 1 })],
      ["unknown launch option", JSON.stringify({ ...orderRequest(service), launch: { sign: "x" } })],
      ["javascript return URL", JSON.stringify({ ...orderRequest(service), returnUrl: "javascript:alert(1)" })],
      ["action mode without actions", JSON.stringify({ ...orderRequest(service), actions: undefined })],
      ["actions outside action mode", JSON.stringify({ ...orderRequest(service), liveType: "3" })],
      ["flag value over the 32-character cap", JSON.stringify({ ...orderRequest(service), launch: { splash_page: "1".repeat(33) } })],
    ];
    for (const [name, body] of cases) {
      const res = await signed({ body });
      expect(res.status, name).toBe(400);
      expect(errorCode(res), name).toBe("BAD_REQUEST");
    }
  });

  it("rejects a body over the size limit with 413", async () => {
    // An order's limit leaves room for a reference photo (3,000,000 base64 characters).
    const res = await signed({ body: JSON.stringify({ ...orderRequest(service), userId: "x".repeat(3_100_000) }) });
    expect(res.status).toBe(413);
    expect(errorCode(res)).toBe("PAYLOAD_TOO_LARGE");
  });
});

describe("partner authentication", () => {
  it("rejects missing or malformed headers", async () => {
    for (const header of Object.values(PARTNER_HEADERS)) {
      const res = await signed({ omit: header });
      expect(res.status, header).toBe(401);
      expect(errorCode(res)).toBe("AUTH_MISSING");
    }
    expect(errorCode(await signed({ nonce: "short" }))).toBe("AUTH_MISSING");
  });

  it("rejects an unknown app", async () => {
    const res = await signed({ appId: "NOPE0001" });
    expect(res.status).toBe(401);
    expect(errorCode(res)).toBe("AUTH_APP_UNKNOWN");
  });

  it("rejects a wrong signature, a signature by another secret, and a body changed after signing", async () => {
    expect(errorCode(await signed({ signature: "0".repeat(64) }))).toBe("AUTH_SIGNATURE");
    expect(errorCode(await signed({ secret: "partner-two-secret-0123456789" }))).toBe("AUTH_SIGNATURE");
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonce = randomBytes(16).toString("hex");
    const body = JSON.stringify(orderRequest(service));
    const signature = signPartnerRequest(DEMO_SECRET, { method: "POST", path: "/partner/v1/orders", timestamp, nonce, body });
    const changed = body.replace("user-1", "user-2");
    const res = await signed({ body: changed, timestamp, nonce, signature });
    expect(res.status).toBe(401);
    expect(errorCode(res)).toBe("AUTH_SIGNATURE");
  });

  it("rejects timestamps more than 5 minutes off either way", async () => {
    const now = Math.floor(Date.now() / 1000);
    for (const ts of [now - 301, now + 301]) {
      const res = await signed({ timestamp: String(ts) });
      expect(res.status).toBe(401);
      expect(errorCode(res)).toBe("AUTH_STALE");
    }
    expect((await signed({ timestamp: String(now - 290) })).status).toBe(201);
  });

  it("rejects a replayed nonce, even with a fresh signature", async () => {
    const nonce = randomBytes(16).toString("hex");
    expect((await signed({ nonce })).status).toBe(201);
    const replay = await signed({ nonce });
    expect(replay.status).toBe(401);
    expect(errorCode(replay)).toBe("AUTH_REPLAY");
  });

  it("signs GET requests over the path with an empty body", async () => {
    const created = await service.partner.createOrder(orderRequest(service));
    const res = await signed({ method: "GET", path: `/partner/v1/orders/${created.orderNo}` });
    expect(res.status).toBe(200);
    const wrongPath = await signed({
      method: "GET",
      path: `/partner/v1/orders/${created.orderNo}`,
      signature: signPartnerRequest(DEMO_SECRET, { method: "GET", path: "/partner/v1/orders/other", timestamp: "1", nonce: "n".repeat(16), body: "" }),
    });
    expect(errorCode(wrongPath)).toBe("AUTH_SIGNATURE");
  });
});

describe("GET /partner/v1/orders/:orderNo and re-launch", () => {
  it("returns a new order's state with no result and no attempts", async () => {
    const created = await service.partner.createOrder(orderRequest(service));
    const view = orderViewSchema.parse(await service.partner.getOrder(created.orderNo));
    expect(view).toMatchObject({ orderNo: created.orderNo, h5_face_id: created.h5_face_id, state: "created", result: null, attempts: [], maxAttempts: 3 });
  });

  it("does not show one app's order to another", async () => {
    const created = await service.partner.createOrder(orderRequest(service));
    const other = service.partnerFor("PARTNER02", "partner-two-secret-0123456789");
    const error = await other.getOrder(created.orderNo).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FaceflowPartnerError);
    expect(error).toMatchObject({ status: 404, code: "ORDER_NOT_FOUND" });
    await expect(service.partner.getOrder("ord_doesnotexist")).rejects.toMatchObject({ code: "ORDER_NOT_FOUND" });
  });

  it("issues a fresh launch URL for an unfinished order", async () => {
    const created = await service.partner.createOrder(orderRequest(service));
    const again = await service.partner.relaunch(created.orderNo, { expiresInSec: 300 });
    expect(again.orderNo).toBe(created.orderNo);
    expect(launchParams(again.launchUrl).sign).not.toBe(launchParams(created.launchUrl).sign);
  });
});

describe("an attempt being verified, as its partner reads it (issue 18, finding 9)", () => {
  let media: string;
  let clip: Buffer;
  beforeAll(async () => {
    media = await makeTempDir();
    clip = await readFile(await makeClip({ dir: media, video: "testsrc", audio: "sine", seconds: 2, container: "webm-vp8", fps: 20 }));
  }, 60_000);
  afterAll(() => removeTempDir(media));

  it("is verifying, never a stale pending, while its job is queued or running, also across a restart that resumes the job", async () => {
    const dir = mkdtempSync(join(tmpdir(), "faceflow-verifying-"));
    try {
      const first = await startService({ verificationRunner: manualRunner(1) }, { dir });
      let orderNo: string;
      let browser: Browser;
      try {
        const created = await first.partner.createOrder(orderRequest(first, { liveType: "3", actions: undefined }));
        orderNo = created.orderNo;
        browser = new Browser(first.baseUrl);
        expect((await browser.login(launchParams(created.launchUrl))).status).toBe(200);
        await browser.light(); // silent mode shows light: the page fetches it before recording
        expect((await browser.upload(await uploadForm(clip))).json).toMatchObject({ state: "verifying", attempt: 1 });
        expect((await first.partner.getOrder(orderNo)).attempts.map((a) => a.status)).toEqual(["verifying"]);
      } finally {
        // Stopped mid-verification: the job stays 'running' in the store.
        await first.close();
      }
      const runner = manualRunner(1);
      const second = await startService({ verificationRunner: runner }, { dir });
      try {
        const view = orderViewSchema.parse(await second.partner.getOrder(orderNo));
        expect(view.attempts.map((a) => [a.seq, a.status])).toEqual([[1, "verifying"]]);
        const resumed = await runner.nth(0);
        expect((await second.partner.getOrder(orderNo)).attempts[0]?.status).toBe("verifying");
        resumed.resolve(verdict("0"));
        const judged = await awaitVerdict(browser.at(second.baseUrl), (await browser.at(second.baseUrl).request("GET", "/api/v1/attempts/1")).json);
        expect(judged.outcome.passed).toBe(true);
        expect((await second.partner.getOrder(orderNo)).attempts.map((a) => a.status)).toEqual(["passed"]);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("is pending only while nothing was submitted (number mode's digits handed out)", async () => {
    const created = await service.partner.createOrder(orderRequest(service, { liveType: "1", actions: undefined }));
    const browser = new Browser(service.baseUrl);
    expect((await browser.login(launchParams(created.launchUrl))).status).toBe(200);
    expect((await browser.request("GET", "/api/v1/digits")).status).toBe(200);
    expect((await service.partner.getOrder(created.orderNo)).attempts.map((a) => a.status)).toEqual(["pending"]);
  });
});
