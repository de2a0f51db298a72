import { describe, expect, it } from "vitest";
import captureJson from "../../flows/capture.json";
import { captureFileSchema } from "../../schemas/capture";
import { DOWNGRADE_REASONS } from "../../schemas/session";
import { ApiError } from "../../src/api/apiError";
import { UNMAPPED_API_ERROR_STAT } from "../../src/api/screenForApiError";
import type { CaptureRequest } from "../../src/capture/contract";
import { streamUrlFor, isKnownHost } from "../../src/capture/stream/streamHost";
import { createWebsocketHandlerWith, type WebsocketHandlerEnv } from "../../src/capture/websocketHandler";
import {
  captureDeps,
  eventLog,
  fakeApi,
  fakeFrames,
  fakeStream,
  fakeStreamService,
  grantedCamera,
  manualClock,
  ORDER_NO,
  type ManualClock,
  type ServiceScript,
} from "./websocketHandlerFakes";

const capture = captureFileSchema.parse(captureJson);

const silent: CaptureRequest = {
  liveMode: "silent",
  will: false,
  digits: null,
  actions: [],
  question: null,
  durationMs: { min: 1000, max: 3000 },
  audio: false,
  facing: "user",
  promptLeadMs: 0,
};

function setUp(script: ServiceScript = {}, overrides: Partial<WebsocketHandlerEnv> = {}) {
  const clock = manualClock();
  const camera = fakeStream();
  const frames = fakeFrames();
  const service = fakeStreamService(script);
  let cameraAsks = 0;
  const env: WebsocketHandlerEnv = {
    openCamera: async (audio) => {
      cameraAsks += 1;
      expect(audio).toBe(false);
      return grantedCamera(camera.stream)();
    },
    frames: () => frames.source,
    openSocket: service.open,
    pageHostname: "127.0.0.1",
    streamingSupported: true,
    timers: clock,
    settings: capture.streamClient,
    firstFrameTimeoutMs: 15_000,
    countdownSeconds: 3,
    ...overrides,
  };
  const deps = captureDeps(clock);
  const handler = createWebsocketHandlerWith(deps, env);
  return { clock, camera, frames, service, handler, env, deps, cameraAsks: () => cameraAsks };
}

/** Starts the attempt and brings it to the first frame on screen. */
async function startToFirstFrame(s: ReturnType<typeof setUp>, clock: ManualClock, request = silent) {
  const log = eventLog();
  const outcome = s.handler.start(request, log.onEvent);
  await clock.advance(0);
  s.frames.ready();
  await clock.advance(0);
  return { log, outcome };
}

describe("websocket handler: a stream handed to the service", () => {
  it("streams JPEG frames at about 10 fps over the window and resolves with the attempt the service verifies", async () => {
    const s = setUp();
    const { log, outcome } = await startToFirstFrame(s, s.clock);
    expect(log.types().slice(0, 2)).toEqual(["preview", "cameraReady"]);
    // 3-2-1 while the service gets ready; no frame goes out before it ends.
    await s.clock.advance(2999);
    expect(s.service.binaries()).toBe(0);
    await s.clock.advance(1 + 3000);
    const result = await outcome;

    // The verdict is not on the socket: the page follows the attempt with the long poll.
    expect(result).toEqual({ kind: "accepted", accepted: { state: "accepted", attempt: 1 } });
    const types = s.service.texts().map((m) => m.type);
    expect(types[0]).toBe("start");
    expect(s.service.texts()[0]).toEqual({ type: "start", orderNo: ORDER_NO });
    expect(types.at(-1)).toBe("end");
    expect(s.service.texts().at(-1)).toEqual({ type: "end", reason: "done" });
    // recordingPlan: the window 1-3 s stops at 2750 ms; at 10 fps that is about 28 frames.
    expect(s.service.binaries()).toBeGreaterThanOrEqual(26);
    expect(s.service.binaries()).toBeLessThanOrEqual(29);
    expect(s.service.invalid).toEqual([]);
    // Each frame is announced, then sent as exactly the bytes announced.
    s.service.sent.forEach((message, index) => {
      if (message.kind !== "binary") return;
      const announcement = s.service.sent[index - 1];
      expect(announcement?.kind === "text" && announcement.json).toMatchObject({ type: "frame", binaryBytes: message.bytes });
    });
    const seqs = s.service.texts().filter((m) => m.type === "frame").map((m) => (m as unknown as { seq: number }).seq);
    expect(seqs).toEqual(seqs.map((_, i) => i));
  });

  it("reports progress from the acknowledgements, up to the hand-over", async () => {
    const s = setUp();
    const { log, outcome } = await startToFirstFrame(s, s.clock);
    await s.clock.advance(7000);
    await outcome;
    const fractions = log.events.flatMap((e) => (e.type === "progress" ? [e.fraction] : []));
    expect(fractions.length).toBeGreaterThan(20);
    expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
    expect(fractions.at(-1)).toBe(1);
    expect(log.types()).toContain("countdown");
    expect(log.types()).toContain("recording");
  });

  it("prompts each action of action mode in turn", async () => {
    const s = setUp();
    const { log, outcome } = await startToFirstFrame(s, s.clock, { ...silent, liveMode: "action", actions: ["2", "3"], durationMs: { min: 1000, max: 5000 } });
    await s.clock.advance(10_000);
    await outcome;
    expect(log.events.filter((e) => e.type === "prompt")).toEqual([
      { type: "prompt", actionIndex: 0 },
      { type: "prompt", actionIndex: 1 },
    ]);
  });

  it("releases the camera and the frame source once the service took the stream on", async () => {
    const s = setUp();
    const { outcome } = await startToFirstFrame(s, s.clock);
    await s.clock.advance(7000);
    await outcome;
    expect(s.camera.released()).toBe(true);
    expect(s.frames.released()).toBe(true);
    expect(s.clock.pending()).toBe(0);
  });

  it("ends at the window's minimum when the user stops early", async () => {
    const s = setUp();
    const { outcome } = await startToFirstFrame(s, s.clock);
    await s.clock.advance(3000 + 200);
    s.handler.stop();
    await s.clock.advance(1200);
    // recordingPlan's earliest stop for 1-3 s is 1200 ms: about 12 frames, not 28.
    expect(s.service.texts().at(-1)).toEqual({ type: "end", reason: "done" });
    expect(s.service.binaries()).toBeLessThanOrEqual(14);
    await s.clock.advance(100);
    expect((await outcome).kind).toBe("accepted");
  });
});

describe("websocket handler: failures", () => {
  it("a socket that closes before the hand-over is a front error (weak network)", async () => {
    const s = setUp({ accept: null });
    const { outcome } = await startToFirstFrame(s, s.clock);
    await s.clock.advance(3500);
    s.service.closeFromServer(1006);
    expect(await outcome).toEqual({ kind: "failed", status: "seniorException", frontError: true });
    expect(s.camera.released()).toBe(true);
  });

  it("no 'ready' from the service in time is a front error (very poor network)", async () => {
    const s = setUp({ ready: false });
    const { outcome } = await startToFirstFrame(s, s.clock);
    await s.clock.advance(capture.streamClient.connectTimeoutMs);
    expect(await outcome).toEqual({ kind: "failed", status: "seniorTimeout", frontError: true });
  });

  it("frames nobody acknowledges time out as a front error", async () => {
    const s = setUp({ ack: false, accept: null });
    const { outcome } = await startToFirstFrame(s, s.clock);
    await s.clock.advance(3000 + 1000 + capture.streamClient.ackTimeoutMs);
    expect(await outcome).toEqual({ kind: "failed", status: "seniorTimeout", frontError: true });
    // Unacknowledged frames are capped: the page never floods a stalled link.
    expect(s.service.binaries()).toBe(capture.streamClient.maxUnackedFrames);
  });

  it("a refusal of the pictures maps to its screen and counts as a front error", async () => {
    const s = setUp();
    const { outcome } = await startToFirstFrame(s, s.clock);
    await s.clock.advance(3200);
    s.service.deliver({ type: "error", code: "STREAM_FRAME_TOO_SMALL", message: "frame 1 has 900 bytes" });
    expect(await outcome).toEqual({ kind: "failed", status: "websocket_webcamPicSmallException", frontError: true });
  });

  it("a refusal about the session is shown but is not the websocket's fault", async () => {
    const s = setUp();
    const { outcome } = await startToFirstFrame(s, s.clock);
    s.service.deliver({ type: "error", code: "SESSION_INVALID", message: "no valid session" });
    expect(await outcome).toEqual({ kind: "failed", status: "401Exception" });
  });

  it("a code without a screen shows the general error, counts as a front error, and is recorded", async () => {
    const s = setUp();
    const { outcome } = await startToFirstFrame(s, s.clock);
    s.service.deliver({ type: "error", code: "SOMETHING_NEWER", message: "from a newer service" });
    expect(await outcome).toEqual({ kind: "failed", status: "exception", frontError: true });
    expect(s.deps.stats.pending().map((e) => [e.name, e.data.code])).toEqual([[UNMAPPED_API_ERROR_STAT, "SOMETHING_NEWER"]]);
  });

  it("the service going quiet after end is a timeout, and a verdict on the socket (an older service) a protocol failure", async () => {
    const quiet = setUp({ accept: null });
    const first = await startToFirstFrame(quiet, quiet.clock);
    await quiet.clock.advance(3000 + 3000);
    expect(quiet.service.texts().at(-1)).toEqual({ type: "end", reason: "done" });
    await quiet.clock.advance(capture.streamClient.resultTimeoutMs);
    expect(await first.outcome).toEqual({ kind: "failed", status: "seniorTimeout", frontError: true });

    const old = setUp({ accept: null });
    const second = await startToFirstFrame(old, old.clock);
    await old.clock.advance(3200);
    old.service.deliver(JSON.stringify({ type: "result", passed: true, code: "0", finished: true, attemptsLeft: 2, checks: [] }));
    expect(await second.outcome).toEqual({ kind: "failed", status: "exception", frontError: true });
  });

  it("a message that is not the protocol's ends the stream", async () => {
    const s = setUp();
    const { outcome } = await startToFirstFrame(s, s.clock);
    s.service.deliver(JSON.stringify({ type: "ack", seq: "one" }));
    expect(await outcome).toEqual({ kind: "failed", status: "exception", frontError: true });
  });

  it("a socket the browser refuses to open is a front error", async () => {
    const s = setUp({}, {
      openSocket: () => {
        throw new DOMException("blocked by CSP", "SecurityError");
      },
    });
    const { outcome } = await startToFirstFrame(s, s.clock);
    expect(await outcome).toEqual({ kind: "failed", status: "seniorException", frontError: true });
  });

  it("a camera that refuses goes to its screen with the downgrade reason, without opening a socket", async () => {
    const s = setUp({}, {
      openCamera: async () => ({ ok: false, reason: DOWNGRADE_REASONS.webcamNoPermissionNormally, status: "trtc_androidNoWebcamPermission", error: "NotAllowedError" }),
    });
    const outcome = s.handler.start(silent, () => undefined);
    await s.clock.advance(0);
    expect(await outcome).toEqual({ kind: "failed", status: "trtc_androidNoWebcamPermission", downgrade: DOWNGRADE_REASONS.webcamNoPermissionNormally });
    expect(s.service.urls).toEqual([]);
  });

  it("a camera that never shows a picture is given up after the wave timeout", async () => {
    const s = setUp();
    const outcome = s.handler.start(silent, () => undefined);
    await s.clock.advance(15_000);
    expect(await outcome).toEqual({ kind: "failed", status: "trtc_cameraError", frontError: true });
    expect(s.camera.released()).toBe(true);
  });

  it("a config the service refuses shows that refusal's screen", async () => {
    const clock = manualClock();
    const api = fakeApi({ config: async () => Promise.reject(new ApiError(401, "SESSION_INVALID", "expired")) });
    const s = setUp();
    const handler = createWebsocketHandlerWith(captureDeps(clock, api), { ...s.env, timers: clock });
    expect(await handler.start(silent, () => undefined)).toEqual({ kind: "failed", status: "401Exception" });
    expect(s.cameraAsks()).toBe(0);
  });

  it("dispose in the middle cancels the attempt with the service and lets everything go", async () => {
    const s = setUp({ accept: null });
    const { outcome } = await startToFirstFrame(s, s.clock);
    await s.clock.advance(3500);
    s.handler.dispose();
    expect(await outcome).toEqual({ kind: "cancelled" });
    expect(s.service.texts().at(-1)).toEqual({ type: "end", reason: "cancel" });
    expect(s.service.closedByClient()).not.toBeNull();
    expect(s.camera.released()).toBe(true);
    expect(s.frames.released()).toBe(true);
    expect(s.clock.pending()).toBe(0);
    s.handler.dispose();
  });

  it("runs one attempt per instance", async () => {
    const s = setUp();
    void s.handler.start(silent, () => undefined);
    await expect(s.handler.start(silent, () => undefined)).rejects.toThrow(/one attempt/);
    s.handler.dispose();
  });
});

describe("websocket host rule (spec §4)", () => {
  const rule = { knownHosts: ["verify.example.com", "*.faceflow.example"], defaultOrigin: "wss://stream.faceflow.example" };

  it("keeps the page's host when it is a known verification host", () => {
    expect(streamUrlFor("wss://verify.example.com/api/v1/stream?session=ab", "verify.example.com", rule)).toBe(
      "wss://verify.example.com/api/v1/stream?session=ab",
    );
    expect(streamUrlFor("wss://eu.faceflow.example/api/v1/stream", "eu.faceflow.example", rule)).toBe("wss://eu.faceflow.example/api/v1/stream");
  });

  it("streams to the configured default from any other host, keeping path and session", () => {
    expect(streamUrlFor("ws://cdn.example.net:8080/api/v1/stream?session=ab", "cdn.example.net", rule)).toBe(
      "wss://stream.faceflow.example/api/v1/stream?session=ab",
    );
  });

  it("matches subdomain patterns by whole labels only", () => {
    expect(isKnownHost("a.faceflow.example", rule.knownHosts)).toBe(true);
    expect(isKnownHost("faceflow.example", rule.knownHosts)).toBe(false);
    expect(isKnownHost("evilfaceflow.example", rule.knownHosts)).toBe(false);
    expect(isKnownHost("VERIFY.example.com", rule.knownHosts)).toBe(true);
  });

  it("without a configured default, stays on the page's host", () => {
    expect(streamUrlFor("ws://other.example/api/v1/stream", "other.example", { knownHosts: [], defaultOrigin: null })).toBe("ws://other.example/api/v1/stream");
  });

  it("the shipped data knows the local hosts and has no default", () => {
    expect(capture.streamClient.knownHosts).toEqual(expect.arrayContaining(["localhost", "127.0.0.1"]));
    expect(capture.streamClient.defaultOrigin).toBeNull();
  });
});
