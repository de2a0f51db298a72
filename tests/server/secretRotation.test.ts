/**
 * Rotating an app's secret with an overlap window (issue 18, apps): a service started with
 * `{ secret: next, previousSecret: { secret: old, until } }` accepts partner requests and launch
 * links signed with either secret until `until` and only the new one after; every result it
 * hands out is signed with the new one; the comparisons stay timing-safe.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as kit from "@faceflow/partner";
import { createFaceflowPartner, signReturnPayload, verifyReturnPayload } from "@faceflow/partner";
import { API_ERROR_CODES, resultResponseSchema, type LaunchResponse } from "../../schemas/api";
import { launchMacMatches, parseLaunchToken } from "../../src/server/signing/launch";
import { Browser, errorCode, inspectStore, launchParams, orderRequest, startService, testClock, type Service } from "./harness";

// Every signature comparison of the service goes through safeEqualHex (timingSafeEqual inside):
// spied on, not replaced, to show the rotation kept it.
vi.mock("@faceflow/partner", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@faceflow/partner")>();
  return { ...actual, safeEqualHex: vi.fn(actual.safeEqualHex) };
});

const APP = "ROT00001";
const OLD = "rotation-old-secret-0123456789abcdef";
const NEXT = "rotation-next-secret-0123456789abcdef";
const OVERLAP_MS = 60 * 60 * 1000;

const clock = testClock();
let dir: string;
let rotated: Service;
/** Launch links issued (signed with OLD) before the rotation, valid for a day. */
let issuedBefore: LaunchResponse;
let issuedBeforeLate: LaunchResponse;
/** An order finished before the rotation: its stored result is signed with OLD. */
let finishedBefore: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "faceflow-rotation-"));
  const before = await startService({ clock, apps: { [APP]: { secret: OLD, allowedOrigins: ["self"] } } }, { dir });
  try {
    const partner = before.partnerFor(APP, OLD);
    issuedBefore = await partner.createOrder(orderRequest(before, { expiresInSec: 86_400 }));
    issuedBeforeLate = await partner.createOrder(orderRequest(before, { expiresInSec: 86_400 }));
    finishedBefore = (await partner.createOrder(orderRequest(before))).orderNo;
    await inspectStore(before, async (store) => {
      const order = await store.orders.get(finishedBefore);
      if (order === null) throw new Error("order missing");
      await store.orders.transition(finishedBefore, ["created"], "passed", clock.now());
      const payload = signReturnPayload(APP, OLD, { orderNo: finishedBefore, code: "0", liveRate: "93", h5faceId: order.h5FaceId });
      await store.results.insert({ orderNo: finishedBefore, attemptId: null, passed: true, payload, createdAt: clock.now() });
    });
  } finally {
    await before.close();
  }
  const until = new Date(clock.now() + OVERLAP_MS).toISOString();
  rotated = await startService({ clock, apps: { [APP]: { secret: NEXT, previousSecret: { secret: OLD, until }, allowedOrigins: ["self"] } } }, { dir });
});

afterAll(async () => {
  await rotated.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("during the overlap", () => {
  it("accepts partner requests signed with the new or the previous secret, and no other", async () => {
    expect((await rotated.partnerFor(APP, OLD).createOrder(orderRequest(rotated))).orderNo).toMatch(/^ord_/);
    expect((await rotated.partnerFor(APP, NEXT).createOrder(orderRequest(rotated))).orderNo).toMatch(/^ord_/);
    await expect(rotated.partnerFor(APP, "some-other-secret-0123456789").createOrder(orderRequest(rotated))).rejects.toMatchObject({
      status: 401,
      code: API_ERROR_CODES.authSignature,
    });
  });

  it("compares every candidate signature with the timing-safe comparison", async () => {
    const spy = vi.mocked(kit.safeEqualHex);
    spy.mockClear();
    await rotated.partnerFor(APP, OLD).createOrder(orderRequest(rotated));
    // The new secret's signature compared first (no match), then the previous one's (match).
    expect(spy.mock.results.map((r) => r.value)).toEqual([false, true]);
  });

  it("lets a launch link signed with the previous secret log in, and hands the page a result signed with the new one", async () => {
    const browser = new Browser(rotated.baseUrl);
    const res = await browser.login(launchParams(issuedBefore.launchUrl));
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    // A result stored with the old secret's signatures (as by a verdict before the restart).
    await inspectStore(rotated, async (store) => {
      const order = await store.orders.get(issuedBefore.orderNo);
      if (order === null) throw new Error("order missing");
      const payload = signReturnPayload(APP, OLD, { orderNo: order.orderNo, code: "0", liveRate: "91", h5faceId: order.h5FaceId });
      await store.results.insert({ orderNo: order.orderNo, attemptId: null, passed: true, payload, createdAt: clock.now() });
    });
    const result = await browser.request("GET", "/api/v1/result");
    expect(result.status).toBe(200);
    expect(verifyReturnPayload(APP, NEXT, resultResponseSchema.parse(result.json).payload)).toMatchObject({ valid: true });
  });

  it("signs new launch links and every result it hands out with the new secret", async () => {
    const partner = rotated.partnerFor(APP, NEXT);
    const view = await partner.getOrder(finishedBefore);
    if (view.result === null) throw new Error("no result");
    expect(verifyReturnPayload(APP, NEXT, view.result)).toMatchObject({ valid: true });
    expect(verifyReturnPayload(APP, OLD, view.result)).toMatchObject({ valid: false });
    // A partner kit still signing with the old secret verifies it once it lists the next one (apps.ts, step 1).
    const kit = (secret: string, rotationSecrets: string[] = []) =>
      createFaceflowPartner({ baseUrl: rotated.baseUrl, appId: APP, secret, rotationSecrets, now: clock.now });
    expect(kit(OLD).verifyReturn(view.result).valid).toBe(false);
    expect(kit(OLD, [NEXT]).verifyReturn(view.result).valid).toBe(true);

    const fresh = await partner.createOrder(orderRequest(rotated));
    const sign = launchParams(fresh.launchUrl).sign ?? "";
    const token = parseLaunchToken(sign);
    if (token === null) throw new Error("bad sign");
    const { sign: _sign, ...params } = launchParams(fresh.launchUrl);
    expect(launchMacMatches(NEXT, params, token)).toBe(true);
    expect(launchMacMatches(OLD, params, token)).toBe(false);
  });
});

describe("after the overlap", () => {
  it("refuses the previous secret and its launch links, and accepts the new one", async () => {
    clock.advance(OVERLAP_MS);
    const res = await rotated.partnerFor(APP, OLD).createOrder(orderRequest(rotated)).catch((e: unknown) => e);
    expect(res).toMatchObject({ status: 401, code: API_ERROR_CODES.authSignature });
    expect((await rotated.partnerFor(APP, NEXT).createOrder(orderRequest(rotated))).orderNo).toMatch(/^ord_/);
    const login = await new Browser(rotated.baseUrl).login(launchParams(issuedBeforeLate.launchUrl));
    expect(login.status).toBe(400);
    expect(errorCode(login)).toBe(API_ERROR_CODES.launchInvalid);
  });
});
