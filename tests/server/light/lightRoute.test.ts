/**
 * `GET /api/v1/light` and what answers it, against a real service whose checks list "light" for
 * every mode, as shipped (a stand-in is registered under its name should the registry lack it). What an attacker or a user would notice: each call draws a
 * fresh, safe sequence and abandons the previous attempt; a light mode's recording without its
 * sequence is refused; the job judges the sequence the service drew, never one the page sent;
 * and the photosensitivity alternative opens a number-mode attempt judged without the light only where one is defined.
 */
import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import checksJson from "../../../flows/checks.json";
import { orderConfigSchema, type CreateOrderRequest } from "../../../schemas/api";
import { checksFileSchema, type ChecksFile } from "../../../schemas/checks";
import { lightResponseSchema, type LightChallenge } from "../../../schemas/lightChallenge";
import { faceFrameRgba } from "../../fixtures/faceImage";
import { makeClip, makeTempDir, removeTempDir } from "../../fixtures/mediaMaker";
import { loadCaptureLimits } from "../shippedLimits";
import { Browser, connectStream, errorCode, inspectStore, launchParams, manualRunner, orderRequest, startService, uploadForm, verdict, type ManualRunner, type Service } from "../harness";

vi.mock("../../../src/server/verify/checks/registry", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../../src/server/verify/checks/registry")>();
  // A stand-in under the light check's name until the real one is registered; never judged here (the runner is manual).
  const stub = { group: "face" as const, needs: [], passes: "stand-in", codes: [], run: () => ({ omitted: "stand-in" }) };
  const checks = "light" in real.SERVER_CHECKS ? real.SERVER_CHECKS : real.mergeChecks(real.SERVER_CHECKS, { light: stub });
  return { ...real, SERVER_CHECKS: checks, createServerCheckRegistry: (given = checks) => real.createServerCheckRegistry(given) };
});

/** The shipped checks with "light" in every mode (live and will), whatever the registry shipped. */
function checksWithLight(): ChecksFile {
  const file = checksFileSchema.parse(checksJson);
  for (const section of ["live", "will"] as const) {
    for (const liveType of ["1", "2", "3"] as const) {
      if (!file[section][liveType].includes("light")) file[section][liveType] = [...file[section][liveType], "light"];
    }
  }
  return file;
}

/** A deployment whose number mode shows no light (its checks list none there). */
function numberWithoutLight(): ChecksFile {
  const file = checksWithLight();
  for (const section of ["live", "will"] as const) file[section]["1"] = file[section]["1"].filter((name) => name !== "light");
  return file;
}

const SILENT: Partial<CreateOrderRequest> = { liveType: "3", actions: undefined };
const ACTION: Partial<CreateOrderRequest> = { liveType: "2", actions: ["2"] };
const NUMBER: Partial<CreateOrderRequest> = { liveType: "1", actions: undefined };
const SHOWN = [
  { index: 0, atMs: 40 },
  { index: 1, atMs: 520 },
];

let dir: string;
let face: Buffer;
/** Another recording (the same one sent again would be answered as a retry of the first). */
let otherFace: Buffer;
beforeAll(async () => {
  dir = await makeTempDir();
  const video = { imageRgba: faceFrameRgba({ width: 640, height: 480 }) };
  face = await readFile(await makeClip({ dir, name: "face", video, audio: "sine", seconds: 3, container: "webm-vp8", fps: 20 }));
  otherFace = await readFile(await makeClip({ dir, name: "other", video, audio: "sine", seconds: 2.5, container: "webm-vp8", fps: 20 }));
}, 120_000);
afterAll(() => removeTempDir(dir));

async function loggedIn(service: Service, extra: Partial<CreateOrderRequest>) {
  const created = await service.partner.createOrder(orderRequest(service, extra));
  const browser = new Browser(service.baseUrl);
  expect((await browser.login(launchParams(created.launchUrl))).status).toBe(200);
  return { created, browser };
}

async function drawLight(browser: Browser): Promise<LightChallenge> {
  const res = await browser.request("GET", "/api/v1/light");
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return lightResponseSchema.parse(res.json).light;
}

describe("the light challenge in a light mode", () => {
  let service: Service;
  let runner: ManualRunner;
  beforeAll(async () => {
    runner = manualRunner(8);
    service = await startService({ verificationRunner: runner, checks: checksWithLight() });
  });
  afterAll(() => service.close());

  it("the config asks the page for light and names number mode as the alternative, in number mode too", async () => {
    const { browser } = await loggedIn(service, SILENT);
    expect(orderConfigSchema.parse((await browser.request("GET", "/api/v1/config")).json).light).toEqual({ required: true, alternative: "1" });
    const number = await loggedIn(service, NUMBER);
    expect(orderConfigSchema.parse((await number.browser.request("GET", "/api/v1/config")).json).light).toEqual({ required: true, alternative: "1" });
    // Will mode reading digits (will.1) too.
    const willNumber = await loggedIn(service, { ...NUMBER, will: { question: "您是否同意？" } });
    expect(orderConfigSchema.parse((await willNumber.browser.request("GET", "/api/v1/config")).json).light).toEqual({ required: true, alternative: "1" });
  });

  it("draws a fresh sequence each time; a second draw abandons the first attempt, whose sequence no longer counts", async () => {
    const { created, browser } = await loggedIn(service, SILENT);
    const first = await drawLight(browser);
    const second = await drawLight(browser);
    expect(second).not.toEqual(first);
    const attempts = await inspectStore(service, (store) => store.attempts.list(created.orderNo));
    expect(attempts.map((a) => [a.status, a.light])).toEqual([
      ["abandoned", first],
      ["pending", second],
    ]);
  });

  it("refuses a recording without a drawn sequence (409 LIGHT_REQUIRED), and each sequence answers one recording", async () => {
    const { browser } = await loggedIn(service, SILENT);
    const early = await browser.upload(await uploadForm(face));
    expect(early.status).toBe(409);
    expect(errorCode(early)).toBe("LIGHT_REQUIRED");
    await drawLight(browser);
    const before = runner.started.length;
    expect((await browser.upload(await uploadForm(face, { tamper: (p) => void (p.meta.light = SHOWN) }))).status).toBe(200);
    const job = await runner.nth(before);
    job.resolve(verdict("1029"));
    await expect.poll(async () => (await browser.request("GET", "/api/v1/attempts/1")).json).toMatchObject({ state: "judged" });
    const reused = await browser.upload(await uploadForm(otherFace));
    expect(errorCode(reused)).toBe("LIGHT_REQUIRED");
  });

  it("the job judges the sequence the service drew, with the page's times only as an anchor; the page cannot send a sequence", async () => {
    const { browser } = await loggedIn(service, ACTION);
    const light = await drawLight(browser);
    const forged = await browser.upload(
      await uploadForm(face, { tamper: (p) => Object.assign(p.meta, { light: SHOWN, lightChallenge: { segments: [{ color: "white", ms: 700 }] } }) }),
    );
    expect(forged.status).toBe(400);
    const before = runner.started.length;
    expect((await browser.upload(await uploadForm(face, { tamper: (p) => void (p.meta.light = SHOWN) }))).status).toBe(200);
    const { input } = await runner.nth(before);
    expect(input.ask).toMatchObject({ liveType: "2", actions: ["2"], digits: null, light, lightShown: SHOWN });
  });

  it("the alternative route opens a number-mode attempt for a light mode: digits, no light, judged as number mode", async () => {
    const { created, browser } = await loggedIn(service, ACTION);
    const plain = await browser.request("GET", "/api/v1/digits");
    expect(errorCode(plain)).toBe("WRONG_MODE");
    const res = await browser.request("GET", "/api/v1/digits?route=lightAlternative");
    expect(res.status).toBe(200);
    const { digits } = res.json as { digits: string };
    const before = runner.started.length;
    expect((await browser.upload(await uploadForm(face, { durationMs: 3000 }))).status).toBe(200);
    const { input } = await runner.nth(before);
    expect(input.ask).toMatchObject({ liveType: "1", actions: [], digits, light: null, lightShown: [] });
    const [attempt] = await inspectStore(service, (store) => store.attempts.list(created.orderNo));
    expect(attempt).toMatchObject({ liveType: "1", digits, light: null });
  });

  it("a stream of a light mode needs the sequence too, and carries it with the end's times", async () => {
    const { created, browser } = await loggedIn(service, { ...SILENT, launch: { ws_mode_switch: "1" } });
    const refused = await connectStream(service, browser);
    refused.send({ type: "start", orderNo: created.orderNo });
    expect(await refused.next("progress")).toMatchObject({ type: "error", code: "LIGHT_REQUIRED" });
    refused.close();

    const light = await drawLight(browser);
    const c = await connectStream(service, browser);
    c.send({ type: "start", orderNo: created.orderNo });
    expect(await c.next("progress")).toMatchObject({ step: "ready" });
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(3000, 7), Buffer.from([0xff, 0xd9])]);
    for (let seq = 0; seq < 3; seq++) {
      c.send({ type: "frame", seq, jpeg: jpeg.toString("base64") });
      await c.next("ack");
    }
    const before = runner.started.length;
    c.send({ type: "end", light: SHOWN });
    expect(await c.next("verifying")).toMatchObject({ type: "verifying" });
    const { input } = await runner.nth(before);
    expect(input.ask).toMatchObject({ liveType: "3", light, lightShown: SHOWN });
  });
});

describe("number mode showing light too", () => {
  let service: Service;
  let runner: ManualRunner;
  beforeAll(async () => {
    runner = manualRunner(4);
    service = await startService({ verificationRunner: runner, checks: checksWithLight() });
  });
  afterAll(() => service.close());

  it("the light joins the digits' attempt; the job asks for both", async () => {
    const { created, browser } = await loggedIn(service, NUMBER);
    const early = await browser.request("GET", "/api/v1/light");
    expect(errorCode(early)).toBe("DIGITS_REQUIRED");
    const { digits } = (await browser.request("GET", "/api/v1/digits")).json as { digits: string };
    const withoutLight = await browser.upload(await uploadForm(face));
    expect(errorCode(withoutLight)).toBe("LIGHT_REQUIRED");
    const light = await drawLight(browser);
    expect((await inspectStore(service, (store) => store.attempts.list(created.orderNo))).filter((a) => a.status === "pending")).toMatchObject([{ digits, light }]);
    const before = runner.started.length;
    expect((await browser.upload(await uploadForm(otherFace, { tamper: (p) => void (p.meta.light = SHOWN) }))).status).toBe(200);
    const { input } = await runner.nth(before);
    expect(input.ask).toMatchObject({ liveType: "1", digits, light, lightShown: SHOWN, lightAlternative: false });
  });

  it("its alternative is number mode judged without the light: fresh digits, an attempt that says so, and no light joins it", async () => {
    const { created, browser } = await loggedIn(service, NUMBER);
    const plain = ((await browser.request("GET", "/api/v1/digits")).json as { digits: string }).digits;
    const res = await browser.request("GET", "/api/v1/digits?route=lightAlternative");
    expect(res.status).toBe(200);
    const { digits } = res.json as { digits: string };
    expect((await inspectStore(service, (store) => store.attempts.list(created.orderNo))).map((a) => [a.status, a.digits, a.liveType])).toEqual([
      ["abandoned", plain, null],
      ["pending", digits, "1"],
    ]);
    // A light drawn now does not make the opt-out attempt a light one: it opens its own with the same digits.
    const light = await drawLight(browser);
    const attempts = await inspectStore(service, (store) => store.attempts.list(created.orderNo));
    expect(attempts.map((a) => [a.status, a.liveType, a.light === null ? null : "light"])).toEqual([
      ["abandoned", null, null],
      ["abandoned", "1", null],
      ["pending", null, "light"],
    ]);
    // The opt-out again, and its recording is asked of without the light, as the opt-out.
    const again = ((await browser.request("GET", "/api/v1/digits?route=lightAlternative")).json as { digits: string }).digits;
    const before = runner.started.length;
    expect((await browser.upload(await uploadForm(face, { durationMs: 3000 }))).status).toBe(200);
    const { input } = await runner.nth(before);
    expect(input.ask).toMatchObject({ liveType: "1", digits: again, light: null, lightShown: [], lightAlternative: true });
    expect(light).not.toBeNull();
  });
});

describe("the alternative route where there is none", () => {
  it("is refused for an order whose mode shows no light, and for a light mode whose definitions name no alternative", async () => {
    const limits = loadCaptureLimits();
    const service = await startService({ verificationRunner: manualRunner(), checks: numberWithoutLight(), limits: { ...limits, light: { ...limits.light, alternative: { "1": "1", "2": "1" } } } });
    try {
      const noLight = await loggedIn(service, NUMBER);
      expect(orderConfigSchema.parse((await noLight.browser.request("GET", "/api/v1/config")).json).light).toEqual({ required: false, alternative: null });
      expect(errorCode(await noLight.browser.request("GET", "/api/v1/light"))).toBe("WRONG_MODE");
      expect(errorCode(await noLight.browser.request("GET", "/api/v1/digits?route=lightAlternative"))).toBe("WRONG_MODE");
      const silent = await loggedIn(service, SILENT);
      expect(orderConfigSchema.parse((await silent.browser.request("GET", "/api/v1/config")).json).light).toEqual({ required: true, alternative: null });
      expect(errorCode(await silent.browser.request("GET", "/api/v1/digits?route=lightAlternative"))).toBe("WRONG_MODE");
      const action = await loggedIn(service, ACTION);
      expect((await action.browser.request("GET", "/api/v1/digits?route=lightAlternative")).status).toBe(200);
    } finally {
      await service.close();
    }
  });

  it("bounds the draws per order (capture.json light.maxDraws)", async () => {
    const limits = loadCaptureLimits();
    const service = await startService({ verificationRunner: manualRunner(), checks: checksWithLight(), limits: { ...limits, light: { ...limits.light, maxDraws: 3 } } });
    try {
      const { browser } = await loggedIn(service, SILENT);
      for (let i = 0; i < 3; i++) await drawLight(browser);
      const refused = await browser.request("GET", "/api/v1/light");
      expect(refused.status).toBe(429);
      expect(errorCode(refused)).toBe("RATE_LIMITED");
    } finally {
      await service.close();
    }
  });
});
