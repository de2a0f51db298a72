/**
 * The staff order search and order view (src/server/admin/orders/), as a reviewer and as an
 * outsider would use them: no token, no page; a search by user, order number, outcome, code
 * and dates finds the right orders, newest first, a page at a time; the order view says why
 * an order failed (the failed check and its figures), streams the recording and the evidence
 * frames as they were stored and lets no browser keep them; bad filters and made-up paths get
 * an answer, never a stack trace; every page speaks the staff member's language.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalMediaStore } from "../../../src/server/media/store/localMediaStore";
import { createStore } from "../../../src/server/store";
import { orderRequest, startService, testClock, type Service } from "../harness";
import { withEnv } from "../analyticsFixtures";

const TOKEN = "staff-orders-token-0123456789";
const auth = { authorization: `Bearer ${TOKEN}` };
const DAY = 86_400_000;
const LIGHT_DETAIL = "The light fell on the face as on a flat picture, not a face turning away at its sides: centre 4.1%, sides 4.0%";
const RECORDING = Buffer.from("webm-bytes-of-attempt-1 ".repeat(40));
const FRAMES = [Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]), Buffer.from([0xff, 0xd8, 0xff, 0xe0, 4, 5, 6])];

describe("staff orders", () => {
  const clock = testClock(Date.UTC(2030, 0, 10, 9));
  let env: { restore(): void };
  let service: Service;
  let failed: string;
  let passed: string;
  let older: string;

  const get = (path: string, headers: Record<string, string> = auth) => fetch(service.baseUrl + path, { headers });
  const page = async (path: string, headers: Record<string, string> = auth) => {
    const response = await get(path, headers);
    return { status: response.status, headers: response.headers, html: await response.text() };
  };
  /** The order numbers a search page lists, in its order. */
  const listed = (html: string) => [...html.matchAll(/<th scope="row"><a href="\/admin\/orders\/([^"]+)">/g)].map((m) => decodeURIComponent(m[1] as string));

  beforeAll(async () => {
    env = withEnv({ FACEFLOW_ADMIN_TOKEN: TOKEN });
    service = await startService({ clock, logger: process.env.STAFF_TEST_LOG ? { level: "error" } : false });
    older = (await service.partner.createOrder(orderRequest(service, { userId: "alice" }))).orderNo;
    clock.advance(2 * DAY);
    failed = (await service.partner.createOrder(orderRequest(service, { userId: "alice" }))).orderNo;
    clock.advance(60_000);
    passed = (await service.partner.createOrder(orderRequest(service, { userId: "bob" }))).orderNo;
    const now = clock.now();
    const store = createStore(service.dbPath);
    const media = createLocalMediaStore(service.mediaDir);
    try {
      const a = await store.attempts.open(failed, "upload", null, now);
      await store.attempts.keepGuidance(a.id, { status: "on", reason: null, frames: 30, medianFrameMs: 40, hints: { ok: 28, noFace: 2, tooDark: 0, manyFaces: 0, tooFar: 0, tooClose: 0, offCentre: 0 }, done: true, evidenceAtMs: [400, 1800] });
      await store.attempts.finish(a.id, { status: "failed", code: "1031", checks: [{ name: "face", passed: true, detail: "a face in 75 of 75 frames" }, { name: "light", passed: false, detail: LIGHT_DETAIL }] }, now);
      await media.put(`${failed}/1.webm`, RECORDING, { contentType: "video/webm" });
      for (const [i, frame] of FRAMES.entries()) await media.put(`${failed}/1-evidence/0${i}.jpg`, frame, { contentType: "image/jpeg" });
      await store.sql.run(
        `INSERT INTO recordings (attempt_id, path, container, mime_type, bytes, duration_ms, sha256, message_id, created_at) VALUES (?, ?, 'webm', 'video/webm', ?, 3000, 'x', 'm1', ?)`,
        [a.id, `${failed}/1.webm`, RECORDING.length, now],
      );
      await store.orders.transition(failed, ["created", "in_progress"], "failed", now);
      const b = await store.attempts.open(passed, "upload", null, now);
      await store.attempts.finish(b.id, { status: "passed", code: "0", checks: [{ name: "light", passed: true, detail: "followed 6 of 6 changes" }] }, now);
      await store.orders.transition(passed, ["created", "in_progress"], "passed", now);
    } finally {
      await store.close();
    }
  });
  afterAll(async () => {
    await service.close();
    env.restore();
  });

  it("shows nothing without the admin token", async () => {
    for (const path of ["/admin/orders", `/admin/orders/${failed}`, `/admin/orders/${failed}/attempts/1/recording`, `/admin/orders/${failed}/attempts/1/evidence/0`]) {
      const response = await get(path, {});
      expect(response.status, path).toBe(401);
      expect(await response.text(), path).not.toContain("webm-bytes");
      expect((await get(path, { authorization: "Bearer not-the-token" })).status, path).toBe(401);
    }
  });

  it("lists the newest orders first, and finds them by user, number, outcome, code and date", async () => {
    expect(listed((await page("/admin/orders")).html)).toEqual([passed, failed, older]);
    expect(listed((await page("/admin/orders?user=alice")).html)).toEqual([failed, older]);
    expect(listed((await page(`/admin/orders?order=${failed.slice(0, 12)}`)).html)).toEqual([failed]);
    expect(listed((await page("/admin/orders?outcome=failed")).html)).toEqual([failed]);
    expect(listed((await page("/admin/orders?outcome=open")).html)).toEqual([older]);
    expect(listed((await page("/admin/orders?code=1031")).html)).toEqual([failed]);
    expect(listed((await page("/admin/orders?from=2030-01-12&to=2030-01-12")).html)).toEqual([passed, failed]);
    expect(listed((await page("/admin/orders?to=2030-01-10")).html)).toEqual([older]);
    expect((await page("/admin/orders?user=nobody")).html).toContain("没有符合条件的订单");
  });

  it("finds the orders that reached a funnel step, as the dashboard counts them", async () => {
    // failed: a finished attempt with its recording; passed: a finished attempt, no recording kept; older: no attempt.
    expect(listed((await page("/admin/orders?reached=recorded")).html)).toEqual([passed, failed]);
    expect(listed((await page("/admin/orders?reached=uploaded")).html)).toEqual([failed]);
    expect(listed((await page("/admin/orders?reached=uploaded&outcome=passed")).html)).toEqual([]);
    const form = (await page("/admin/orders?reached=uploaded")).html;
    expect(form).toContain('<option value="uploaded" selected>上传成功</option>');
    expect((await page("/admin/orders?reached=maybe")).status).toBe(400);
  });

  it("answers a filter it cannot read with the form and the reason, not a stack trace", async () => {
    for (const query of ["from=2030-02-30", "outcome=maybe", "code=DROP%20TABLE", "order=%27%20OR%201%3D1"]) {
      const answer = await page(`/admin/orders?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.html, query).toContain('role="alert"');
      expect(answer.html, query).toContain('<form class="filters');
      expect(answer.html, query).not.toMatch(/at \w+ \(|node_modules/);
    }
  });

  it("says on the order view why the order failed, with the check's figures, and no browser may keep it", async () => {
    const view = await page(`/admin/orders/${failed}`);
    expect(view.status).toBe(200);
    expect(view.headers.get("cache-control")).toBe("no-store, private");
    const summary = /<section class="card summary">(.*?)<\/section>/s.exec(view.html)?.[1] ?? "";
    expect(summary).toContain("失败");
    expect(summary).toContain("light (1031 lightNotFaceShaped)");
    expect(summary).toContain("centre 4.1%, sides 4.0%");
    // Failed checks come first in the attempt's table.
    const checks = [...view.html.matchAll(/<tr><th scope="row">(\w+)<\/th>/g)].map((m) => m[1]);
    expect(checks).toEqual(["light", "face"]);
    expect(view.html).toContain(`src="/admin/orders/${failed}/attempts/1/recording"`);
    expect(view.html).toContain(`src="/admin/orders/${failed}/attempts/1/evidence/1"`);
    expect((await page(`/admin/orders/${passed}`)).html).toContain("通过（第 1 次尝试）");
    expect((await page(`/admin/orders/${older}`)).html).toContain("没有尝试");
  });

  it("streams the recording and the evidence frames exactly as stored, never cached", async () => {
    const recording = await get(`/admin/orders/${failed}/attempts/1/recording`);
    expect(recording.status).toBe(200);
    expect(recording.headers.get("content-type")).toBe("video/webm");
    expect(recording.headers.get("cache-control")).toBe("no-store, private");
    expect(Buffer.from(await recording.arrayBuffer()).equals(RECORDING)).toBe(true);
    for (const [i, frame] of FRAMES.entries()) {
      const image = await get(`/admin/orders/${failed}/attempts/1/evidence/${i}`);
      expect(image.headers.get("content-type")).toBe("image/jpeg");
      expect(image.headers.get("cache-control")).toBe("no-store, private");
      expect(Buffer.from(await image.arrayBuffer()).equals(frame)).toBe(true);
    }
  });

  it("refuses made-up media paths without touching other files", async () => {
    expect((await get(`/admin/orders/${failed}/attempts/1/evidence/2`)).status).toBe(404);
    expect((await get(`/admin/orders/${passed}/attempts/1/recording`)).status).toBe(404);
    expect((await get(`/admin/orders/${failed}/attempts/9/recording`)).status).toBe(404);
    expect((await get(`/admin/orders/${failed}/attempts/0/recording`)).status).toBe(400);
    expect((await get(`/admin/orders/${failed}/attempts/1/evidence/..%2F..%2Ffaceflow.sqlite`)).status).toBe(400);
    expect((await get(`/admin/orders/..%2Ffaceflow.sqlite`)).status).toBe(400);
    const unknown = await page("/admin/orders/NO_SUCH_ORDER_123");
    expect(unknown.status).toBe(404);
    expect(unknown.html).toContain("没有订单 NO_SUCH_ORDER_123");
  });

  it("speaks the staff member's language: asked, remembered, or the browser's", async () => {
    const english = await page(`/admin/orders/${failed}?lang=en`);
    expect(english.html).toContain('<html lang="en">');
    expect(english.html).toContain("Failed: light (1031");
    // Every word in English but the language switch, which names each language in itself.
    expect(english.html.replace(/<nav class="languages".*?<\/nav>/s, "")).not.toMatch(/[\u4e00-\u9fff]/);
    expect(english.html).toContain('<a href="/admin/orders/' + failed + '?lang=zh-TW" lang="zh-TW" hreflang="zh-TW">繁體中文</a>');
    const cookie = english.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^ff_staff_lang=en;/);
    const remembered = await page("/admin/orders", { ...auth, cookie: cookie.split(";")[0] as string });
    expect(remembered.html).toContain("Order number");
    const traditional = await page("/admin/orders", { ...auth, "accept-language": "zh-HK,zh;q=0.9,en;q=0.5" });
    expect(traditional.html).toContain('<html lang="zh-TW">');
    expect(traditional.html).toContain("訂單查詢");
    expect((await page("/admin/orders", { ...auth, "accept-language": "fr-FR, en-GB;q=0.8" })).html).toContain('<html lang="en">');
    expect((await get("/admin/orders?lang=fr")).status).toBe(400);
  });
});

describe("without an admin token configured", () => {
  it("has no order pages at all", async () => {
    const env = withEnv({ FACEFLOW_ADMIN_TOKEN: undefined });
    const service = await startService();
    try {
      for (const path of ["/admin/orders", "/admin/orders/ANY_ORDER_123", "/admin/assets/staff.css"]) {
        expect((await fetch(service.baseUrl + path, { headers: auth })).status, path).toBe(404);
      }
    } finally {
      await service.close();
      env.restore();
    }
  });
});
