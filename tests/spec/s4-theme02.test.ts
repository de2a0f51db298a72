/**
 * Spec §4: "Action and silent are off for theme 02." The page turns an action or silent
 * launch with theme 02 into number mode (liveModeOf); the service must judge the same mode:
 * serve digits and judge the recording as a number-mode one, not refuse it as the wrong mode.
 */
import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderConfigSchema } from "../../schemas/api";
import { launchParamsSchema } from "../../schemas/launch";
import { judgedLiveType, liveModeOf } from "../../src/domain/modes";
import { faceFrameRgba } from "../fixtures/faceImage";
import { makeClip, makeTempDir, removeTempDir } from "../fixtures/mediaMaker";
import { awaitVerdict, Browser, checkNames, launchParams, orderRequest, startService, uploadForm, type Service } from "../server/harness";

let service: Service;
let dir: string;
let recording: Buffer;

beforeAll(async () => {
  dir = await makeTempDir();
  const face = { imageRgba: faceFrameRgba({ width: 640, height: 480 }) };
  recording = await readFile(await makeClip({ dir, name: "face", video: face, audio: "silence", seconds: 3, container: "webm-vp8", fps: 20 }));
  service = await startService({ verifyWorkers: 1 });
}, 180_000);
afterAll(async () => {
  await service?.close();
  await removeTempDir(dir);
});

describe("spec §4: action and silent are off for theme 02", () => {
  it("one rule for page and service: theme 02 judges number whatever the live type", () => {
    expect(judgedLiveType("2", "02")).toBe("1");
    expect(judgedLiveType("3", "02")).toBe("1");
    expect(judgedLiveType("2", "03")).toBe("2");
    expect(liveModeOf(launchParamsSchema.parse({ live_type: "2", theme: "02" }))).toBe("number");
  });

  it("an action order with theme 02 serves digits and judges a number-mode upload", async () => {
    const created = await service.partner.createOrder(orderRequest(service, { liveType: "2", actions: ["2"], theme: "02" }));
    const params = launchParams(created.launchUrl);
    // The page reads the launch and shows number mode.
    expect(liveModeOf(launchParamsSchema.parse(params))).toBe("number");
    const browser = new Browser(service.baseUrl);
    expect((await browser.login(params)).status).toBe(200);
    const config = orderConfigSchema.parse((await browser.request("GET", "/api/v1/config")).json);
    expect(config.liveType).toBe("1");
    expect(config.limits.durationMs).toMatchObject({ min: 2000, max: 5000 });

    const digits = await browser.request("GET", "/api/v1/digits");
    expect(digits.status, JSON.stringify(digits.json)).toBe(200);
    expect((digits.json as { digits: string }).digits).toMatch(/^\d{4}$/);

    // Number mode shows the light (flows/checks.json), joined to the digits' attempt.
    expect((await browser.request("GET", "/api/v1/light")).status).toBe(200);
    const upload = await browser.upload(await uploadForm(recording));
    expect(upload.status, JSON.stringify(upload.json)).toBe(200);
    const judged = await awaitVerdict(browser, upload.json);
    // Judged as number mode: the digits' checks ran, no action check; nobody read the digits.
    expect(checkNames(judged)).toContain("voice");
    expect(checkNames(judged)).not.toContain("actions");
    expect(judged.outcome.checks.find((c) => c.name === "voice")).toMatchObject({ passed: false });
    // A still photo: the looped still (frozen, 1033) is the first failure.
    expect(judged.outcome).toMatchObject({ passed: false, code: "1033" });

    // The partner still sees the live type it asked for.
    expect((await service.partner.getOrder(created.orderNo)).liveType).toBe("2");
  }, 120_000);
});
