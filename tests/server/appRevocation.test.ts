/**
 * An app removed from the configuration is revoked at the next start (issue 18, finding 3):
 * every way its partner or its users could go on is tried against the restarted service, and
 * what staff need (the app's row, its orders, the dashboard's counts) is still there.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_ERROR_CODES, type LaunchResponse } from "../../schemas/api";
import { Browser, errorCode, inspectStore, launchParams, orderRequest, startService, type Service } from "./harness";

const GONE = { id: "GONE0001", secret: "gone-app-secret-0123456789abcdef" };
const configured = { [GONE.id]: { secret: GONE.secret, allowedOrigins: ["self"] } };
const STAFF_TOKEN = "staff-token-revocation-0123456789";
const previousToken = process.env.FACEFLOW_ADMIN_TOKEN;

let dir: string;
let removed: Service;
/** An order whose launch link was never opened (it is valid for another 30 minutes). */
let unopened: LaunchResponse;
/** An order a browser logged in to before the app was removed. */
let loggedIn: LaunchResponse;
let browser: Browser;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "faceflow-revocation-"));
  process.env.FACEFLOW_ADMIN_TOKEN = STAFF_TOKEN;
  const before = await startService({ apps: configured }, { dir });
  try {
    const partner = before.partnerFor(GONE.id, GONE.secret);
    unopened = await partner.createOrder(orderRequest(before));
    loggedIn = await partner.createOrder(orderRequest(before));
    browser = new Browser(before.baseUrl);
    expect((await browser.login(launchParams(loggedIn.launchUrl))).status).toBe(200);
    expect((await browser.request("GET", "/api/v1/config")).status).toBe(200);
  } finally {
    await before.close();
  }
  // The same store, started again with a configuration that no longer has the app.
  removed = await startService({ apps: {} }, { dir });
});

afterAll(async () => {
  await removed.close();
  rmSync(dir, { recursive: true, force: true });
  if (previousToken === undefined) delete process.env.FACEFLOW_ADMIN_TOKEN;
  else process.env.FACEFLOW_ADMIN_TOKEN = previousToken;
});

describe("an app removed from the configuration", () => {
  it("can no longer call the partner API with its secret: create, read or re-launch", async () => {
    const partner = removed.partnerFor(GONE.id, GONE.secret);
    const refused = { status: 401, code: API_ERROR_CODES.authAppUnknown };
    await expect(partner.createOrder(orderRequest(removed))).rejects.toMatchObject(refused);
    await expect(partner.getOrder(loggedIn.orderNo)).rejects.toMatchObject(refused);
    await expect(partner.relaunch(unopened.orderNo)).rejects.toMatchObject(refused);
    // The configured (demo) app is untouched.
    expect((await removed.partner.createOrder(orderRequest(removed))).orderNo).toMatch(/^ord_/);
  });

  it("has its unexpired launch links refused at login", async () => {
    const res = await new Browser(removed.baseUrl).login(launchParams(unopened.launchUrl));
    expect(res.status).toBe(400);
    expect(errorCode(res)).toBe(API_ERROR_CODES.launchInvalid);
  });

  it("has the browser sessions of its orders ended", async () => {
    const again = browser.at(removed.baseUrl);
    for (const path of ["/api/v1/config", "/api/v1/result"]) {
      const res = await again.request("GET", path);
      expect(res.status, path).toBe(401);
      expect(errorCode(res), path).toBe(API_ERROR_CODES.sessionInvalid);
    }
    // Logging in again with the link it already used is refused too (the link is the app's).
    expect((await again.login(launchParams(loggedIn.launchUrl))).status).toBe(400);
  });

  it("keeps its row and orders, and staff still see its orders on the dashboard", async () => {
    await inspectStore(removed, async (store) => {
      expect(await store.apps.get(GONE.id)).toMatchObject({ appId: GONE.id, disabledAt: expect.any(Number), previousSecret: null });
      expect(await store.orders.get(unopened.orderNo)).toMatchObject({ appId: GONE.id, state: "created" });
      expect(await store.orders.get(loggedIn.orderNo)).toMatchObject({ appId: GONE.id, state: "in_progress" });
    });
    const res = await fetch(`${removed.baseUrl}/admin/analytics.json?days=7&app=${GONE.id}`, { headers: { authorization: `Bearer ${STAFF_TOKEN}` } });
    expect(res.status).toBe(200);
    // Loose on purpose: the dashboard's shape is the analytics work's; what matters is that the app's orders count.
    expect(JSON.stringify(await res.json())).toContain(GONE.id);
  });

  it("is enabled again when the configuration has it again", async () => {
    const back = await startService({ apps: configured }, { dir });
    try {
      await inspectStore(back, async (store) => expect((await store.apps.get(GONE.id))?.disabledAt).toBeNull());
      const created = await back.partnerFor(GONE.id, GONE.secret).createOrder(orderRequest(back));
      expect(launchParams(created.launchUrl).wb_app_id).toBe(GONE.id);
    } finally {
      await back.close();
    }
  });
});
