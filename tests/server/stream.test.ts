/**
 * The frame stream `/api/v1/stream` against a real service: only orders whose launch enabled
 * it (ws_mode_switch "1") may stream; the frames are spooled as they arrive, and on `end` the
 * service answers `verifying` with the attempt and closes; the verdict comes, like an upload's,
 * from the long poll. The real pool judges real face pictures; a stand-in pool shows what the
 * job is handed and that nothing else may start while it runs. Silent and action mode show
 * light: a stream starts only after the page fetched its light, and its `end` says when each
 * colour went up; the pass asserted is the SYNTHETIC live subject's frames answering that light.
 */
import { existsSync, readdirSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_HEADER, type CreateOrderRequest } from "../../schemas/api";
import { faceJpeg } from "../fixtures/faceImage";
import { makeClip, makeTempDir, removeTempDir } from "../fixtures/mediaMaker";
import { synthTake, takeJpegFrames } from "../fixtures/synthTake";
import {
  awaitVerdict,
  Browser,
  checkNames,
  connectStream,
  launchParams,
  manualRunner,
  orderRequest,
  startService,
  verdict,
  uploadForm,
  type ManualRunner,
  type Service,
  steppingClock,
} from "./harness";
import { expectRanInOrder, shippedChecks } from "./verify/shippedChecks";


const STREAMING = { launch: { ws_mode_switch: "1" } } as const;
const SILENT: Partial<CreateOrderRequest> = { liveType: "3", actions: undefined, ...STREAMING };

/** A complete JPEG (SOI … EOI) of filler: passes the socket's checks, shows nothing. */
const fillerJpeg = (seq: number) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(3000, seq % 251), Buffer.from([0xff, 0xd9])]);

async function loggedIn(service: Service, extra: Partial<CreateOrderRequest> = {}) {
  const created = await service.partner.createOrder(orderRequest(service, extra));
  const browser = new Browser(service.baseUrl);
  expect((await browser.login(launchParams(created.launchUrl))).status).toBe(200);
  return { created, browser };
}

describe("WebSocket /api/v1/stream, judged by the service", () => {
  let service: Service;
  let dir: string;
  beforeAll(async () => {
    dir = await makeTempDir();
    service = await startService({ streamClock: steppingClock(), verifyWorkers: 1 });
  });
  afterAll(async () => {
    await service.close();
    await removeTempDir(dir);
  });

  it("streams inline and binary JPEG frames of a face (the SYNTHETIC live subject answering its light); end answers verifying and the long poll brings the verdict that finishes the order", async () => {
    const { created, browser } = await loggedIn(service, SILENT);
    const take = await synthTake({ dir, mode: "silent", challenge: await browser.light(), seed: 7201, seconds: 4.5 });
    // The stepping clock moves 100 ms a message: an inline frame is one message, a binary one two
    // (its announcement, then its bytes, which time it). Each frame sent is the take's picture at
    // the time the service gives it, so the face answers the light on the service's clock.
    const binary = (seq: number) => seq % 4 === 3;
    const pictures = await takeJpegFrames(take, 10, dir);
    const jpegs: Buffer[] = [];
    for (let seq = 0, at = 0; at < pictures.length; seq++, at += binary(seq) ? 2 : 1) jpegs.push(pictures[at] as Buffer);
    const c = await connectStream(service, browser);
    c.send({ type: "start", orderNo: created.orderNo });
    expect(await c.next("progress")).toMatchObject({ type: "progress", step: "ready" });
    for (const [seq, jpeg] of jpegs.entries()) {
      if (!binary(seq)) {
        c.send({ type: "frame", seq, jpeg: jpeg.toString("base64") });
      } else {
        c.send({ type: "frame", seq, binaryBytes: jpeg.length });
        c.sendBinary(jpeg);
      }
      expect(await c.next("ack")).toEqual({ type: "ack", seq });
    }
    c.send({ type: "end", light: take.lightShown });
    // The stream takes over the light's attempt (1) as its own, the second.
    expect(await c.next("verifying")).toEqual({ type: "verifying", attempt: 2 });
    expect(await c.closed).toEqual({ code: 1000, reason: "verifying" });
    // The frames were kept as they arrived, for the worker to decode.
    expect(readdirSync(join(service.mediaDir, created.orderNo, "2-stream"))).toHaveLength(jpegs.length);

    const judged = await awaitVerdict(browser, (await browser.request("GET", "/api/v1/attempts/2")).json);
    expect(judged.outcome).toMatchObject({ passed: true, code: "0", finished: true });
    expectRanInOrder(checkNames(judged), shippedChecks.live["3"], ["media", "duration", "frameRate", "face", "identity", "liveness", "frozen", "light", "steady"]);
    // A frame stream has no file to measure.
    expect(checkNames(judged)).not.toContain("size");
    const view = await service.partner.getOrder(created.orderNo);
    expect(view.state).toBe("passed");
    expect(view.attempts).toMatchObject([{ seq: 1, status: "abandoned" }, { seq: 2, channel: "stream", status: "passed", verifier: "faceflow-media-checks" }]);
    expect(service.partner.verifyReturn(view.result ?? {}).valid).toBe(true);
  }, 300_000);

  it("a still face photo streamed to silent mode fails as a looped still (frozen, 1033)", async () => {
    const { browser, created } = await loggedIn(service, SILENT);
    await browser.light();
    const c = await connectStream(service, browser);
    c.send({ type: "start", orderNo: created.orderNo });
    expect(await c.next("progress")).toMatchObject({ type: "progress", step: "ready" });
    const jpeg = faceJpeg();
    for (let seq = 0; seq < 20; seq++) {
      c.send({ type: "frame", seq, jpeg: jpeg.toString("base64") });
      expect(await c.next("ack")).toEqual({ type: "ack", seq });
    }
    c.send({ type: "end", light: [] });
    expect(await c.next("verifying")).toEqual({ type: "verifying", attempt: 2 });
    const judged = await awaitVerdict(browser, (await browser.request("GET", "/api/v1/attempts/2")).json);
    expect(judged.outcome).toMatchObject({ passed: false, code: "1033" });
    expect(judged.outcome.checks.find((check) => check.name === "face")?.passed).toBe(true);
  }, 120_000);

  it("refuses an order whose launch did not enable streaming, at start, opening no attempt", async () => {
    const { created, browser } = await loggedIn(service, { liveType: "3", actions: undefined });
    const c = await connectStream(service, browser);
    c.send({ type: "start", orderNo: created.orderNo });
    expect(await c.next("progress")).toMatchObject({ type: "error", code: "STREAM_NOT_ENABLED" });
    expect((await c.closed).code).toBe(4403);
    const view = await service.partner.getOrder(created.orderNo);
    expect(view.attempts).toEqual([]);
    expect(view.state).not.toBe("passed");
    // ws_mode_switch "0" is off too.
    const off = await loggedIn(service, { liveType: "3", actions: undefined, launch: { ws_mode_switch: "0" } });
    const d = await connectStream(service, off.browser);
    d.send({ type: "start", orderNo: off.created.orderNo });
    expect(await d.next("progress")).toMatchObject({ type: "error", code: "STREAM_NOT_ENABLED" });
  });

  it("refuses a socket without a session, and an orderNo that is not the session's", async () => {
    const { created } = await loggedIn(service, SILENT);
    const anonymous = await connectStream(service, null);
    anonymous.send({ type: "start", orderNo: created.orderNo });
    expect(await anonymous.next("error")).toMatchObject({ type: "error", code: "SESSION_INVALID" });
    expect((await anonymous.closed).code).toBe(4403);

    const { browser } = await loggedIn(service, SILENT);
    const wrong = await connectStream(service, browser);
    wrong.send({ type: "start", orderNo: created.orderNo });
    expect(await wrong.next("error")).toMatchObject({ code: "SESSION_INVALID" });
    expect((await service.partner.getOrder(created.orderNo)).attempts).toEqual([]);
  });

  it("number mode streams only after digits and the light were handed out", async () => {
    const { created, browser } = await loggedIn(service, { liveType: "1", actions: undefined, ...STREAMING });
    const early = await connectStream(service, browser);
    early.send({ type: "start", orderNo: created.orderNo });
    expect(await early.next("error")).toMatchObject({ code: "DIGITS_REQUIRED" });
    const { digits } = (await browser.request("GET", "/api/v1/digits")).json as { digits: string };
    const unlit = await connectStream(service, browser);
    unlit.send({ type: "start", orderNo: created.orderNo });
    expect(await unlit.next("error")).toMatchObject({ code: "LIGHT_REQUIRED" });
    await browser.light();
    const c = await connectStream(service, browser);
    c.send({ type: "start", orderNo: created.orderNo });
    expect(await c.next("progress")).toMatchObject({ step: "ready" });
    c.send({ type: "end", reason: "cancel" });
    await c.closed;
    await new Promise((resolve) => setTimeout(resolve, 50));
    const view = await service.partner.getOrder(created.orderNo);
    expect(view.attempts.at(-1)).toMatchObject({ channel: "stream", status: "abandoned", digits, code: "cancel" });
    expect(view.state).toBe("in_progress");
  });

  it("a malformed message ends the stream with BAD_REQUEST, a rejected attempt and no frames kept", async () => {
    const { created, browser } = await loggedIn(service, SILENT);
    await browser.light();
    const c = await connectStream(service, browser);
    c.send({ type: "start", orderNo: created.orderNo });
    await c.next("progress");
    c.send({ type: "frame", seq: 0, jpeg: fillerJpeg(0).toString("base64") });
    await c.next("ack");
    c.send({ type: "frame", seq: 1, jpeg: "not base64!" });
    expect(await c.next("error")).toMatchObject({ code: "BAD_REQUEST" });
    expect((await c.closed).code).toBe(4400);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const view = await service.partner.getOrder(created.orderNo);
    expect(view.attempts.at(-1)).toMatchObject({ seq: 2, channel: "stream", status: "rejected", code: "BAD_REQUEST" });
    expect(existsSync(join(service.mediaDir, created.orderNo, "2-stream"))).toBe(false);
  });
});

describe("WebSocket /api/v1/stream, with a stand-in pool", () => {
  let service: Service;
  let runner: ManualRunner;
  let dir: string;
  let recording: Buffer;
  beforeAll(async () => {
    dir = await makeTempDir();
    recording = await readFile(await makeClip({ dir, video: "testsrc", audio: "sine", seconds: 2, container: "webm-vp8", fps: 20 }));
    runner = manualRunner(1);
    service = await startService({ streamClock: steppingClock(), verificationRunner: runner });
  }, 60_000);
  afterAll(async () => {
    await service.close();
    await removeTempDir(dir);
  });

  it("queues the spooled frames timed by the service's clock (never the client's), and refuses another start while they are verified", async () => {
    const { created, browser } = await loggedIn(service, { actions: ["1", "2"], ...STREAMING });
    await browser.light();
    const c = await connectStream(service, browser);
    c.send({ type: "start", orderNo: created.orderNo });
    await c.next("progress");
    for (let seq = 0; seq < 5; seq++) {
      // A client claiming its frames were a minute apart.
      c.send({ type: "frame", seq, capturedAtMs: seq * 60_000, jpeg: fillerJpeg(seq).toString("base64") });
      await c.next("ack");
    }
    c.send({ type: "end" });
    // The stream takes over the light's attempt (1) as its own, the second.
    expect(await c.next("verifying")).toEqual({ type: "verifying", attempt: 2 });

    const job = await runner.nth(0);
    expect(job.input).toMatchObject({
      orderNo: created.orderNo,
      source: { kind: "frames", dir: `${created.orderNo}/2-stream` },
      ask: { liveType: "2", actions: ["1", "2"], prompts: [], digits: null },
    });
    const frames = job.input.source.kind === "frames" ? job.input.source.frames : [];
    expect(frames.map((f) => f.file)).toEqual(["00000.jpg", "00001.jpg", "00002.jpg", "00003.jpg", "00004.jpg"]);
    const gaps = frames.slice(1).map((f, i) => f.atMs - (frames[i]?.atMs ?? 0));
    expect(gaps.every((gap) => gap > 0 && gap < 1000)).toBe(true);

    // While it is verified, neither a new stream nor an upload may start.
    const again = await connectStream(service, browser);
    again.send({ type: "start", orderNo: created.orderNo });
    expect(await again.next("progress")).toMatchObject({ type: "error", code: "VERIFICATION_IN_PROGRESS" });
    expect((await browser.request("GET", "/api/v1/attempts/2")).json).toMatchObject({ state: "verifying", attempt: 2, step: "decoding" });

    job.resolve(verdict("1018", ["media", "duration", "frameRate", "face", "identity", "liveness", "actions"]));
    const judged = await awaitVerdict(browser, (await browser.request("GET", "/api/v1/attempts/2")).json);
    expect(judged.outcome).toMatchObject({ passed: false, code: "1018", finished: false, attemptsLeft: 2 });
    // Judged: the next attempt may stream (under a fresh light).
    await browser.light();
    const next = await connectStream(service, browser);
    next.send({ type: "start", orderNo: created.orderNo });
    expect(await next.next("progress")).toMatchObject({ type: "progress", step: "ready" });
    next.send({ type: "end", reason: "cancel" });
    await next.closed;
  });

  it("an upload sent while a stream runs supersedes it: the stream's end is refused VERIFICATION_IN_PROGRESS, only the upload is verified", async () => {
    for (const job of runner.running()) job.resolve(verdict("1015"));
    const base = runner.started.length;
    const { created, browser } = await loggedIn(service, SILENT);
    await browser.light();
    const c = await connectStream(service, browser);
    c.send({ type: "start", orderNo: created.orderNo });
    await c.next("progress");
    c.send({ type: "frame", seq: 0, jpeg: fillerJpeg(0).toString("base64") });
    await c.next("ack");
    // The page records instead: a fresh light (which abandons the stream's attempt), then the upload.
    await browser.light();
    const upload = await browser.upload(await uploadForm(recording));
    // Attempts: the first light's (1), taken over by the stream's (2), abandoned by the second light's (3), which the upload answers.
    expect(upload.json).toMatchObject({ state: "verifying", attempt: 3 });
    c.send({ type: "end" });
    expect(await c.next("verifying")).toMatchObject({ type: "error", code: "VERIFICATION_IN_PROGRESS" });
    expect((await c.closed).code).toBe(4403);
    const job = await runner.nth(base);
    expect(job.input.source.kind).toBe("recording");
    job.resolve(verdict("0"));
    expect((await awaitVerdict(browser, upload.json)).outcome).toMatchObject({ passed: true, finished: true });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(runner.started).toHaveLength(base + 1);
    const view = await service.partner.getOrder(created.orderNo);
    expect(view.attempts.map((a) => [a.seq, a.channel, a.status])).toEqual([[1, "upload", "abandoned"], [2, "stream", "abandoned"], [3, "upload", "passed"]]);
    expect(existsSync(join(service.mediaDir, created.orderNo, "2-stream"))).toBe(false);
  });
});

describe("WebSocket /api/v1/stream, from other sites and without cookies (issue 18, finding 5)", () => {
  let service: Service;
  beforeAll(async () => {
    service = await startService({ streamClock: steppingClock(), verificationRunner: manualRunner(1) });
  });
  afterAll(() => service.close());

  it("refuses an upgrade from another site's page with 403 ORIGIN_NOT_ALLOWED, even with the user's cookie; the service's own pages stream", async () => {
    const { created, browser } = await loggedIn(service, SILENT);
    // Any page the user visits could open the socket: the browser sends the session cookie along.
    for (const origin of ["https://evil.example", "http://localhost.evil.example", "null"]) {
      await expect(connectStream(service, browser, { origin }), origin).rejects.toThrow(/403/);
    }
    const raw = await refusedUpgrade(`${service.baseUrl}/api/v1/stream`, { origin: "https://evil.example", cookie: browser.cookieHeader() });
    expect(raw.status).toBe(403);
    expect(JSON.parse(raw.body)).toMatchObject({ code: "ORIGIN_NOT_ALLOWED" });
    expect((await service.partner.getOrder(created.orderNo)).attempts).toEqual([]);

    await browser.light();
    const own = await connectStream(service, browser, { origin: service.baseUrl });
    own.send({ type: "start", orderNo: created.orderNo });
    expect(await own.next("progress")).toMatchObject({ type: "progress", step: "ready" });
    own.send({ type: "end", reason: "cancel" });
    await own.closed;
  });

  it("binds a cookie-less page's stream by the token in its start message; the URL's ?session= is ignored", async () => {
    const created = await service.partner.createOrder(orderRequest(service, SILENT));
    const login = await fetch(`${service.baseUrl}/api/v1/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...launchParams(created.launchUrl), cookieless: true }),
    });
    const { sessionToken } = (await login.json()) as { sessionToken: string };
    expect(sessionToken).toMatch(/^[0-9a-f]{64}$/);
    // The cookie-less page fetches its light with the token in the session header.
    const light = await fetch(`${service.baseUrl}/api/v1/light`, { headers: { [SESSION_HEADER]: sessionToken } });
    expect(light.status).toBe(200);

    const byQuery = await connectStream(service, null, { origin: service.baseUrl, query: `?session=${sessionToken}` });
    byQuery.send({ type: "start", orderNo: created.orderNo });
    expect(await byQuery.next("error")).toMatchObject({ code: "SESSION_INVALID" });

    const c = await connectStream(service, null, { origin: service.baseUrl });
    c.send({ type: "start", orderNo: created.orderNo, sessionToken });
    expect(await c.next("progress")).toMatchObject({ type: "progress", step: "ready" });
    c.send({ type: "end", reason: "cancel" });
    await c.closed;
  });
});


/** A WebSocket upgrade request the service answers with plain HTTP: its status and body. */
function refusedUpgrade(url: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, {
      headers: { connection: "Upgrade", upgrade: "websocket", "sec-websocket-version": "13", "sec-websocket-key": "dGhlIHNhbXBsZSBub25jZQ==", ...headers },
    });
    request.on("upgrade", () => reject(new Error("the service accepted the upgrade")));
    request.on("response", (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on("error", reject);
    request.end();
  });
}
