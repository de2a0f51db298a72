import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loginRequestSchema, type LoginRequest } from "../../schemas/api";
import { messageIdOf, scrambleBase64 } from "../../src/capture/scramble";
import { ApiError, errorScreenOf } from "../../src/api/apiError";
import { createApiClient } from "../../src/api/client";
import type { XhrLike } from "../../src/api/xhrUpload";
import { buildWebm } from "../media/fixtures";
import { Browser, launchParams, orderRequest, startService, type Service } from "./harness";

let service: Service;
beforeAll(async () => {
  service = await startService();
});
afterAll(() => service.close());

async function recording() {
  const base64 = buildWebm({ durationMs: 2000, frameBytes: 600 }).toString("base64");
  const posArr: [number, number] = [10, 300];
  const meta = { posArr, messageId: await messageIdOf(base64), durationMs: 2000, mimeType: "video/webm", size: Buffer.from(base64, "base64").length };
  return { meta, video: scrambleBase64(base64, posArr) };
}

/** The launch query as the browser hands it over: parsed by the login schema. */
const loginParams = (launchUrl: string): LoginRequest => loginRequestSchema.parse(launchParams(launchUrl));

const failure = (promise: Promise<unknown>) => promise.then(() => { throw new Error("expected a failure"); }, (e: unknown) => e as ApiError);

describe("createApiClient against the real service", () => {
  it("runs login → config → upload → result with every answer parsed", async () => {
    const created = await service.partner.createOrder(orderRequest(service));
    const browser = new Browser(service.baseUrl);
    const api = createApiClient({ baseUrl: service.baseUrl, fetch: browser.fetch });
    const login = await api.login(loginParams(created.launchUrl));
    expect(login.config.orderNo).toBe(created.orderNo);
    expect((await api.config()).attempts.left).toBe(3);
    const { meta, video } = await recording();
    expect(await api.upload(meta, video)).toMatchObject({ passed: true, finished: true });
    const result = await api.result();
    expect(service.partner.verifyReturn(result.payload).valid).toBe(true);
  });

  it("maps service errors to ApiError and their error screens", async () => {
    const created = await service.partner.createOrder(orderRequest(service));
    const params = loginParams(created.launchUrl);
    const first = createApiClient({ baseUrl: service.baseUrl, fetch: new Browser(service.baseUrl).fetch });
    const tampered = await failure(first.login({ ...params, url: "https://evil.example/" }));
    expect(tampered).toMatchObject({ status: 400, code: "400101" });
    expect(errorScreenOf(tampered)).toBe("400101");
    await first.login(params);
    const other = createApiClient({ baseUrl: service.baseUrl, fetch: new Browser(service.baseUrl).fetch });
    const used = await failure(other.login(params));
    expect(used).toMatchObject({ status: 409, code: "LAUNCH_USED" });
    expect(errorScreenOf(used)).toBe("exitException");
    const noSession = await failure(other.config());
    expect(errorScreenOf(noSession)).toBe("401Exception");
    const wrongMode = await failure(first.digits());
    expect(errorScreenOf(wrongMode)).toBe("errorSettings");
  });

  it("reports no answer, a non-contract answer and an abort with client codes", async () => {
    const offline = createApiClient({ baseUrl: "http://127.0.0.1:1" });
    const network = await failure(offline.config());
    expect(network).toMatchObject({ status: 0, code: "NETWORK_ERROR" });
    expect(errorScreenOf(network)).toBe("seniorException");

    const html = createApiClient({ fetch: async () => new Response("<html>", { status: 200 }) });
    expect(await failure(html.config())).toMatchObject({ code: "BAD_RESPONSE" });
    const wrongShape = createApiClient({ fetch: async () => Response.json({ digits: "12" }) });
    expect(await failure(wrongShape.digits())).toMatchObject({ code: "BAD_RESPONSE" });
    const bareError = createApiClient({ fetch: async () => new Response("{}", { status: 502 }) });
    expect(await failure(bareError.config())).toMatchObject({ status: 502, code: "BAD_RESPONSE" });

    const controller = new AbortController();
    controller.abort();
    const aborted = await failure(createApiClient({ baseUrl: service.baseUrl }).config(controller.signal));
    expect(aborted.code).toBe("ABORTED");
    expect(errorScreenOf(aborted)).toBeNull();
    expect(errorScreenOf(new ApiError(500, "SOMETHING_NEW", "x"))).toBeNull();
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
        Object.assign(this, { status: 200, responseText: JSON.stringify({ passed: true, code: "0", finished: true, attemptsLeft: 2, checks: [] }) });
        listeners.get("load")?.();
      },
    };
    const api = createApiClient({ baseUrl: "https://ff.example", xhr: () => fakeXhr });
    const { meta, video } = await recording();
    const outcome = await api.upload(meta, video, { onProgress: (f) => progress.push(f) });
    expect(outcome.passed).toBe(true);
    expect(progress).toEqual([0.5]);
    expect(sent).toEqual({ url: "https://ff.example/api/v1/upload", credentials: true, meta: JSON.stringify(meta) });
  });

  it("builds the stream URL from the base or the page location", () => {
    expect(createApiClient({ baseUrl: "https://ff.example/" }).streamUrl()).toBe("wss://ff.example/api/v1/stream");
    expect(createApiClient({ location: { protocol: "http:", host: "127.0.0.1:8080" } }).streamUrl()).toBe("ws://127.0.0.1:8080/api/v1/stream");
  });
});
