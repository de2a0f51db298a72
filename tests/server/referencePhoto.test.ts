/**
 * The partner's reference photo: checked to be a JPEG or PNG within its size limit when the
 * order is created, then compared by the verification workers with the faces of the
 * recording. Same face: `similarity` (0-100) and faceCode "0"; another person: 1024; a photo
 * without a face: 1025. Faces come from @vladmandic/face-api's sample6.jpg (four people): the
 * recording shows the one tests/fixtures/faceImage.ts crops, the "other person" is the woman
 * on the right of the same picture. A still photo's recording cannot pass any more (frozen,
 * light): the matches are judged on the SYNTHETIC live subject (tests/fixtures/synth) answering
 * its attempt's light, against a portrait rendered of the same synthetic person (a crop of the
 * demo photo person6 is made from was not matched to person6's takes: 1024).
 */
import { readFile } from "node:fs/promises";
import { deflateSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CreateOrderRequest } from "../../schemas/api";
import { encodeJpeg, faceFrameRgba, sampleImage, type RgbaImage } from "../fixtures/faceImage";
import { makeClip, makeTempDir, removeTempDir } from "../fixtures/mediaMaker";
import { subjectPortrait, synthTake, takeUpload } from "../fixtures/synthTake";
import jpeg from "jpeg-js";
import { awaitVerdict, Browser, checkNames, inspectStore, launchParams, orderRequest, startService, uploadForm, type Service } from "./harness";

/** Face boxes in sample6.jpg (1920x1537): the one the recordings show, and the woman on the right. */
const RECORDED_FACE = { x: 586, y: 299, side: 385 };
const OTHER_FACE = { x: 1480, y: 270, side: 230 };

/** A square photo of `box` and its surroundings (1.6 face widths), `size` pixels a side: an ID-photo-like crop. */
function cropFace(box: { x: number; y: number; side: number }, size = 480): RgbaImage {
  const src = sampleImage();
  const span = box.side * 1.6;
  const left = box.x + box.side / 2 - span / 2;
  const top = box.y + box.side / 2 - span / 2;
  const data = new Uint8Array(size * size * 4);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const sx = Math.min(src.width - 1, Math.max(0, Math.round(left + (x * span) / size)));
      const sy = Math.min(src.height - 1, Math.max(0, Math.round(top + (y * span) / size)));
      data.set(src.data.subarray((sy * src.width + sx) * 4, (sy * src.width + sx) * 4 + 4), (y * size + x) * 4);
    }
  }
  return { width: size, height: size, data };
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([head, body, crc]);
}
/** RGBA pixels as a PNG (8-bit RGBA, no filtering). */
function encodePng(image: RgbaImage): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(image.width, 0);
  header.writeUInt32BE(image.height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const stride = image.width * 4;
  const raw = Buffer.alloc((stride + 1) * image.height);
  for (let y = 0; y < image.height; y++) raw.set(image.data.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk("IHDR", header), pngChunk("IDAT", deflateSync(raw)), pngChunk("IEND", Buffer.alloc(0))]);
}

/** Noise: no face in it. Deterministic, so a failure reproduces. */
function noise(width: number, height: number): RgbaImage {
  const data = new Uint8Array(width * height * 4);
  let s = 12345;
  for (let i = 0; i < data.length; i++) {
    s = (s * 1103515245 + 12345) >>> 0;
    data[i] = i % 4 === 3 ? 255 : s >>> 24;
  }
  return { width, height, data };
}

let service: Service;
let dir: string;
let recording: Buffer;
beforeAll(async () => {
  dir = await makeTempDir();
  recording = await readFile(await makeClip({ dir, video: { imageRgba: faceFrameRgba({ width: 640, height: 480 }) }, audio: "sine", seconds: 3, container: "webm-vp8", fps: 20 }));
  service = await startService({ verifyWorkers: 1 });
}, 300_000);
afterAll(async () => {
  await service?.close();
  await removeTempDir(dir);
});

/**
 * A silent-mode order with this photo (one attempt, so its verdict is signed), its light fetched,
 * then the face recording (or, `live`, the SYNTHETIC subject answering that light) uploaded and judged.
 */
let seed = 8301;
async function judgeWith(photo: Buffer, live = false) {
  const created = await service.partner.createOrder(
    orderRequest(service, { liveType: "3", actions: undefined, maxAttempts: 1, referencePhoto: photo.toString("base64") }),
  );
  const browser = new Browser(service.baseUrl);
  await browser.login(launchParams(created.launchUrl));
  const challenge = await browser.light();
  const take = live ? await synthTake({ dir, mode: "silent", challenge, seed: seed++ }) : null;
  const form = take ? await uploadForm(take.bytes, takeUpload(take)) : await uploadForm(recording);
  const judged = await awaitVerdict(browser, (await browser.upload(form)).json);
  const { payload } = (await browser.request("GET", "/api/v1/result")).json as { payload: Record<string, string | undefined> };
  expect(service.partner.verifyReturn(payload as Record<string, string>).valid).toBe(true);
  const attempt = await inspectStore(service, async (store) => (await store.attempts.list(created.orderNo))[0]);
  return { created, judged, payload, attempt };
}

describe("reference photo", () => {
  it("of the same person (JPEG; the SYNTHETIC live subject): similarity 0-100 in the attempt and the signed result, faceCode 0", async () => {
    const photo = await subjectPortrait({ dir, seed: 8401 });
    const { judged, payload, attempt } = await judgeWith(photo, true);
    expect(judged.outcome).toMatchObject({ passed: true, code: "0" });
    expect(checkNames(judged)).toContain("reference");
    expect(payload).toMatchObject({ code: "0", faceCode: "0" });
    const similarity = Number(payload.similarity);
    expect(similarity).toBeGreaterThanOrEqual(60);
    expect(similarity).toBeLessThanOrEqual(100);
    expect(attempt?.similarity).toBe(similarity);
    expect(attempt?.faceCode).toBe("0");
  }, 300_000);

  it("of the same person as a PNG, of ordinary size (a few hundred KB; the SYNTHETIC live subject): taken and matched", async () => {
    const portrait = jpeg.decode(await subjectPortrait({ dir, seed: 8402, width: 960, height: 720 }), { useTArray: true, formatAsRGBA: true });
    const photo = encodePng({ width: portrait.width, height: portrait.height, data: portrait.data });
    expect(photo.length).toBeGreaterThan(200_000);
    const { judged, payload } = await judgeWith(photo, true);
    expect(judged.outcome).toMatchObject({ passed: true, code: "0" });
    expect(Number(payload.similarity)).toBeGreaterThanOrEqual(60);
  }, 300_000);

  it("of another person: 1024, with the low similarity reported", async () => {
    const { judged, payload, attempt } = await judgeWith(encodeJpeg(cropFace(OTHER_FACE), 90));
    expect(judged.outcome).toMatchObject({ passed: false, code: "1024", finished: true });
    expect(judged.outcome.checks.find((c) => c.name === "reference")).toMatchObject({ passed: false });
    // The recording itself is fine: only the comparison fails.
    for (const name of ["face", "identity", "liveness", "steady"]) expect(judged.outcome.checks.find((c) => c.name === name)?.passed).toBe(true);
    expect(payload).toMatchObject({ code: "1024", faceCode: "1024" });
    expect(Number(payload.similarity)).toBeLessThan(60);
    expect(attempt?.similarity).toBe(Number(payload.similarity));
  }, 60_000);

  it("without a face (a PNG of random pixels): 1025, the photo unusable", async () => {
    const { judged, payload } = await judgeWith(encodePng(noise(200, 200)));
    expect(judged.outcome).toMatchObject({ passed: false, code: "1025" });
    expect(payload).toMatchObject({ code: "1025", faceCode: "1025" });
    expect(payload.similarity).toBeUndefined();
  }, 60_000);

  it("that is not a JPEG or PNG, or too large, is refused at order creation with REFERENCE_PHOTO_INVALID", async () => {
    const create = (photo: Buffer) =>
      service.partner.createOrder(orderRequest(service, { liveType: "3", actions: undefined, referencePhoto: photo.toString("base64") } satisfies Partial<CreateOrderRequest>));
    const orders = () => inspectStore(service, (store) => store.sql.get("SELECT COUNT(*) AS n FROM orders"));
    const before = await orders();
    const gif = Buffer.concat([Buffer.from("GIF89a", "latin1"), Buffer.alloc(2000, 1)]);
    await expect(create(gif)).rejects.toMatchObject({ status: 400, code: "REFERENCE_PHOTO_INVALID" });
    // JPEG magic, but over verification.reference.maxBytes (2 MiB).
    const huge = Buffer.concat([encodeJpeg(cropFace(RECORDED_FACE, 64)), Buffer.alloc(2 * 1024 * 1024 + 1000, 0)]);
    await expect(create(huge)).rejects.toMatchObject({ status: 400, code: "REFERENCE_PHOTO_INVALID" });
    // Empty, or not base64 at all: the request schema refuses it (the partner kit already does).
    await expect(create(Buffer.alloc(0))).rejects.toMatchObject({ code: "BAD_REQUEST" });
    const notBase64 = { ...orderRequest(service, { liveType: "3", actions: undefined }), referencePhoto: "not base64!" };
    await expect(service.partner.createOrder(notBase64)).rejects.toMatchObject({ code: "BAD_REQUEST" });
    // Nothing refused became an order.
    expect(await orders()).toEqual(before);
  });
});
