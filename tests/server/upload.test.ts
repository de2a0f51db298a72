import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attemptOutcomeSchema, orderConfigSchema, resultResponseSchema, type CreateOrderRequest } from "../../schemas/api";
import { messageIdOf } from "../../src/capture/scramble";
import { buildMp4, buildWebm } from "../media/fixtures";
import { Browser, errorCode, launchParams, orderRequest, startService, uploadForm, type Service } from "./harness";

const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1";

/** A MediaRecorder-like WebM: video at 30 fps and audio, 600-byte frames (about 100 KB for 2 s). */
const webm = (durationMs: number, extra: Parameters<typeof buildWebm>[0] = { durationMs }) => buildWebm({ frameBytes: 600, ...extra, durationMs });

let service: Service;
beforeAll(async () => {
  service = await startService();
});
afterAll(() => service.close());

async function loggedIn(extra: Partial<CreateOrderRequest> = {}, userAgent?: string) {
  const created = await service.partner.createOrder(orderRequest(service, extra));
  const browser = new Browser(service.baseUrl, userAgent);
  const res = await browser.login(launchParams(created.launchUrl));
  expect(res.status).toBe(200);
  return { created, browser };
}

describe("POST /api/v1/upload: happy paths", () => {
  it("action mode WebM: unscrambles, verifies, stores the exact bytes, finishes with a signed result", async () => {
    const { created, browser } = await loggedIn();
    const bytes = webm(2000);
    const res = await browser.upload(await uploadForm(bytes));
    expect(res.status).toBe(200);
    const outcome = attemptOutcomeSchema.parse(res.json);
    expect(outcome).toMatchObject({ passed: true, code: "0", finished: true, attemptsLeft: 2 });
    expect(outcome.checks.map((c) => c.name)).toContain("challenge");

    const stored = readFileSync(join(service.mediaDir, created.orderNo, "1.webm"));
    expect(stored.equals(bytes)).toBe(true);

    const result = resultResponseSchema.parse((await browser.request("GET", "/api/v1/result")).json);
    expect(result).toMatchObject({ orderNo: created.orderNo, state: "passed", returnUrl: `${service.baseUrl}/#/entry` });
    expect(result.payload).toMatchObject({ orderNo: created.orderNo, code: "0", h5faceId: created.h5_face_id, liveRate: "100" });
    expect(result.payload.willCode).toBeUndefined();

    const query = new URLSearchParams(Object.entries(result.payload).filter((e): e is [string, string] => typeof e[1] === "string"));
    expect(service.partner.verifyReturn(`${service.baseUrl}/?${query}#/entry`)).toEqual({ valid: true, payload: result.payload });

    const view = await service.partner.getOrder(created.orderNo);
    expect(view.state).toBe("passed");
    expect(view.result).toEqual(result.payload);
    expect(view.attempts).toHaveLength(1);
    expect(view.attempts[0]).toMatchObject({
      seq: 1,
      channel: "upload",
      status: "passed",
      code: "0",
      verifier: "faceflow-face-checks",
      recording: { container: "webm", bytes: bytes.length, durationMs: 2000 },
    });
  });

  it("silent mode MP4 passes too; an iPhone needs 150 KB", async () => {
    const { browser } = await loggedIn({ liveType: "3", actions: undefined }, IPHONE);
    const small = buildMp4({ durationMs: 2000, sampleBytes: 600 });
    const refused = await browser.upload(await uploadForm(small, { mimeType: "video/mp4" }));
    expect(refused.status).toBe(422);
    expect(errorCode(refused)).toBe("VIDEO_TOO_SMALL");
    const big = buildMp4({ durationMs: 2000, sampleBytes: 1200 });
    const res = await browser.upload(await uploadForm(big, { mimeType: "video/mp4" }));
    expect(res.status).toBe(200);
    expect(attemptOutcomeSchema.parse(res.json)).toMatchObject({ passed: true, finished: true });
  });

  it("a QuickTime file from an iPhone's camera (file input) is judged as MP4", async () => {
    const { browser } = await loggedIn({ liveType: "3", actions: undefined }, IPHONE);
    const mov = buildMp4({ durationMs: 2000, sampleBytes: 1200 });
    const res = await browser.upload(await uploadForm(mov, { mimeType: "video/quicktime" }));
    expect(res.status).toBe(200);
    expect(attemptOutcomeSchema.parse(res.json)).toMatchObject({ passed: true });
  });

  it("number mode needs digits first, and records them with the attempt", async () => {
    const { created, browser } = await loggedIn({ liveType: "1", actions: undefined });
    const early = await browser.upload(await uploadForm(webm(3000)));
    expect(early.status).toBe(409);
    expect(errorCode(early)).toBe("DIGITS_REQUIRED");
    const { digits } = (await browser.request("GET", "/api/v1/digits")).json as { digits: string };
    const res = await browser.upload(await uploadForm(webm(3000)));
    expect(attemptOutcomeSchema.parse(res.json).passed).toBe(true);
    const view = await service.partner.getOrder(created.orderNo);
    expect(view.attempts.at(-1)).toMatchObject({ status: "passed", digits });
  });
});

describe("POST /api/v1/upload: retries", () => {
  it("answers a retried upload (same messageId) with the first outcome, judging it once", async () => {
    const { created, browser } = await loggedIn({ will: { question: "同意吗？" } });
    const noSound = webm(2000, { durationMs: 2000, audioFrameMs: null, frameBytes: 1200 });
    const first = attemptOutcomeSchema.parse((await browser.upload(await uploadForm(noSound))).json);
    const retry = attemptOutcomeSchema.parse((await browser.upload(await uploadForm(noSound, { posArr: [7, 99] }))).json);
    expect(retry).toEqual(first);
    expect(first).toMatchObject({ passed: false, attemptsLeft: 2 });
    expect((await service.partner.getOrder(created.orderNo)).attempts).toHaveLength(1);

    const good = webm(2000);
    const passed = attemptOutcomeSchema.parse((await browser.upload(await uploadForm(good))).json);
    expect(passed).toMatchObject({ passed: true, finished: true });
    // The order is over, but the retry of the recording that finished it still gets its answer.
    expect(attemptOutcomeSchema.parse((await browser.upload(await uploadForm(good))).json)).toEqual(passed);
  });
});

describe("POST /api/v1/upload: every refusal", () => {
  it("refuses each bad upload with its own code and records it without using up an attempt", async () => {
    const { created, browser } = await loggedIn();
    const good = webm(2000);
    const expectRefusal = async (form: FormData | Promise<FormData>, status: number, code: string) => {
      const res = await browser.upload(await form);
      expect({ status: res.status, code: errorCode(res) }).toEqual({ status, code });
    };
    await expectRefusal(uploadForm(good, { tamper: (p) => void (p.meta.messageId = "0".repeat(64)) }), 400, "MESSAGE_ID_MISMATCH");
    await expectRefusal(uploadForm(good, { tamper: (p) => void (p.video = p.video.slice(0, -4)) }), 400, "MESSAGE_ID_MISMATCH");
    await expectRefusal(uploadForm(good, { tamper: (p) => void (p.meta.size += 1) }), 400, "UPLOAD_CORRUPT");
    const notBase64 = await uploadForm(good, {
      tamper: (p) => void (p.video = p.video.slice(0, 200) + "!!!!" + p.video.slice(204)),
    });
    await expectRefusal(notBase64, 400, "UPLOAD_CORRUPT");
    await expectRefusal(uploadForm(good, { mimeType: "video/quicktime" }), 415, "VIDEO_TYPE");
    await expectRefusal(uploadForm(good, { mimeType: "video/mp4" }), 415, "VIDEO_TYPE");
    await expectRefusal(uploadForm(webm(2000, { durationMs: 2000, frameBytes: 100 })), 422, "VIDEO_TOO_SMALL");
    await expectRefusal(uploadForm(webm(2000, { durationMs: 2000, frameBytes: 10_000 })), 413, "VIDEO_TOO_LARGE");
    await expectRefusal(uploadForm(webm(500, { durationMs: 500, frameBytes: 4000 })), 422, "VIDEO_TOO_SHORT");
    await expectRefusal(uploadForm(webm(4000)), 422, "VIDEO_TOO_LONG");
    await expectRefusal(uploadForm(Buffer.alloc(80_000, 7)), 422, "VIDEO_UNREADABLE");

    const view = await service.partner.getOrder(created.orderNo);
    expect(view.attempts.map((a) => [a.status, a.code])).toEqual([
      ["rejected", "MESSAGE_ID_MISMATCH"],
      ["rejected", "MESSAGE_ID_MISMATCH"],
      ["rejected", "UPLOAD_CORRUPT"],
      ["rejected", "UPLOAD_CORRUPT"],
      ["rejected", "VIDEO_TYPE"],
      ["rejected", "VIDEO_TYPE"],
      ["rejected", "VIDEO_TOO_SMALL"],
      ["rejected", "VIDEO_TOO_LARGE"],
      ["rejected", "VIDEO_TOO_SHORT"],
      ["rejected", "VIDEO_TOO_LONG"],
      ["rejected", "VIDEO_UNREADABLE"],
    ]);
    const config = orderConfigSchema.parse((await browser.request("GET", "/api/v1/config")).json);
    expect(config.attempts).toEqual({ max: 3, used: 0, left: 3 });
    // Still open: a good recording passes after all that.
    expect(attemptOutcomeSchema.parse((await browser.upload(await uploadForm(good))).json).passed).toBe(true);
  });

  it("a corrupted base64 with a recomputed messageId is still caught", async () => {
    const { browser } = await loggedIn();
    const form = await uploadForm(webm(2000), {
      tamper: (p) => void (p.video = p.video.slice(0, -8) + "*******="),
    });
    // Recompute messageId over the tampered, unscrambled text so only the base64 check can catch it.
    const meta = JSON.parse(String(form.get("meta"))) as { messageId: string; posArr: [number, number] };
    const video = await (form.get("video") as Blob).text();
    const { unscrambleBase64 } = await import("../../src/capture/scramble");
    meta.messageId = await messageIdOf(unscrambleBase64(video, meta.posArr));
    form.set("meta", JSON.stringify(meta));
    const res = await browser.upload(form);
    expect(res.status).toBe(400);
    expect(errorCode(res)).toBe("UPLOAD_CORRUPT");
  });

  it("refuses malformed requests: not multipart, missing parts, bad meta, extra parts, oversized", async () => {
    const { browser } = await loggedIn();
    const json = await browser.request("POST", "/api/v1/upload", { meta: {} });
    expect(json.status).toBe(415);
    expect(errorCode(json)).toBe("UNSUPPORTED_MEDIA_TYPE");

    const onlyMeta = new FormData();
    onlyMeta.append("meta", "{}");
    expect(errorCode(await browser.upload(onlyMeta))).toBe("UPLOAD_MISSING");
    const onlyVideo = new FormData();
    onlyVideo.append("video", "AAAA");
    expect(errorCode(await browser.upload(onlyVideo))).toBe("UPLOAD_MISSING");

    const badJson = await uploadForm(webm(2000));
    badJson.set("meta", "{not json");
    expect(errorCode(await browser.upload(badJson))).toBe("BAD_REQUEST");
    const badPosArr = await uploadForm(webm(2000), { tamper: (p) => void (p.meta.posArr = [301, 302]) });
    const res = await browser.upload(badPosArr);
    expect(res.status).toBe(400);
    expect(errorCode(res)).toBe("BAD_REQUEST");
    expect((res.json as { message: string }).message).toContain("posArr");

    const extra = await uploadForm(webm(2000));
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
    const res = await new Browser(service.baseUrl).upload(await uploadForm(webm(2000)));
    expect(res.status).toBe(401);
    expect(errorCode(res)).toBe("SESSION_INVALID");
  });
});

describe("failing attempts", () => {
  it("ends the order as failed after maxAttempts verdicts; the failure is signed too", async () => {
    const { created, browser } = await loggedIn({ will: { question: "您是否同意？" }, maxAttempts: 2 });
    const silentFilm = webm(2000, { durationMs: 2000, audioFrameMs: null, frameBytes: 1200 });
    const first = attemptOutcomeSchema.parse((await browser.upload(await uploadForm(silentFilm))).json);
    expect(first).toMatchObject({ passed: false, code: "1008", finished: false, attemptsLeft: 1 });
    const anotherSilentFilm = webm(2400, { durationMs: 2400, audioFrameMs: null, frameBytes: 1200 });
    const second = attemptOutcomeSchema.parse((await browser.upload(await uploadForm(anotherSilentFilm))).json);
    expect(second).toMatchObject({ passed: false, code: "1008", finished: true, attemptsLeft: 0 });

    const result = resultResponseSchema.parse((await browser.request("GET", "/api/v1/result")).json);
    expect(result.state).toBe("failed");
    expect(result.payload).toMatchObject({ code: "1008", willCode: "1008" });
    expect(service.partner.verifyReturn(result.payload).valid).toBe(true);
    expect((await service.partner.getOrder(created.orderNo)).state).toBe("failed");

    const late = await browser.upload(await uploadForm(webm(2000)));
    expect(late.status).toBe(409);
    expect(errorCode(late)).toBe("ORDER_FINISHED");
    await expect(service.partner.relaunch(created.orderNo)).rejects.toMatchObject({ code: "ORDER_FINISHED" });
  });

  it("a finished order's launch link reads ORDER_FINISHED in a new browser", async () => {
    const created = await service.partner.createOrder(orderRequest(service));
    const params = launchParams(created.launchUrl);
    const browser = new Browser(service.baseUrl);
    await browser.login(params);
    await browser.upload(await uploadForm(webm(2000)));
    const again = await new Browser(service.baseUrl).login(params);
    expect(again.status).toBe(409);
    expect(errorCode(again)).toBe("ORDER_FINISHED");
  });
});
