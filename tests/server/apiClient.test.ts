import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loginRequestSchema, type LoginRequest } from "../../schemas/api";
import { messageIdOf, scrambleBase64 } from "../../src/domain/scramble";
import { createStatsRecorder } from "../../src/analytics/statsRecorder";
import { ApiError } from "../../src/api/apiError";
import { screenForApiError, UNMAPPED_API_ERROR_STAT } from "../../src/api/screenForApiError";
import { createApiClient } from "../../src/api/client";
import type { XhrLike } from "../../src/api/xhrUpload";
import { makeClip, makeTempDir, removeTempDir } from "../fixtures/mediaMaker";
import { buildWebm } from "../media/fixtures";
import { Browser, launchParams, orderRequest, startService, type Service } from "./harness";

/** The screen the flow shows for a failure (statistics of unmapped codes checked in their own test). */
const screenOf = (error: ApiError) => screenForApiError(error, { stats: createStatsRecorder(() => 0) });

let service: Service;
beforeAll(async () => {
  service = await startService();
});
afterAll(() => service.close());

/** A header-only WebM: enough for the client's own checks, which never decode. */
async function recording() {
  return recordingOf(buildWebm({ durationMs: 2000, frameBytes: 600 }).toString("base64"));
}

/** A real 2 s WebM made with ffmpeg, which the service decodes and judges. */
async function decodableRecording() {
  const dir = await makeTempDir();
  try {
    // 640x480 testsrc: comfortably above the service's smallest accepted size (capture.json sizeKB).
    const file = await makeClip({ dir, video: "testsrc", audio: null, seconds: 2, container: "webm-vp8" });
    return await recordingOf((await readFile(file)).toString("base64"));
  } finally {
    await removeTempDir(dir);
  }
}

async function recordingOf(base64: string) {
  const posArr: [number, number] = [10, 300];
  const meta = { posArr, messageId: await messageIdOf(base64), durationMs: 2000, mimeType: "video/webm", size: Buffer.from(base64, "base64").length };
  return { meta, video: scrambleBase64(base64, posArr) };
}

/** The launch query as the browser hands it over: parsed by the login schema. */
const loginParams = (launchUrl: string): LoginRequest => loginRequestSchema.parse(launchParams(launchUrl));

const failure = (promise: Promise<unknown>) => promise.then(() => { throw new Error("expected a failure"); }, (e: unknown) => e as ApiError);

describe("createApiClient against the real service", () => {
  it("runs login → config → light → upload → long poll → result with every answer parsed", async () => {
    // One attempt: the order is over with this recording whatever the verdict, so the result is signed.
    const created = await service.partner.createOrder(orderRequest(service, { maxAttempts: 1 }));
    const browser = new Browser(service.baseUrl);
    const api = createApiClient({ baseUrl: service.baseUrl, fetch: browser.fetch });
    const login = await api.login(loginParams(created.launchUrl));
    expect(login.config.orderNo).toBe(created.orderNo);
    expect((await api.config()).attempts.left).toBe(1);
    // Action mode shows light: its sequence is fetched right before recording.
    expect((await api.light()).light.segments.length).toBeGreaterThanOrEqual(4);
    const { meta, video } = await decodableRecording();
    let state = await api.upload(meta, video);
    expect(state.attempt).toBe(1);
    // The service verifies off the request path; the long poll answers on each change of step.
    const deadline = Date.now() + 60_000;
    while (state.state === "verifying" && Date.now() < deadline) state = await api.attemptState(state.attempt, 5_000);
    expect(state).toMatchObject({ state: "judged", attempt: 1, outcome: { finished: true } });
    // The same recording again is the same attempt, already judged.
    expect(await api.upload(meta, video)).toEqual(state);
    const result = await api.result();
    expect(service.partner.verifyReturn(result.payload).valid).toBe(true);
    const unknown = await failure(api.attemptState(7, 0));
    expect(unknown.status).toBe(404);
  }, 90_000);

  it("asks for the config in the page's language: the will question comes in it", async () => {
    const question = { "zh-CN": "您是否同意？", en: "Do you agree?" };
    const created = await service.partner.createOrder(orderRequest(service, { will: { question } }));
    const api = createApiClient({ baseUrl: service.baseUrl, fetch: new Browser(service.baseUrl).fetch });
    await api.login(loginParams(created.launchUrl));
    expect((await api.config("en")).will?.question).toBe(question.en);
    expect((await api.config()).will?.question).toBe(question["zh-CN"]);
    const refused = await failure(api.config("fr"));
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused.code).toBe("LANG_UNKNOWN");
  });

  it("maps service errors to ApiError and their error screens", async () => {
    const created = await service.partner.createOrder(orderRequest(service));
    const params = loginParams(created.launchUrl);
    const first = createApiClient({ baseUrl: service.baseUrl, fetch: new Browser(service.baseUrl).fetch });
    const tampered = await failure(first.login({ ...params, url: "https://evil.example/" }));
    expect(tampered).toMatchObject({ status: 400, code: "400101" });
    expect(screenOf(tampered)).toBe("400101");
    await first.login(params);
    const other = createApiClient({ baseUrl: service.baseUrl, fetch: new Browser(service.baseUrl).fetch });
    const used = await failure(other.login(params));
    expect(used).toMatchObject({ status: 409, code: "LAUNCH_USED" });
    expect(screenOf(used)).toBe("exitException");
    const noSession = await failure(other.config());
    expect(screenOf(noSession)).toBe("401Exception");
    const wrongMode = await failure(first.digits());
    expect(screenOf(wrongMode)).toBe("errorSettings");
  });

  it("reports no answer, a non-contract answer and an abort with client codes", async () => {
    const offline = createApiClient({ baseUrl: "http://127.0.0.1:1" });
    const network = await failure(offline.config());
    expect(network).toMatchObject({ status: 0, code: "NETWORK_ERROR" });
    expect(screenOf(network)).toBe("seniorException");

    const html = createApiClient({ fetch: async () => new Response("<html>", { status: 200 }) });
    expect(await failure(html.config())).toMatchObject({ code: "BAD_RESPONSE" });
    const wrongShape = createApiClient({ fetch: async () => Response.json({ digits: "12" }) });
    expect(await failure(wrongShape.digits())).toMatchObject({ code: "BAD_RESPONSE" });
    const bareError = createApiClient({ fetch: async () => new Response("{}", { status: 502 }) });
    expect(await failure(bareError.config())).toMatchObject({ status: 502, code: "BAD_RESPONSE" });

    const controller = new AbortController();
    controller.abort();
    const aborted = await failure(createApiClient({ baseUrl: service.baseUrl }).config(undefined, controller.signal));
    expect(aborted.code).toBe("ABORTED");
    // An abort is the caller's doing: its own fallback, and nothing counted.
    const stats = createStatsRecorder(() => 0);
    expect(screenForApiError(aborted, { stats, fallback: "lipsException" })).toBe("lipsException");
    expect(stats.pending()).toEqual([]);
    expect(screenForApiError(new ApiError(500, "SOMETHING_NEW", "x"), { stats })).toBe("exception");
    expect(stats.pending().map((e) => e.name)).toEqual([UNMAPPED_API_ERROR_STAT]);
  });

  it("uploads through XMLHttpRequest when progress is wanted", async () => {
    const progress: number[] = [];
    const sent: { url: string; credentials: boolean; meta: string } = { url: "", credentials: false, meta: "" };
    const listeners = new Map<string, () => void>();
    const fakeXhr: XhrLike = {
      withCredentials: false,
      status: 0,
      responseText: "",
      open: (_method, url) => void (sent.url = url),
      setRequestHeader: () => undefined,
      abort: () => listeners.get("abort")?.(),
      upload: { addEventListener: (_type, listener) => void listener({ loaded: 5, total: 10, lengthComputable: true }) },
      addEventListener: (type, listener) => void listeners.set(type, listener),
      send(body) {
        sent.credentials = this.withCredentials;
        sent.meta = String(body.get("meta"));
        Object.assign(this, { status: 200, responseText: JSON.stringify({ state: "verifying", attempt: 2, step: "queued", progress: 0 }) });
        listeners.get("load")?.();
      },
    };
    const api = createApiClient({ baseUrl: "https://ff.example", xhr: () => fakeXhr });
    const { meta, video } = await recording();
    const state = await api.upload(meta, video, { onProgress: (f) => progress.push(f) });
    expect(state).toEqual({ state: "verifying", attempt: 2, step: "queued", progress: 0 });
    expect(progress).toEqual([0.5]);
    expect(sent).toEqual({ url: "https://ff.example/api/v1/upload", credentials: true, meta: JSON.stringify(meta) });
  });

  it("long-polls an attempt's state with the session header, the wait capped, and the answer parsed", async () => {
    const requests: { url: string; headers: Record<string, string> }[] = [];
    const answers = [
      Response.json({ state: "verifying", attempt: 3, step: "listening", progress: 0.7 }),
      Response.json({ state: "judged", attempt: 3, outcome: { passed: false, code: "2002", finished: false, attemptsLeft: 1, checks: [{ name: "voice", passed: false, detail: "no speech" }] } }),
      Response.json({ state: "verifying", attempt: 3, step: "resting", progress: 0.7 }),
    ];
    const api = createApiClient({
      baseUrl: "https://ff.example",
      sessionToken: () => "f".repeat(64),
      fetch: async (input, init) => {
        requests.push({ url: String(input), headers: init?.headers as Record<string, string> });
        return answers.shift() ?? new Response("{}", { status: 500 });
      },
    });
    expect(await api.attemptState(3, 20_000)).toEqual({ state: "verifying", attempt: 3, step: "listening", progress: 0.7 });
    expect(await api.attemptState(3, 90_000)).toMatchObject({ state: "judged", outcome: { code: "2002" } });
    // A step this build does not know is not the contract's answer.
    expect(await failure(api.attemptState(3, 0))).toMatchObject({ code: "BAD_RESPONSE" });
    expect(requests.map((r) => r.url)).toEqual([
      "https://ff.example/api/v1/attempts/3?waitMs=20000",
      "https://ff.example/api/v1/attempts/3?waitMs=25000",
      "https://ff.example/api/v1/attempts/3?waitMs=0",
    ]);
    expect(requests[0]?.headers["x-faceflow-session"]).toBe("f".repeat(64));
  });

  it("builds the stream URL from the base or the page location, never with the session token in it", () => {
    expect(createApiClient({ baseUrl: "https://ff.example/" }).streamUrl()).toBe("wss://ff.example/api/v1/stream");
    expect(createApiClient({ location: { protocol: "http:", host: "127.0.0.1:8080" } }).streamUrl()).toBe("ws://127.0.0.1:8080/api/v1/stream");
    const cookieless = createApiClient({ baseUrl: "https://ff.example", sessionToken: () => "f".repeat(64) });
    expect(cookieless.streamUrl()).toBe("wss://ff.example/api/v1/stream");
    // The token goes in the stream's start message instead.
    expect(cookieless.streamSessionToken()).toBe("f".repeat(64));
    expect(createApiClient({ baseUrl: "https://ff.example" }).streamSessionToken()).toBeUndefined();
  });
});
