/**
 * `POST /api/v1/upload` with real recordings made by ffmpeg at test time, judged by the real
 * worker pool: the upload answers `verifying` at once and the page follows the attempt with
 * the long poll. Every refusal before verification has its own 4xx code and uses up no attempt;
 * a retried upload answers the same attempt. Silent mode shows light: every upload answers a
 * light challenge fetched first (GET /api/v1/light), as the page does; a refused upload ends its
 * attempt, so the next one fetches a fresh light. A pass is asserted only of the SYNTHETIC live
 * subject (tests/fixtures/synthTake.ts) answering that attempt's own light, one fresh take per
 * pass; the still photo clips stay for the plumbing (refused before they are judged) and fail.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attemptStateSchema, orderConfigSchema, resultResponseSchema, type CreateOrderRequest } from "../../schemas/api";
import { messageIdOf } from "../../src/domain/scramble";
import { faceFrameRgba } from "../fixtures/faceImage";
import { makeClip, makeTempDir, removeTempDir, type ClipOptions } from "../fixtures/mediaMaker";
import { synthTake, takeUpload, type SynthTake, type SynthTakeOptions } from "../fixtures/synthTake";
import { awaitVerdict, Browser, checkNames, errorCode, launchParams, orderRequest, startService, uploadForm, type Service } from "./harness";
import { expectRanInOrder, shippedChecks } from "./verify/shippedChecks";

const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1";
const SILENT: Partial<CreateOrderRequest> = { liveType: "3", actions: undefined };

let service: Service;
let dir: string;
/** The recordings, made once for the file (each a real file ffmpeg wrote). */
const clip: Record<string, Buffer> = {};

beforeAll(async () => {
  dir = await makeTempDir();
  const face = { imageRgba: faceFrameRgba({ width: 640, height: 480 }) };
  const bigFace = { imageRgba: faceFrameRgba({ width: 1280, height: 960 }) };
  const specs: Record<string, Omit<ClipOptions, "dir">> = {
    // A still photo of one face, 3 s with a tone (about 90 KB): what the plumbing tests send; judged, it fails as a looped still (1033).
    face: { video: face, audio: "sine", seconds: 3, container: "webm-vp8", fps: 20 },
    faceSilence: { video: face, audio: "silence", seconds: 3, container: "webm-vp8", fps: 20 },
    faceMute3: { video: face, audio: null, seconds: 3, container: "webm-vp8", fps: 20 },
    faceMute4: { video: face, audio: null, seconds: 4, container: "webm-vp8", fps: 20 },
    // ffmpeg's test pattern: no face anywhere.
    pattern: { video: "testsrc", audio: "sine", seconds: 3, container: "webm-vp8", fps: 20 },
    // About 100 KB: under an iPhone's 150 KB minimum; the 1280x960 one is about 170 KB.
    faceMp4: { video: face, audio: "sine", seconds: 3, container: "mp4-h264", fps: 20 },
    faceMp4Big: { video: bigFace, audio: "sine", seconds: 3, container: "mp4-h264", fps: 20 },
    // WebM's codecs in a Matroska file: ffmpeg names both "matroska,webm", their DocType tells them apart.
    faceMkv: { video: face, audio: "sine", seconds: 3, container: "mkv-vp8", fps: 20 },
    tiny: { video: "testsrc", audio: null, seconds: 1, container: "webm-vp8", fps: 10, size: { width: 160, height: 120 } },
    // Over 50 KB, so that the probe (not the size) refuses them.
    short: { video: "testsrc", audio: "noise", seconds: 0.6, container: "webm-vp8", fps: 30, size: { width: 1280, height: 960 } },
    long: { video: "testsrc", audio: "sine", seconds: 6, container: "webm-vp8", fps: 20 },
    hugePicture: { video: "testsrc", audio: null, seconds: 2, container: "webm-vp8", fps: 10, size: { width: 2048, height: 1152 } },
    audioOnly: { video: null, audio: "noise", seconds: 8, container: "webm-vp8" },
  };
  await Promise.all(
    Object.entries(specs).map(async ([name, spec]) => {
      clip[name] = await readFile(await makeClip({ dir, name, ...spec }));
    }),
  );
  service = await startService({ verifyWorkers: 1 });
}, 600_000);
afterAll(async () => {
  await service?.close();
  await removeTempDir(dir);
});

async function loggedIn(extra: Partial<CreateOrderRequest> = {}, userAgent?: string) {
  const created = await service.partner.createOrder(orderRequest(service, extra));
  const browser = new Browser(service.baseUrl, userAgent);
  const res = await browser.login(launchParams(created.launchUrl));
  expect(res.status).toBe(200);
  return { created, browser };
}

/**
 * The recording with an EBML Void element of zeros at its end (which players and ffmpeg skip),
 * sized so that the last 1000 base64 characters, and so the messageId, are the same for any
 * recording: what two recordings ending in the same silent audio packets look like.
 */
function withSameTail(bytes: Buffer): Buffer {
  const payload = 1500 + ((3 - ((bytes.length + 3 + 1500) % 3)) % 3);
  return Buffer.concat([bytes, Buffer.from([0xec, 0x40 | (payload >> 8), payload & 0xff]), Buffer.alloc(payload)]);
}

/** A SYNTHETIC live take answering the light the browser fetches now (a fresh seed each: the replay check refuses reuse). */
let seed = 4100;
async function liveTake(browser: Browser, extra: Partial<SynthTakeOptions> = {}): Promise<SynthTake> {
  return synthTake({ dir, mode: "silent", challenge: await browser.light(), seed: seed++, ...extra });
}

/** Upload and expect it accepted: `verifying`, for the attempt `seq`. */
async function accepted(browser: Browser, form: FormData, seq: number) {
  const res = await browser.upload(form);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  const state = attemptStateSchema.parse(res.json);
  expect(state).toMatchObject({ state: "verifying", attempt: seq });
  return state;
}

describe("POST /api/v1/upload: happy paths", () => {
  it("silent mode WebM (SYNTHETIC live subject answering its light): answers verifying, stores the exact bytes, is judged by the service and finishes with a signed result", async () => {
    const { created, browser } = await loggedIn(SILENT);
    const take = await liveTake(browser);
    const bytes = take.bytes;
    const state = await accepted(browser, await uploadForm(bytes, { ...takeUpload(take), durationMs: 2000 }), 1);
    expect(["queued", "decoding", "analysing", "deciding"]).toContain(state.state === "verifying" ? state.step : "");
    expect(readFileSync(join(service.mediaDir, created.orderNo, "1.webm")).equals(bytes)).toBe(true);

    const judged = await awaitVerdict(browser, state);
    expect(judged.outcome).toMatchObject({ passed: true, code: "0", finished: true, attemptsLeft: 2 });
    expectRanInOrder(checkNames(judged), shippedChecks.live["3"], ["media", "duration", "size", "frameRate", "face", "identity", "liveness", "frozen", "light", "steady"]);
    // Judged: the long poll answers at once, the same.
    expect((await browser.request("GET", "/api/v1/attempts/1?waitMs=20000")).json).toEqual(judged);

    const result = resultResponseSchema.parse((await browser.request("GET", "/api/v1/result")).json);
    expect(result).toMatchObject({ orderNo: created.orderNo, state: "passed", returnUrl: `${service.baseUrl}/#/entry` });
    expect(result.payload).toMatchObject({ orderNo: created.orderNo, code: "0", h5faceId: created.h5_face_id, checks: checkNames(judged).join(",") });
    expect(result.payload.willCode).toBeUndefined();
    const query = new URLSearchParams(Object.entries(result.payload).filter((e): e is [string, string] => typeof e[1] === "string"));
    expect(service.partner.verifyReturn(`${service.baseUrl}/?${query}#/entry`)).toEqual({ valid: true, payload: result.payload });

    const view = await service.partner.getOrder(created.orderNo);
    expect(view.state).toBe("passed");
    expect(view.result).toEqual(result.payload);
    expect(view.attempts).toHaveLength(1);
    const [attempt] = view.attempts;
    expect(attempt).toMatchObject({
      seq: 1,
      channel: "upload",
      status: "passed",
      code: "0",
      verifier: "faceflow-media-checks",
      recording: { container: "webm", bytes: bytes.length },
    });
    // The service's own figures: the decoder's duration (the client declared 2000 ms), its own liveness score.
    expect(attempt?.recording?.durationMs).toBeGreaterThan(take.seconds * 1000 - 100);
    expect(attempt?.recording?.durationMs).toBeLessThan(take.seconds * 1000 + 100);
    expect(attempt?.liveRate).toBeGreaterThanOrEqual(50);
    expect(result.payload.liveRate).toBe(String(attempt?.liveRate));

    // The order is over: its launch link reads ORDER_FINISHED in a new browser, and uploads are refused.
    const again = await new Browser(service.baseUrl).login(launchParams(created.launchUrl));
    expect(again.status).toBe(409);
    expect(errorCode(again)).toBe("ORDER_FINISHED");
    const late = await browser.upload(await uploadForm(clip.pattern as Buffer));
    expect(late.status).toBe(409);
    expect(errorCode(late)).toBe("ORDER_FINISHED");
  }, 300_000);

  it("silent mode MP4 (SYNTHETIC live subject) passes too; an iPhone needs 150 KB", async () => {
    const { created, browser } = await loggedIn(SILENT, IPHONE);
    await browser.light();
    const refused = await browser.upload(await uploadForm(clip.faceMp4 as Buffer, { mimeType: "video/mp4" }));
    expect(refused.status).toBe(422);
    expect(errorCode(refused)).toBe("VIDEO_TOO_SMALL");
    // The refusal ended that attempt: the page records again, under a fresh light.
    const take = await liveTake(browser, { container: "mp4-h264" });
    expect(take.bytes.length).toBeGreaterThan(150 * 1024);
    const state = await accepted(browser, await uploadForm(take.bytes, takeUpload(take)), 2);
    expect((await awaitVerdict(browser, state)).outcome).toMatchObject({ passed: true, finished: true });
    const view = await service.partner.getOrder(created.orderNo);
    expect(view.attempts.map((a) => [a.status, a.code])).toEqual([["rejected", "VIDEO_TOO_SMALL"], ["passed", "0"]]);
    expect(view.attempts[1]?.recording).toMatchObject({ container: "mp4", mimeType: "video/mp4" });
  }, 300_000);

  it("a QuickTime file from an iPhone's camera (file input, SYNTHETIC live subject) is judged as MP4", async () => {
    const { browser } = await loggedIn(SILENT, IPHONE);
    const take = await liveTake(browser, { container: "mp4-h264" });
    const state = await accepted(browser, await uploadForm(take.bytes, { ...takeUpload(take), mimeType: "video/quicktime" }), 1);
    expect((await awaitVerdict(browser, state)).outcome).toMatchObject({ passed: true });
  }, 300_000);

  it("number mode needs digits first, and records them with the attempt", async () => {
    const { created, browser } = await loggedIn({ liveType: "1", actions: undefined });
    const early = await browser.upload(await uploadForm(clip.faceSilence as Buffer));
    expect(early.status).toBe(409);
    expect(errorCode(early)).toBe("DIGITS_REQUIRED");
    const { digits } = (await browser.request("GET", "/api/v1/digits")).json as { digits: string };
    // Number mode shows the light too (flows/checks.json): digits alone do not let a recording in.
    const unlit = await browser.upload(await uploadForm(clip.faceSilence as Buffer));
    expect(errorCode(unlit)).toBe("LIGHT_REQUIRED");
    await browser.light();
    const state = await accepted(browser, await uploadForm(clip.faceSilence as Buffer), 1);
    // A still photo: refused first as a looped still (frozen, 1033); and nobody read them: the voice check heard no voice.
    const judged = await awaitVerdict(browser, state);
    expect(judged.outcome).toMatchObject({ passed: false, code: "1033", finished: false, attemptsLeft: 2 });
    expect(judged.outcome.checks.find((c) => c.name === "voice")).toMatchObject({ passed: false });
    const view = await service.partner.getOrder(created.orderNo);
    expect(view.attempts.at(-1)).toMatchObject({ status: "failed", code: "1033", digits });
    // Digits answer one recording: the next upload needs fresh ones.
    const reused = await browser.upload(await uploadForm(clip.face as Buffer));
    expect(errorCode(reused)).toBe("DIGITS_REQUIRED");
  }, 90_000);
});

describe("POST /api/v1/upload: retries", () => {
  it("answers a retried upload (same recording) with the same attempt, judging it once; another recording with the same messageId is a new attempt", async () => {
    const { created, browser } = await loggedIn(SILENT);
    const pattern = withSameTail(clip.pattern as Buffer);
    await browser.light();
    const first = await accepted(browser, await uploadForm(pattern), 1);
    // Sent again while it is being verified (the first answer was lost): the same attempt, not a refusal.
    const retry = await browser.upload(await uploadForm(pattern, { posArr: [7, 99] }));
    expect(retry.status).toBe(200);
    expect(attemptStateSchema.parse(retry.json).attempt).toBe(1);
    const judged = await awaitVerdict(browser, first);
    expect(judged.outcome).toMatchObject({ passed: false, code: "1015", attemptsLeft: 2 });
    // And again once judged: the verdict, not a second job.
    expect((await browser.upload(await uploadForm(pattern, { posArr: [8, 100] }))).json).toEqual(judged);
    expect((await service.partner.getOrder(created.orderNo)).attempts).toHaveLength(1);

    // A new recording (the SYNTHETIC live subject, under a fresh light) whose tail, and so messageId, is the same is not a retry: it is verified.
    const take = await liveTake(browser);
    const face = withSameTail(take.bytes);
    expect(await messageIdOf(face.toString("base64"))).toBe(await messageIdOf(pattern.toString("base64")));
    const good = await accepted(browser, await uploadForm(face, takeUpload(take)), 2);
    const passed = await awaitVerdict(browser, good);
    expect(passed.outcome).toMatchObject({ passed: true, finished: true });
    // The order is over, but the retry of the recording that finished it still gets its answer.
    expect((await browser.upload(await uploadForm(face, takeUpload(take)))).json).toEqual(passed);
    const view = await service.partner.getOrder(created.orderNo);
    expect(view.attempts.map((a) => [a.seq, a.status, a.code])).toEqual([[1, "failed", "1015"], [2, "passed", "0"]]);
  }, 300_000);
});

describe("POST /api/v1/upload: every refusal", () => {
  it("refuses each bad upload with its own code and records it without using up an attempt", async () => {
    const { created, browser } = await loggedIn(SILENT);
    const good = clip.face as Buffer;
    const expectRefusal = async (form: FormData | Promise<FormData>, status: number, code: string) => {
      // Each refusal ends its attempt: the page fetches a fresh light before the next recording.
      await browser.light();
      const res = await browser.upload(await form);
      expect({ status: res.status, code: errorCode(res) }).toEqual({ status, code });
    };
    const cut = (clip.pattern as Buffer).subarray(0, Math.floor((clip.pattern as Buffer).length * 0.6));
    const padded = Buffer.concat([good, Buffer.alloc(1600 * 1024 - good.length, 0x5a)]);
    const expected: [FormData | Promise<FormData>, number, string][] = [
      [uploadForm(good, { tamper: (p) => void (p.meta.messageId = "0".repeat(64)) }), 400, "MESSAGE_ID_MISMATCH"],
      [uploadForm(good, { tamper: (p) => void (p.video = p.video.slice(0, -4)) }), 400, "MESSAGE_ID_MISMATCH"],
      [uploadForm(good, { tamper: (p) => void (p.meta.size += 1) }), 400, "UPLOAD_CORRUPT"],
      [uploadForm(good, { tamper: (p) => void (p.video = p.video.slice(0, 200) + "!!!!" + p.video.slice(204)) }), 400, "UPLOAD_CORRUPT"],
      // The declared type must be one the service takes, and the decoder must read the file as that container.
      [uploadForm(good, { mimeType: "video/ogg" }), 415, "VIDEO_TYPE"],
      [uploadForm(good, { mimeType: "video/quicktime" }), 415, "VIDEO_TYPE"],
      [uploadForm(good, { mimeType: "video/mp4" }), 415, "VIDEO_TYPE"],
      [uploadForm(clip.faceMp4 as Buffer, { mimeType: "video/webm" }), 415, "VIDEO_TYPE"],
      [uploadForm(clip.faceMkv as Buffer, { mimeType: "video/webm" }), 415, "VIDEO_TYPE"],
      [uploadForm(clip.tiny as Buffer), 422, "VIDEO_TOO_SMALL"],
      [uploadForm(padded), 413, "VIDEO_TOO_LARGE"],
      // 2048x1152 is over the decoder's pixel limit.
      [uploadForm(clip.hugePicture as Buffer), 413, "VIDEO_TOO_LARGE"],
      // Durations are the decoder's, whatever the client declares (2000 ms here).
      [uploadForm(clip.short as Buffer), 422, "VIDEO_TOO_SHORT"],
      [uploadForm(clip.long as Buffer), 422, "VIDEO_TOO_LONG"],
      [uploadForm(Buffer.alloc(80_000, 7)), 422, "VIDEO_UNREADABLE"],
      [uploadForm(cut), 422, "VIDEO_UNREADABLE"],
      [uploadForm(clip.audioOnly as Buffer), 422, "VIDEO_UNREADABLE"],
    ];
    for (const [form, status, code] of expected) await expectRefusal(form, status, code);

    const view = await service.partner.getOrder(created.orderNo);
    expect(view.attempts.map((a) => [a.status, a.code])).toEqual(expected.map(([, , code]) => ["rejected", code]));
    const config = orderConfigSchema.parse((await browser.request("GET", "/api/v1/config")).json);
    expect(config.attempts).toEqual({ max: 3, used: 0, left: 3 });
    // Nothing refused is kept on disk.
    const orderDir = join(service.mediaDir, created.orderNo);
    expect(existsSync(orderDir) ? readdirSync(orderDir) : []).toEqual([]);
    // Still open: a good recording (the SYNTHETIC live subject answering its light) is accepted as the next attempt and passes after all that.
    const take = await liveTake(browser);
    const state = await accepted(browser, await uploadForm(take.bytes, takeUpload(take)), expected.length + 1);
    expect((await awaitVerdict(browser, state)).outcome.passed).toBe(true);
  }, 300_000);

  it("a corrupted base64 with a recomputed messageId is still caught", async () => {
    const { browser } = await loggedIn(SILENT);
    await browser.light();
    const form = await uploadForm(clip.face as Buffer, {
      tamper: (p) => void (p.video = p.video.slice(0, -8) + "*******="),
    });
    // Recompute messageId over the tampered, unscrambled text so only the base64 check can catch it.
    const meta = JSON.parse(String(form.get("meta"))) as { messageId: string; posArr: [number, number] };
    const video = await (form.get("video") as Blob).text();
    const { unscrambleBase64 } = await import("../../src/domain/scramble");
    meta.messageId = await messageIdOf(unscrambleBase64(video, meta.posArr));
    form.set("meta", JSON.stringify(meta));
    const res = await browser.upload(form);
    expect(res.status).toBe(400);
    expect(errorCode(res)).toBe("UPLOAD_CORRUPT");
  });

  it("refuses malformed requests: not multipart, missing parts, bad meta, extra parts, oversized", async () => {
    const { browser } = await loggedIn(SILENT);
    await browser.light();
    const json = await browser.request("POST", "/api/v1/upload", { meta: {} });
    expect(json.status).toBe(415);
    expect(errorCode(json)).toBe("UNSUPPORTED_MEDIA_TYPE");

    const onlyMeta = new FormData();
    onlyMeta.append("meta", "{}");
    expect(errorCode(await browser.upload(onlyMeta))).toBe("UPLOAD_MISSING");
    const onlyVideo = new FormData();
    onlyVideo.append("video", "AAAA");
    expect(errorCode(await browser.upload(onlyVideo))).toBe("UPLOAD_MISSING");

    const badJson = await uploadForm(clip.face as Buffer);
    badJson.set("meta", "{not json");
    expect(errorCode(await browser.upload(badJson))).toBe("BAD_REQUEST");
    const badPosArr = await uploadForm(clip.face as Buffer, { tamper: (p) => void (p.meta.posArr = [301, 302]) });
    const res = await browser.upload(badPosArr);
    expect(res.status).toBe(400);
    expect(errorCode(res)).toBe("BAD_REQUEST");
    expect((res.json as { message: string }).message).toContain("posArr");

    const extra = await uploadForm(clip.face as Buffer);
    extra.append("other", "x");
    const extraRes = await browser.upload(extra);
    expect([400, 413]).toContain(extraRes.status);

    const huge = new FormData();
    huge.append("meta", "{}");
    huge.append("video", new Blob(["A".repeat(3 * 1024 * 1024)]), "video.txt");
    const hugeRes = await browser.upload(huge);
    expect(hugeRes.status).toBe(413);
    expect(errorCode(hugeRes)).toBe("PAYLOAD_TOO_LARGE");
  });

  it("needs a session", async () => {
    const res = await new Browser(service.baseUrl).upload(await uploadForm(clip.face as Buffer));
    expect(res.status).toBe(401);
    expect(errorCode(res)).toBe("SESSION_INVALID");
  });
});

describe("failing attempts", () => {
  it("ends the order as failed after maxAttempts verdicts; the failure is signed too", async () => {
    const { created, browser } = await loggedIn({ ...SILENT, will: { question: "您是否同意？" }, maxAttempts: 2 });
    // A film of a still photo without sound: a looped still first (frozen, 1033), and it cannot carry the spoken consent (1008).
    await browser.light();
    const first = await awaitVerdict(browser, await accepted(browser, await uploadForm(clip.faceMute3 as Buffer), 1));
    expect(first.outcome).toMatchObject({ passed: false, code: "1033", finished: false, attemptsLeft: 1 });
    await browser.light();
    const second = await awaitVerdict(browser, await accepted(browser, await uploadForm(clip.faceMute4 as Buffer), 2));
    expect(second.outcome).toMatchObject({ passed: false, code: "1033", finished: true, attemptsLeft: 0 });

    const result = resultResponseSchema.parse((await browser.request("GET", "/api/v1/result")).json);
    expect(result.state).toBe("failed");
    expect(result.payload).toMatchObject({ code: "1033", willCode: "1008", faceCode: "1033" });
    expect(service.partner.verifyReturn(result.payload).valid).toBe(true);
    expect((await service.partner.getOrder(created.orderNo)).state).toBe("failed");

    const late = await browser.upload(await uploadForm(clip.face as Buffer));
    expect(late.status).toBe(409);
    expect(errorCode(late)).toBe("ORDER_FINISHED");
    await expect(service.partner.relaunch(created.orderNo)).rejects.toMatchObject({ code: "ORDER_FINISHED" });
  }, 120_000);
});
