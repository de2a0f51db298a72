/**
 * The websocket handler against the real service's streaming endpoint (src/server/routes/
 * stream.ts), over a real socket (the `ws` client; Node 20 has no global WebSocket): the
 * protocol the handler speaks is the one the service accepts, the attempt it resolves with is
 * the one the service opened for the stream, and following it reaches the verdict the
 * service recorded for the order.
 */
import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import captureJson from "../../flows/capture.json";
import { captureFileSchema } from "../../schemas/capture";
import { createStatsRecorder } from "../../src/analytics/statsRecorder";
import { createApiClient } from "../../src/api/client";
import { awaitVerdict } from "../../src/capture/awaitVerdict";
import type { CaptureEvent } from "../../src/capture/contract";
import type { WebSocketLike } from "../../src/capture/stream/streamConnection";
import { createWebsocketHandlerWith } from "../../src/capture/websocketHandler";
import { Browser, launchParams, orderRequest, startService, type Service } from "../server/harness";
import { loadDefinitions } from "../engine/fixtures";
import { buildDeviceInfo } from "../../src/device/buildDeviceInfo";
import { formatDeviceInfo } from "../../src/domain/deviceInfo";
import { detectMessagingApp } from "../../src/device/messagingApp";
import { parseDevice } from "../../src/device/parseDevice";
import { fakeFrames, fakeStream, grantedCamera } from "./websocketHandlerFakes";

type WsConstructor = new (url: string, options?: { headers?: Record<string, string> }) => WebSocketLike;
const WebSocketClient = createRequire(import.meta.url)("ws") as WsConstructor;

const capture = captureFileSchema.parse(captureJson);

const ANDROID = "Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36";
/** What the page builds (src/flow/deviceInfo.ts) for a websocket attempt. */
const deviceInfo = formatDeviceInfo(
  buildDeviceInfo({
    device: parseDevice(ANDROID),
    messagingApp: detectMessagingApp(ANDROID, { inIframe: false }),
    networkType: null,
    theme: "",
    grayVersion: "0",
    runtime: { trtc: 2, h5conf: [], h5downgrade: [] },
  }),
);

describe("websocket handler with the real streaming endpoint", () => {
  let service: Service;
  beforeAll(async () => {
    service = await startService();
  });
  afterAll(async () => {
    await service.close();
  });

  it("streams a silent check, resolves with the attempt the service verifies, and its verdict is the one recorded; the attempt keeps the page's device-info string (spec §3)", async () => {
    // The service takes streams only from launches that enable them.
    const order = await service.partner.createOrder(orderRequest(service, { liveType: "3", actions: undefined, launch: { ws_mode_switch: "1" } }));
    const browser = new Browser(service.baseUrl);
    expect((await browser.login(launchParams(order.launchUrl))).status).toBe(200);
    const api = createApiClient({ baseUrl: service.baseUrl, fetch: browser.fetch });
    const camera = fakeStream();
    const frames = fakeFrames(6000);
    frames.ready();
    const handler = createWebsocketHandlerWith(
      { win: {} as Window, now: () => performance.now(), api, launch: {}, capture, apps: loadDefinitions().apps, stats: createStatsRecorder(() => 0), describeDevice: async () => deviceInfo },
      {
        openCamera: grantedCamera(camera.stream),
        frames: () => frames.source,
        openSocket: (url) => new WebSocketClient(url, { headers: { cookie: browser.cookieHeader() } }),
        pageHostname: "127.0.0.1",
        streamingSupported: true,
        timers: { setTimeout: (callback, ms) => setTimeout(callback, ms), clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout) },
        settings: capture.streamClient,
        firstFrameTimeoutMs: 5000,
        countdownSeconds: 0,
      },
    );
    const events: CaptureEvent[] = [];
    // Silent mode shows the light challenge: the page fetches it (opening the attempt) before it streams.
    await api.light();
    const outcome = await handler.start(
      { liveMode: "silent", will: false, digits: null, actions: [], question: null, durationMs: { min: 1000, max: 1600 }, audio: false, facing: "user", promptLeadMs: 0 },
      (event) => events.push(event),
    );

    // The light's draw opened attempt 1; the stream answers it as an attempt of its own channel, 2.
    expect(outcome).toEqual({ kind: "accepted", accepted: { state: "accepted", attempt: 2 } });
    expect(events.filter((e) => e.type === "progress").length).toBeGreaterThan(5);
    expect(camera.released()).toBe(true);
    if (outcome.kind !== "accepted") return;

    // The frames are not pictures of anyone: what matters here is that the wait reaches the recorded verdict.
    const steps: string[] = [];
    const verdict = await awaitVerdict({
      api,
      accepted: outcome.accepted,
      onProgress: ({ step }) => steps.push(step),
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      now: () => performance.now(),
      limits: { longPollMs: 5_000, maxTotalMs: 60_000 },
      stats: createStatsRecorder(() => 0),
    });
    expect(verdict.ok).toBe(true);
    const view = await service.partner.getOrder(order.orderNo);
    const attempt = view.attempts.at(-1);
    expect(attempt).toMatchObject({ seq: 2, channel: "stream", deviceInfo });
    if (verdict.ok) expect(attempt?.status).toBe(verdict.outcome.passed ? "passed" : "failed");
    if (verdict.ok) expect(attempt?.code).toBe(verdict.outcome.code);
  }, 90_000);

  it("a stream without a session is refused and shown as the expired-login screen, not counted against the websocket", async () => {
    const order = await service.partner.createOrder(orderRequest(service, { liveType: "3", actions: undefined, launch: { ws_mode_switch: "1" } }));
    const browser = new Browser(service.baseUrl);
    await browser.login(launchParams(order.launchUrl));
    const api = createApiClient({ baseUrl: service.baseUrl, fetch: browser.fetch });
    const frames = fakeFrames();
    frames.ready();
    const handler = createWebsocketHandlerWith(
      { win: {} as Window, now: () => performance.now(), api, launch: {}, capture, apps: loadDefinitions().apps, stats: createStatsRecorder(() => 0) },
      {
        openCamera: grantedCamera(fakeStream().stream),
        frames: () => frames.source,
        // No cookie on the socket: the service cannot tell whose stream this is.
        openSocket: (url) => new WebSocketClient(url),
        pageHostname: "127.0.0.1",
        streamingSupported: true,
        timers: { setTimeout: (callback, ms) => setTimeout(callback, ms), clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout) },
        settings: capture.streamClient,
        firstFrameTimeoutMs: 5000,
        countdownSeconds: 0,
      },
    );
    const outcome = await handler.start(
      { liveMode: "silent", will: false, digits: null, actions: [], question: null, durationMs: { min: 1000, max: 1600 }, audio: false, facing: "user", promptLeadMs: 0 },
      () => undefined,
    );
    expect(outcome).toEqual({ kind: "failed", status: "401Exception" });
  });
});
