/**
 * The order option `guidance`: default on, settable by the partner and the demo partner,
 * handed to the browser in the order config and shown in the partner's order view. It only
 * changes what the page shows: the service judges the media the same either way. And
 * migration 3, which gives orders made before it guidance on and attempts no report.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { loginResponseSchema, orderConfigSchema } from "../../schemas/api";
import { openDatabase } from "../../src/server/store/database";
import { MIGRATIONS } from "../../src/server/store/migrations";
import { createStore } from "../../src/server/store";
import { faceFrameRgba, type RgbaImage } from "../fixtures/faceImage";
import { makeClip, makeTempDir, removeTempDir } from "../fixtures/mediaMaker";
import { synthTake, takeUpload } from "../fixtures/synthTake";
import { awaitVerdict, Browser, errorCode, launchParams, orderRequest, startService, uploadForm, type Service } from "./harness";

let service: Service;
beforeAll(async () => {
  service = await startService({ verifyWorkers: 1 });
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

/** Random pixels (deterministic): a faceless picture that does not compress away. */
function noisePicture(width: number, height: number): RgbaImage {
  const data = new Uint8Array(width * height * 4);
  let s = 12345;
  for (let i = 0; i < data.length; i++) {
    s = (s * 1103515245 + 12345) >>> 0;
    data[i] = i % 4 === 3 ? 255 : s >>> 24;
  }
  return { width, height, data };
}

describe("the verdict does not depend on guidance", () => {
  let dir: string;
  const clips: Record<"face" | "pattern" | "plain", Buffer> = { face: Buffer.alloc(0), pattern: Buffer.alloc(0), plain: Buffer.alloc(0) };
  beforeAll(async () => {
    dir = await makeTempDir();
    const face = { imageRgba: faceFrameRgba({ width: 640, height: 480 }) };
    [clips.face, clips.pattern, clips.plain] = await Promise.all([
      makeClip({ dir, video: face, audio: "sine", seconds: 3, container: "webm-vp8", fps: 20 }).then((f) => readFile(f)),
      makeClip({ dir, video: "testsrc", audio: "sine", seconds: 3, container: "webm-vp8", fps: 20 }).then((f) => readFile(f)),
      // Random pixels, held still: no face, and above the upload's 50 KB minimum (a plain picture is not).
      makeClip({ dir, video: { imageRgba: noisePicture(640, 480) }, audio: "sine", seconds: 3, container: "webm-vp8", fps: 20 }).then((f) => readFile(f)),
    ]);
  }, 300_000);
  afterAll(() => removeTempDir(dir));

  /** Judge `recording`, or ("live") the SYNTHETIC live subject answering the order's light, in silent mode. */
  let seed = 9101;
  async function judge(guidance: boolean, recording: Buffer | "live") {
    const created = await service.partner.createOrder(orderRequest(service, { liveType: "3", actions: undefined, guidance }));
    const browser = new Browser(service.baseUrl);
    await browser.login(launchParams(created.launchUrl));
    const challenge = await browser.light();
    const take = recording === "live" ? await synthTake({ dir, mode: "silent", challenge, seed: seed++ }) : null;
    const form = take ? await uploadForm(take.bytes, takeUpload(take)) : await uploadForm(recording as Buffer);
    const { outcome } = await awaitVerdict(browser, (await browser.upload(form)).json);
    return { passed: outcome.passed, code: outcome.code, checks: outcome.checks.map((c) => [c.name, c.passed]) };
  }

  it("the (SYNTHETIC live) face passes and a faceless recording fails, with the same checks, guidance on or off", async () => {
    const faceOn = await judge(true, "live");
    const faceOff = await judge(false, "live");
    // Two faceless recordings: the same moving pattern sent to a second order would be refused as a replay (1035).
    const patternOn = await judge(true, clips.pattern);
    const patternOff = await judge(false, clips.plain);
    expect(faceOn).toMatchObject({ passed: true, code: "0" });
    expect(faceOff).toEqual(faceOn);
    // With guidance off the face checks still run: no face, no pass.
    expect(patternOn).toMatchObject({ passed: false, code: "1015" });
    expect(patternOff).toEqual(patternOn);
    expect(patternOff.checks.map(([name]) => name)).toEqual(expect.arrayContaining(["face", "identity", "liveness", "steady"]));
    // A still photo of the face fails the same way with guidance on or off: a looped still (1033).
    const photoOn = await judge(true, clips.face);
    expect(photoOn).toMatchObject({ passed: false, code: "1033" });
    expect(await judge(false, clips.face)).toEqual(photoOn);
  }, 600_000);
});

describe("migration 3 (face guidance)", () => {
  const dir = mkdtempSync(join(tmpdir(), "faceflow-migration-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("keeps orders and attempts made before it: guidance on, no report", async () => {
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
      // Brought up to date: migration 3 and every later one.
      expect(await store.sql.get("PRAGMA user_version")).toEqual({ user_version: Math.max(...MIGRATIONS.map((m) => m.version)) });
      expect((await store.orders.get("ord_before_3"))?.guidance).toBe(true);
      const [attempt] = await store.attempts.list("ord_before_3");
      expect(attempt?.guidance).toBeNull();
      expect(await store.attempts.finish(attempt?.id ?? -1, { status: "failed", code: "1015", guidance: null }, 2)).toBe(true);
    } finally {
      await store.close();
    }
  });
});
