/**
 * Webhook delivery through the running service, as a partner's receiver sees it: a signed
 * `verification.completed` event once an order has its verdict, verifiable with the kit; at
 * least once through failures and a receiver restart, duplicates only with the same event id;
 * nothing sent to a target the policy refuses; every send kept for staff, who can send again.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { WEBHOOK_HEADERS, verifyWebhook } from "@faceflow/partner";
import { webhookEventSchema } from "../../../schemas/webhookEvent";
import { recordVerdict, type Verdict } from "../../../src/server/orders/verdict";
import { shippedChecks } from "../verify/shippedChecks";
import { createStore } from "../../../src/server/store";
import type { WebhookSettings } from "../../../src/server/webhooks";
import { orderRequest, startService, type Service } from "../harness";
import { withEnv } from "../analyticsFixtures";

const APP = "WHAPP0001";
const SECRET = "webhook-app-secret-0123456789abcdef";
const failing: Verdict = { passed: false, code: "1031", liveRate: 12, verifier: "test", checks: [{ name: "face", passed: true, detail: "ok" }, { name: "light", passed: false, detail: "flat" }] };
const passing: Verdict = { passed: true, code: "0", liveRate: 97, verifier: "test", checks: [{ name: "face", passed: true, detail: "ok" }, { name: "light", passed: true, detail: "followed" }] };

interface Received {
  body: string;
  headers: IncomingMessage["headers"];
  answered: number;
}

/** A partner's receiver: answers each request with `answer()` and keeps what it got. */
async function receiver(answer: () => number, port = 0): Promise<{ server: Server; url: string; port: number; got: Received[] }> {
  const got: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const status = answer();
      got.push({ body: Buffer.concat(chunks).toString("utf8"), headers: req.headers, answered: status });
      res.writeHead(status, { "content-type": "text/plain" }).end(status === 200 ? "ok" : "busy");
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("no port");
  return { server, url: `http://127.0.0.1:${address.port}/faceflow/events`, port: address.port, got };
}

const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));
const fast: Partial<WebhookSettings> = { retryDelaysMs: Array.from({ length: 12 }, () => 40), pollMs: 20, policy: { httpsOnly: false, allowPrivate: true } };

async function until(done: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Orders of the webhook app, each with one attempt judged by `verdict` (one attempt allowed, so it finishes the order). */
async function judgedOrders(service: Service, count: number, verdict: Verdict): Promise<string[]> {
  const partner = service.partnerFor(APP, SECRET);
  const orders = await Promise.all(Array.from({ length: count }, () => partner.createOrder({ ...orderRequest(service), maxAttempts: 1 }).then((o) => o.orderNo)));
  const store = createStore(service.dbPath);
  try {
    for (const orderNo of orders) {
      const attempt = await store.attempts.open(orderNo, "upload", null, Date.now());
      await recordVerdict({ store, clock: { now: Date.now }, checks: shippedChecks }, orderNo, attempt.id, verdict, null);
    }
  } finally {
    await store.close();
  }
  return orders;
}

describe("webhook delivery", () => {
  const cleanup: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const fn of cleanup.splice(0).reverse()) await fn();
  });
  const start = async (url: string, webhooks: Partial<WebhookSettings> = fast) => {
    const service = await startService({ apps: { [APP]: { secret: SECRET, allowedOrigins: ["self"], webhookUrl: url } }, webhooks });
    cleanup.push(() => service.close());
    return service;
  };

  it("posts a signed verification.completed event the kit verifies, once the order has its verdict", async () => {
    const hook = await receiver(() => 200);
    cleanup.push(() => close(hook.server));
    const service = await start(hook.url);
    const [orderNo] = await judgedOrders(service, 1, failing);
    await until(() => hook.got.length === 1);
    const [got] = hook.got as [Received];
    const now = Math.floor(Date.now() / 1000);
    expect(verifyWebhook(got.body, got.headers[WEBHOOK_HEADERS.signature] as string, [SECRET], now)).toMatchObject({ ok: true });
    expect(verifyWebhook(got.body, got.headers[WEBHOOK_HEADERS.signature] as string, ["another-secret-0123456789"], now)).toEqual({ ok: false, reason: "signature" });
    expect(verifyWebhook(got.body.replace('"passed":false', '"passed":true'), got.headers[WEBHOOK_HEADERS.signature] as string, [SECRET], now)).toEqual({ ok: false, reason: "signature" });
    expect(verifyWebhook(got.body, got.headers[WEBHOOK_HEADERS.signature] as string, [SECRET], now + 301)).toEqual({ ok: false, reason: "expired" });
    const event = webhookEventSchema.parse(JSON.parse(got.body));
    expect(got.headers[WEBHOOK_HEADERS.eventId]).toBe(event.id);
    expect(event).toMatchObject({ type: "verification.completed", appId: APP, data: { orderNo, passed: false, code: "1031", liveRate: 12, checks: ["face", "light"], attempts: 1 } });
    // Delivered: nothing more is sent.
    await new Promise((r) => setTimeout(r, 200));
    expect(hook.got).toHaveLength(1);
  });

  it("delivers 100 verdicts through a receiver failing half the time and restarted once: none lost, repeats only of the same event", async () => {
    // Half the answers a 500, at random: an alternating pattern can keep failing one event
    // whose sends always land on the odd turns of a batch.
    const flaky = () => (Math.random() < 0.5 ? 500 : 200);
    let hook = await receiver(flaky);
    const port = hook.port;
    const got: Received[] = [];
    // Thirty quick retries: an event fails for good only after 31 sends (2^-31 at random, more
    // while the receiver is down), which the wait below reports at once rather than waiting on.
    const service = await start(hook.url, { ...fast, retryDelaysMs: Array.from({ length: 30 }, () => 60) });
    const orders = await judgedOrders(service, 100, passing);
    // Generous waits: in the whole suite this shares two cores with everything else.
    await until(() => hook.got.filter((g) => g.answered === 200).length >= 30, 90_000);
    await close(hook.server);
    // After the close: requests already in flight were answered and kept until then.
    got.push(...hook.got);
    await new Promise((r) => setTimeout(r, 300));
    hook = await receiver(flaky, port);
    cleanup.push(() => close(hook.server));
    await until(async () => {
      const store = createStore(service.dbPath);
      try {
        const states = await Promise.all(orders.map(async (o) => (await store.webhooks.listByOrder(o)).map((e) => e.event.state)));
        if (states.some((s) => s.includes("failed"))) throw new Error("an event was given up: more sends failed than the test's retries allow");
        return states.every((s) => s.length === 1 && s[0] === "delivered");
      } finally {
        await store.close();
      }
    }, 120_000);
    got.push(...hook.got);
    const ok = got.filter((g) => g.answered === 200).map((g) => webhookEventSchema.parse(JSON.parse(g.body)));
    expect(new Set(ok.map((e) => e.data.orderNo))).toEqual(new Set(orders));
    // Each order has exactly one event id, however often it came.
    const idsByOrder = new Map<string, Set<string>>();
    for (const g of got) {
      const e = webhookEventSchema.parse(JSON.parse(g.body));
      idsByOrder.set(e.data.orderNo, (idsByOrder.get(e.data.orderNo) ?? new Set()).add(e.id));
    }
    expect([...idsByOrder.values()].every((ids) => ids.size === 1)).toBe(true);
    expect(got.some((g) => g.answered === 500)).toBe(true);
  }, 300_000);

  it("sends nothing to a target the policy refuses, and says why in the delivery log", async () => {
    const hook = await receiver(() => 200);
    cleanup.push(() => close(hook.server));
    const service = await start(hook.url, { ...fast, retryDelaysMs: [40], policy: { httpsOnly: true, allowPrivate: false } });
    const [orderNo] = await judgedOrders(service, 1, passing);
    const store = createStore(service.dbPath);
    cleanup.push(() => store.close());
    await until(async () => (await store.webhooks.listByOrder(orderNo as string))[0]?.event.state === "failed");
    const [entry] = await store.webhooks.listByOrder(orderNo as string);
    expect(entry?.attempts.map((a) => a.error)).toEqual([expect.stringMatching(/^not sent: http: is not allowed/), expect.stringMatching(/^not sent/)]);
    expect(hook.got).toHaveLength(0);
  });

  it("shows staff each event's sends in the order view, and sends one again on request", async () => {
    const env = withEnv({ FACEFLOW_ADMIN_TOKEN: "webhook-staff-token-0123456789" });
    cleanup.push(async () => env.restore());
    let answer = 503;
    const hook = await receiver(() => answer);
    cleanup.push(() => close(hook.server));
    const service = await start(hook.url, { ...fast, retryDelaysMs: [40] });
    const [orderNo] = (await judgedOrders(service, 1, failing)) as [string];
    const store = createStore(service.dbPath);
    cleanup.push(() => store.close());
    const entry = async () => (await store.webhooks.listByOrder(orderNo))[0];
    await until(async () => (await entry())?.event.state === "failed");
    const auth = { authorization: "Bearer webhook-staff-token-0123456789" };
    const view = await (await fetch(`${service.baseUrl}/admin/orders/${orderNo}?lang=en`, { headers: auth })).text();
    expect(view).toContain("Given up");
    expect(view).toContain("#2: ");
    expect(view).toContain("answered 503");
    const eventId = (await entry())?.event.id as string;
    const form = { method: "POST", headers: { ...auth, "content-type": "application/x-www-form-urlencoded" }, body: "", redirect: "manual" as const };
    expect((await fetch(`${service.baseUrl}/admin/orders/${orderNo}/webhooks/${eventId}/redeliver`, { ...form, headers: { "content-type": "application/x-www-form-urlencoded" } })).status).toBe(401);
    expect((await fetch(`${service.baseUrl}/admin/orders/OTHER_ORDER_0001/webhooks/${eventId}/redeliver`, form)).status).toBe(404);
    answer = 200;
    const again = await fetch(`${service.baseUrl}/admin/orders/${orderNo}/webhooks/${eventId}/redeliver`, form);
    expect(again.status).toBe(303);
    expect(again.headers.get("location")).toBe(`/admin/orders/${orderNo}#${eventId}`);
    await until(async () => (await entry())?.event.state === "delivered");
    expect((await entry())?.attempts.map((a) => a.status)).toEqual([503, 503, 200]);
    expect(hook.got.map((g) => g.headers[WEBHOOK_HEADERS.eventId])).toEqual([eventId, eventId, eventId]);
  });
});
