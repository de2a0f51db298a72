/**
 * Uploads with face guidance: the `guidance` report in meta and the evidence `frame` parts,
 * accepted and refused, judged by an injected analyzer, then by the real one on pictures made
 * at test time (a face; a plain pattern).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attemptOutcomeSchema, orderConfigSchema, resultResponseSchema, type CreateOrderRequest, type UploadGuidance } from "../../schemas/api";
import type { FaceAnalyzer } from "../../src/server/face/faceAnalyzer";
import type { FrameObservation } from "../../src/face/types";
import { loadCaptureLimits } from "../../src/server/limits";
import { buildWebm } from "../media/fixtures";
import { faceJpeg, plainJpeg } from "../fixtures/faceImage";
import { frameOf, syntheticFace } from "../face/syntheticFace";
import { Browser, errorCode, launchParams, orderRequest, startService, uploadForm, type Service } from "./harness";

const { maxFrames, maxFrameBytes } = loadCaptureLimits().face.evidence;
const webm = () => buildWebm({ frameBytes: 600, durationMs: 2000 });
/** Silent mode: face, liveness and steady checks, and a 1-5 s recording. */
const SILENT: Partial<CreateOrderRequest> = { liveType: "3", actions: undefined };
/** 13 frames at 8 fps: 1.5 s, long enough for silent mode's steady second. */
const TIMES = Array.from({ length: 13 }, (_, i) => i * 125);

function report(evidenceAtMs: number[], overrides: Partial<UploadGuidance> = {}): UploadGuidance {
  return {
    status: "on",
    reason: null,
    frames: 24,
    medianFrameMs: 48.5,
    hints: { tooDark: 0, noFace: 3, manyFaces: 0, tooFar: 2, tooClose: 0, offCentre: 1, ok: 18 },
    done: true,
    evidenceAtMs,
    ...overrides,
  };
}

type FramePart = Buffer | { bytes: Buffer; type: string };

/** An upload form with the guidance report (unless null) and the frame parts. */
async function guidedForm(guidance: UploadGuidance | null, frames: FramePart[]): Promise<FormData> {
  const form = await uploadForm(webm(), { tamper: (p) => void (guidance && (p.meta.guidance = guidance)) });
  frames.forEach((frame, i) => {
    const { bytes, type } = Buffer.isBuffer(frame) ? { bytes: frame, type: "image/jpeg" } : frame;
    form.append("frame", new Blob([new Uint8Array(bytes)], { type }), `frame${i}.jpg`);
  });
  return form;
}

/** Answers a still single face for every frame; keeps what it was given. */
function recordingAnalyzer(): FaceAnalyzer & { seen: { atMs: number; bytes: Buffer }[] } {
  const seen: { atMs: number; bytes: Buffer }[] = [];
  return {
    seen,
    async analyze(jpeg, atMs): Promise<FrameObservation> {
      seen.push({ atMs, bytes: Buffer.from(jpeg) });
      return frameOf(atMs, [syntheticFace({ real: 0.87, live: 0.95 })]);
    },
  };
}

const analyzer = recordingAnalyzer();
let service: Service;
beforeAll(async () => {
  service = await startService({ faceAnalyzer: analyzer });
});
afterAll(() => service.close());

async function loggedIn(on: Service, extra: Partial<CreateOrderRequest> = SILENT) {
  const created = await on.partner.createOrder(orderRequest(on, extra));
  const browser = new Browser(on.baseUrl);
  expect((await browser.login(launchParams(created.launchUrl))).status).toBe(200);
  return { created, browser };
}

describe("upload with evidence frames", () => {
  it("analyses each frame at its reported time, judges it, and keeps the device's report with the attempt", async () => {
    const { created, browser } = await loggedIn(service);
    const config = orderConfigSchema.parse((await browser.request("GET", "/api/v1/config")).json);
    expect(config.guidance).toBe(true);
    const frames = TIMES.map((t) => faceJpeg({ offsetX: t / 100 }, 70));
    const guidance = report(TIMES);
    analyzer.seen.length = 0;
    const res = await browser.upload(await guidedForm(guidance, frames));
    expect(res.status).toBe(200);
    const outcome = attemptOutcomeSchema.parse(res.json);
    expect(outcome).toMatchObject({ passed: true, code: "0", finished: true });
    expect(outcome.checks.map((c) => c.name)).toEqual(expect.arrayContaining(["face", "liveness", "steady"]));
    expect(analyzer.seen.map((s) => s.atMs)).toEqual(TIMES);
    expect(analyzer.seen.every((s, i) => s.bytes.equals(frames[i] as Buffer))).toBe(true);

    const result = resultResponseSchema.parse((await browser.request("GET", "/api/v1/result")).json);
    expect(result.payload.liveRate).toBe("87");
    expect(result.payload.faceCode).toBeUndefined(); // will mode only (spec §3)
    const view = await service.partner.getOrder(created.orderNo);
    expect(view.guidance).toBe(true);
    expect(view.attempts[0]?.guidance).toEqual(guidance);
    expect(view.attempts[0]).toMatchObject({ liveRate: 87, faceCode: "0" });
  });

  it("an upload without report or frames still passes, its face check saying it was not checked", async () => {
    const { created, browser } = await loggedIn(service);
    const outcome = attemptOutcomeSchema.parse((await browser.upload(await uploadForm(webm()))).json);
    expect(outcome.passed).toBe(true);
    expect(outcome.checks.find((c) => c.name === "face")?.detail).toMatch(/^Not checked: the upload carried no face guidance report/);
    expect((await service.partner.getOrder(created.orderNo)).attempts[0]).toMatchObject({ guidance: null, faceCode: null });
  });

  it("the device's 'unavailable' report is stored and the face check says why nothing was checked", async () => {
    const { created, browser } = await loggedIn(service);
    const guidance = report([], { status: "unavailable", reason: "wasm", frames: 0, medianFrameMs: null, done: false });
    const outcome = attemptOutcomeSchema.parse((await browser.upload(await guidedForm(guidance, []))).json);
    expect(outcome.checks.find((c) => c.name === "face")?.detail).toMatch(/device could not run face analysis \(wasm: WebAssembly is unavailable\)/);
    expect((await service.partner.getOrder(created.orderNo)).attempts[0]?.guidance).toEqual(guidance);
  });

  it("an order with guidance off: the config says so and the frames are not analysed", async () => {
    const { created, browser } = await loggedIn(service, { ...SILENT, guidance: false });
    expect(orderConfigSchema.parse((await browser.request("GET", "/api/v1/config")).json).guidance).toBe(false);
    analyzer.seen.length = 0;
    const outcome = attemptOutcomeSchema.parse((await browser.upload(await guidedForm(report([0]), [faceJpeg()]))).json);
    expect(analyzer.seen).toEqual([]);
    expect(outcome.checks.find((c) => c.name === "face")?.detail).toMatch(/partner turned face guidance off/);
    expect((await service.partner.getOrder(created.orderNo)).guidance).toBe(false);
  });
});

describe("refused frame parts", () => {
  const refusal = async (form: FormData, status: number, code: string, message?: RegExp) => {
    const { created, browser } = await loggedIn(service);
    const res = await browser.upload(form);
    expect({ status: res.status, code: errorCode(res) }).toEqual({ status, code });
    if (message) expect((res.json as { message: string }).message).toMatch(message);
    // Refused before an attempt was opened: nothing recorded, nothing used up.
    expect((await service.partner.getOrder(created.orderNo)).attempts).toEqual([]);
  };
  const jpeg = faceJpeg({}, 60);

  it("more than face.evidence.maxFrames frames", async () => {
    const times = Array.from({ length: maxFrames + 1 }, (_, i) => i * 50);
    await refusal(await guidedForm(report(times), times.map(() => jpeg)), 400, "FRAMES_TOO_MANY", new RegExp(`${maxFrames} frame parts`));
  });

  it("a frame above face.evidence.maxFrameBytes", async () => {
    const big = Buffer.concat([jpeg.subarray(0, -2), Buffer.alloc(maxFrameBytes), jpeg.subarray(-2)]);
    await refusal(await guidedForm(report([0, 100]), [jpeg, big]), 413, "FRAME_TOO_LARGE", /frame 2 is \d+ bytes/);
  });

  it("frame count and evidenceAtMs disagree, or frames come without a report", async () => {
    await refusal(await guidedForm(report([0, 100, 200]), [jpeg, jpeg]), 400, "FRAMES_MISMATCH", /2 frame parts sent, but meta.guidance.evidenceAtMs lists 3/);
    await refusal(await guidedForm(report([0]), []), 400, "FRAMES_MISMATCH");
    await refusal(await guidedForm(null, [jpeg]), 400, "FRAMES_MISMATCH", /no guidance report/);
  });

  it("a frame that is not a JPEG, by type or by content, or sent as text", async () => {
    await refusal(await guidedForm(report([0]), [{ bytes: jpeg, type: "image/png" }]), 400, "FRAME_NOT_JPEG");
    const png = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");
    await refusal(await guidedForm(report([0]), [{ bytes: png, type: "image/jpeg" }]), 400, "FRAME_NOT_JPEG");
    await refusal(await guidedForm(report([0]), [{ bytes: jpeg.subarray(0, -2), type: "image/jpeg" }]), 400, "FRAME_NOT_JPEG");
    const text = await guidedForm(report([0]), []);
    text.append("frame", "/9j/4AAQ");
    await refusal(text, 400, "FRAME_NOT_JPEG", /text field/);
  });

  it("a malformed report", async () => {
    await refusal(await guidedForm(report([], { status: "unavailable", reason: null }), []), 400, "BAD_REQUEST", /reason/);
    const { hints: _hints, ...noHints } = report([]);
    await refusal(await guidedForm(noHints as UploadGuidance, []), 400, "BAD_REQUEST", /hints/);
  });
});

describe("the real analyzer behind the upload", () => {
  let real: Service;
  beforeAll(async () => {
    real = await startService();
  });
  afterAll(() => real.close());

  it("finds the face on the photo's frames and passes face, liveness and steady on real scores", async () => {
    const { browser } = await loggedIn(real);
    const res = await browser.upload(await guidedForm(report(TIMES), TIMES.map(() => faceJpeg({}, 70))));
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const outcome = attemptOutcomeSchema.parse(res.json);
    expect(outcome.checks.filter((c) => ["face", "liveness", "steady"].includes(c.name)).map((c) => [c.name, c.passed])).toEqual([
      ["face", true],
      ["liveness", true],
      ["steady", true],
    ]);
    expect(outcome).toMatchObject({ passed: true, code: "0" });
    const result = resultResponseSchema.parse((await browser.request("GET", "/api/v1/result")).json);
    expect(Number(result.payload.liveRate)).toBeGreaterThanOrEqual(60);
    expect(Number(result.payload.liveRate)).toBeLessThan(100);
  }, 60_000);

  it("finds no face on the plain pattern's frames and fails with the no-face code", async () => {
    const { created, browser } = await loggedIn(real);
    const outcome = attemptOutcomeSchema.parse((await browser.upload(await guidedForm(report([0, 500, 1000]), [plainJpeg(), plainJpeg(), plainJpeg()]))).json);
    expect(outcome).toMatchObject({ passed: false, code: "1015" });
    expect(outcome.checks.find((c) => c.name === "face")?.detail).toMatch(/^No face in 3 of the 3 evidence frames/);
    expect((await real.partner.getOrder(created.orderNo)).attempts[0]).toMatchObject({ status: "failed", code: "1015", faceCode: "1015", liveRate: 0 });
  }, 60_000);
});
