/**
 * The order option `guidance`: default on, settable by the partner and the demo partner,
 * handed to the browser in the order config and shown in the partner's order view; and
 * migration 3, which gives orders made before it guidance on and attempts no report.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { loginResponseSchema, orderConfigSchema } from "../../schemas/api";
import { openDatabase } from "../../src/server/store/database";
import { MIGRATIONS } from "../../src/server/store/migrations";
import { createStore } from "../../src/server/store";
import { Browser, errorCode, launchParams, orderRequest, startService, type Service } from "./harness";

let service: Service;
beforeAll(async () => {
  service = await startService();
});
afterAll(() => service.close());

async function configAfterLogin(launchUrl: string) {
  const res = await new Browser(service.baseUrl).login(launchParams(launchUrl));
  expect(res.status).toBe(200);
  return loginResponseSchema.parse(res.json).config;
}

describe("order option guidance", () => {
  it("defaults to on: in the order config and the partner's order view", async () => {
    const created = await service.partner.createOrder(orderRequest(service));
    expect((await configAfterLogin(created.launchUrl)).guidance).toBe(true);
    expect((await service.partner.getOrder(created.orderNo)).guidance).toBe(true);
  });

  it("the partner can turn it off", async () => {
    const created = await service.partner.createOrder(orderRequest(service, { guidance: false }));
    expect((await configAfterLogin(created.launchUrl)).guidance).toBe(false);
    expect((await service.partner.getOrder(created.orderNo)).guidance).toBe(false);
  });

  it("only a boolean is accepted", async () => {
    const body = { ...orderRequest(service), guidance: "no" };
    await expect(service.partner.createOrder(body as never)).rejects.toThrow(/guidance/);
  });

  it("the demo partner passes it through", async () => {
    const browser = new Browser(service.baseUrl);
    const off = await browser.request("POST", "/demo/v1/orders", { liveType: "3", guidance: false });
    expect(off.status).toBe(201);
    const launchUrl = (off.json as { launchUrl: string }).launchUrl;
    expect((await configAfterLogin(launchUrl)).guidance).toBe(false);
    const bad = await browser.request("POST", "/demo/v1/orders", { liveType: "3", guidance: 1 });
    expect(errorCode(bad)).toBe("BAD_REQUEST");
  });

  it("the config schema requires it, so a client never has to guess", async () => {
    const created = await service.partner.createOrder(orderRequest(service));
    const { guidance: _guidance, ...withoutIt } = await configAfterLogin(created.launchUrl);
    expect(z.safeParse(orderConfigSchema, withoutIt).success).toBe(false);
  });
});

describe("migration 3 (face guidance)", () => {
  const dir = mkdtempSync(join(tmpdir(), "faceflow-migration-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("keeps orders and attempts made before it: guidance on, no report", () => {
    const path = join(dir, "old.sqlite");
    const old = openDatabase(path, MIGRATIONS.filter((m) => m.version < 3));
    old.exec(`INSERT INTO apps (app_id, secret, allowed_origins, created_at, updated_at) VALUES ('APP1', 's', '[]', 1, 1)`);
    old.exec(`INSERT INTO orders (order_no, app_id, h5_face_id, user_id, live_type, actions, theme, return_url, launch_options,
                max_attempts, state, created_at, updated_at)
              VALUES ('ord_before_3', 'APP1', 'h5f_1', 'u', '3', '', '', 'https://x.example/', '{}', 3, 'created', 1, 1)`);
    old.exec(`INSERT INTO attempts (order_no, seq, channel, status, created_at) VALUES ('ord_before_3', 1, 'upload', 'pending', 1)`);
    expect(old.pragma("user_version", { simple: true })).toBe(2);
    old.close();

    const store = createStore(path);
    try {
      expect(store.db.pragma("user_version", { simple: true })).toBe(3);
      expect(store.orders.get("ord_before_3")?.guidance).toBe(true);
      const [attempt] = store.attempts.list("ord_before_3");
      expect(attempt?.guidance).toBeNull();
      expect(store.attempts.finish(attempt?.id ?? -1, { status: "failed", code: "1015", guidance: null }, 2)).toBe(true);
    } finally {
      store.close();
    }
  });
});
