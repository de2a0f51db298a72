/**
 * The real-time video adapter and handler against a fake module with trtc-sdk-v5's shape
 * (the TRTC cloud is external and cannot be reached from a test): what the handler asks the
 * SDK to do, in which order, and how every way it can fail becomes an outcome.
 */
import { describe, expect, it } from "vitest";
import captureJson from "../../flows/capture.json";
import type { TrtcRoomConfig } from "../../schemas/api";
import { captureFileSchema } from "../../schemas/capture";
import { DOWNGRADE_REASONS } from "../../schemas/session";
import type { CaptureRequest } from "../../src/capture/contract";
import { createStatsRecorder } from "../../src/analytics/statsRecorder";
import type { MediaRecorderClass } from "../../src/capture/recorder/streamRecording";
import { createTrtcHandlerWith, type TrtcHandlerEnv } from "../../src/capture/trtc/trtcHandler";
import { trtcModuleFrom, TrtcSdkShapeError } from "../../src/capture/trtc/trtcModule";
import { checkRecordingBeforeUpload, type Recording } from "../../src/flow/attempt/submit";
import { captureDeps, eventLog, fakeApi, fakeStream, grantedCamera, manualClock, orderConfig, type ManualClock } from "./websocketHandlerFakes";

const ROOM: TrtcRoomConfig = {
  sdkAppId: 1400000001,
  userId: "ff_0123456789abcdef01234567",
  userSig: "eJyrVgrxCdYrSy1SslIy0jNQ0gHzM1OKUE",
  roomId: "ORDER-0001-abcdef",
  expiresAt: "2030-01-01T00:15:00.000Z",
};

const number: CaptureRequest = {
  liveMode: "number",
  will: false,
  digits: "1234",
  actions: [],
  question: null,
  durationMs: { min: 2000, max: 5000 },
  audio: true,
  facing: "user",
  promptLeadMs: 0,
};

/** A module namespace shaped like trtc-sdk-v5's (a UMD default export), recording every call. */
function fakeSdk(options: { supported?: boolean; enterFails?: boolean } = {}) {
  const calls: string[] = [];
  const args: Record<string, unknown> = {};
  const listeners = new Map<string, (...a: unknown[]) => void>();
  class FakeTRTC {
    static EVENT = { ERROR: "error", KICKED_OUT: "kicked-out", AUTOPLAY_FAILED: "autoplay-failed" };
    static create() {
      calls.push("create");
      return new FakeTRTC();
    }
    static async isSupported() {
      calls.push("isSupported");
      return { result: options.supported ?? true, detail: { isWebRTCSupported: options.supported ?? true } };
    }
    async enterRoom(params: unknown) {
      calls.push("enterRoom");
      args.enterRoom = params;
      if (options.enterFails) throw Object.assign(new Error("userSig expired"), { code: 5000 });
    }
    async startLocalVideo(config: unknown) {
      calls.push("startLocalVideo");
      args.startLocalVideo = config;
    }
    async startLocalAudio(config: unknown) {
      calls.push("startLocalAudio");
      args.startLocalAudio = config;
    }
    async exitRoom() {
      calls.push("exitRoom");
    }
    destroy() {
      calls.push("destroy");
    }
    on(event: string, handler: (...a: unknown[]) => void) {
      listeners.set(event, handler);
      return this;
    }
  }
  return { namespace: { default: FakeTRTC }, calls, args, emit: (event: string) => listeners.get(event)?.() };
}

/** MediaRecorder double: records nothing but a small blob, as the real one hands chunks over on stop. */
function fakeRecorder(): { Recorder: MediaRecorderClass; started: () => number } {
  let started = 0;
  class FakeRecorder extends EventTarget {
    static isTypeSupported = (type: string) => type.startsWith("video/webm");
    state: "inactive" | "recording" = "inactive";
    mimeType = "video/webm;codecs=vp8,opus";
    constructor(readonly stream: MediaStream) {
      super();
    }
    start() {
      started += 1;
      this.state = "recording";
      this.dispatchEvent(new Event("start"));
    }
    stop() {
      this.state = "inactive";
      const data = new Event("dataavailable") as Event & { data: Blob };
      data.data = new Blob([new Uint8Array(80_000)], { type: this.mimeType });
      this.dispatchEvent(data);
      this.dispatchEvent(new Event("stop"));
    }
  }
  return { Recorder: FakeRecorder as unknown as MediaRecorderClass, started: () => started };
}

function setUp(options: { room?: TrtcRoomConfig | null; sdk?: ReturnType<typeof fakeSdk>; recorder?: boolean; loadFails?: boolean } = {}) {
  const clock = manualClock();
  const sdk = options.sdk ?? fakeSdk();
  const camera = fakeStream({ audio: true });
  const recorder = fakeRecorder();
  let loads = 0;
  let spoken: string | null = null;
  let markFirstFrame: () => void = () => undefined;
  const env: TrtcHandlerEnv = {
    loadSdk: async () => {
      loads += 1;
      if (options.loadFails) throw new Error("chunk failed to load");
      return trtcModuleFrom(sdk.namespace);
    },
    openCamera: grantedCamera(camera.stream),
    waitForFirstFrame: () => ({ ready: new Promise<void>((resolve) => (markFirstFrame = resolve)), cancel: () => undefined }),
    Recorder: options.recorder === false ? undefined : recorder.Recorder,
    speak: (text) => {
      spoken = text;
      return () => undefined;
    },
    timers: clock,
    countdownSeconds: 3,
    firstFrameTimeoutMs: 15_000,
    enterRoomTimeoutMs: 15_000,
  };
  const room = options.room === undefined ? ROOM : options.room;
  const api = fakeApi({ config: async () => orderConfig({ liveType: "1", modes: { rtc: true, ws: false, prioriMode: false }, trtc: room }) });
  const handler = createTrtcHandlerWith(captureDeps(clock, api), env);
  return { clock, sdk, camera, recorder, handler, loads: () => loads, firstFrame: () => markFirstFrame(), spoken: () => spoken };
}

async function run(s: ReturnType<typeof setUp>, clock: ManualClock, request = number, ms = 10_000) {
  const log = eventLog();
  const outcome = s.handler.start(request, log.onEvent);
  await clock.advance(0);
  s.firstFrame();
  await clock.advance(ms);
  return { log, outcome: await outcome };
}

describe("trtc adapter: the module's shape", () => {
  it("accepts the SDK's default export and wraps its calls", async () => {
    const sdk = fakeSdk();
    const module = trtcModuleFrom(sdk.namespace);
    expect(await module.isSupported()).toMatchObject({ result: true });
    expect(module.EVENT).toEqual({ ERROR: "error", KICKED_OUT: "kicked-out" });
    const client = module.create();
    await client.exitRoom();
    client.destroy();
    expect(sdk.calls).toEqual(["isSupported", "create", "exitRoom", "destroy"]);
  });

  it("names what is missing from a module of another shape", () => {
    expect(() => trtcModuleFrom({ default: { isSupported: async () => ({ result: true }), EVENT: {} } })).toThrow(/TRTC\.create\(\)/);
    expect(() => trtcModuleFrom({ default: { create: () => ({}), isSupported: () => undefined } })).toThrow(/TRTC\.EVENT/);
    expect(() => trtcModuleFrom(undefined)).toThrow(TrtcSdkShapeError);
    const noExit = { default: { create: () => ({ enterRoom() {}, startLocalVideo() {}, startLocalAudio() {}, destroy() {}, on() {} }), isSupported: async () => ({ result: true }), EVENT: { ERROR: "e", KICKED_OUT: "k" } } };
    expect(() => trtcModuleFrom(noExit).create()).toThrow(/trtc\.exitRoom\(\)/);
  });

  it("refuses an isSupported answer without a result", async () => {
    const module = trtcModuleFrom({ default: { create: () => ({}), isSupported: async () => "yes", EVENT: { ERROR: "e", KICKED_OUT: "k" } } });
    await expect(module.isSupported()).rejects.toThrow(TrtcSdkShapeError);
  });
});

describe("trtc handler", () => {
  it("enters the order's room, publishes the page's own tracks, records the window and leaves", async () => {
    const s = setUp();
    const { log, outcome } = await run(s, s.clock);
    expect(outcome).toMatchObject({ kind: "recording", mimeType: "video/webm;codecs=vp8,opus" });
    if (outcome.kind !== "recording") return;
    expect(outcome.blob.size).toBe(80_000);
    // recordingPlan stops 250 ms before the window's maximum.
    expect(outcome.durationMs).toBe(4750);
    expect(s.sdk.calls).toEqual(["isSupported", "create", "enterRoom", "startLocalVideo", "startLocalAudio", "exitRoom", "destroy"]);
    expect(s.sdk.args.enterRoom).toEqual({
      sdkAppId: ROOM.sdkAppId,
      userId: ROOM.userId,
      userSig: ROOM.userSig,
      strRoomId: ROOM.roomId,
      autoReceiveAudio: false,
      autoReceiveVideo: false,
    });
    const [videoTrack] = s.camera.stream.getVideoTracks();
    const [audioTrack] = s.camera.stream.getAudioTracks();
    expect(s.sdk.args.startLocalVideo).toEqual({ view: null, publish: true, option: { videoTrack, profile: "480p" } });
    expect(s.sdk.args.startLocalAudio).toEqual({ publish: true, option: { audioTrack } });
    expect(log.types().slice(0, 2)).toEqual(["preview", "cameraReady"]);
    expect(log.events.filter((e) => e.type === "countdown").map((e) => (e as { secondsLeft: number }).secondsLeft)).toEqual([3, 2, 1]);
    expect(log.types()).toContain("recording");
    expect(s.camera.released()).toBe(true);
    expect(s.recorder.started()).toBe(1);
  });

  it("does not publish the microphone when the check records no sound", async () => {
    const s = setUp();
    await run(s, s.clock, { ...number, liveMode: "silent", digits: null, audio: false, durationMs: { min: 1000, max: 3000 } });
    expect(s.sdk.calls).not.toContain("startLocalAudio");
  });

  it("speaks the will question while entering the room", async () => {
    const s = setUp();
    await run(s, s.clock, { ...number, will: true, question: "您是否同意本次授权？", durationMs: { min: 1000, max: 8000 } }, 12_000);
    expect(s.spoken()).toBe("您是否同意本次授权？");
  });

  it("without a room ticket (no TRTC credentials on the service) downgrades without loading the SDK", async () => {
    const s = setUp({ room: null });
    const { outcome } = await run(s, s.clock);
    expect(outcome).toEqual({ kind: "failed", status: "browserNotSupport", downgrade: DOWNGRADE_REASONS.trtcSdkCheckNoSupport });
    expect(s.loads()).toBe(0);
    expect(s.sdk.calls).toEqual([]);
  });

  it("a browser the SDK does not support downgrades before the camera is asked for", async () => {
    const s = setUp({ sdk: fakeSdk({ supported: false }) });
    const { log, outcome } = await run(s, s.clock);
    expect(outcome).toEqual({ kind: "failed", status: "browserNotSupport", downgrade: DOWNGRADE_REASONS.trtcSdkCheckNoSupport });
    expect(s.sdk.calls).toEqual(["isSupported"]);
    expect(log.events).toEqual([]);
  });

  it("a browser without MediaRecorder downgrades too: the service would have nothing to judge", async () => {
    const s = setUp({ recorder: false });
    const { outcome } = await run(s, s.clock);
    expect(outcome).toMatchObject({ downgrade: DOWNGRADE_REASONS.trtcSdkCheckNoSupport });
    expect(s.loads()).toBe(0);
  });

  it("an SDK that fails to load is a front error", async () => {
    const s = setUp({ loadFails: true });
    const { outcome } = await run(s, s.clock);
    expect(outcome).toEqual({ kind: "failed", status: "trtc_serviceError", frontError: true });
  });

  it("a room that cannot be entered is a front error, and the client is destroyed", async () => {
    const s = setUp({ sdk: fakeSdk({ enterFails: true }) });
    const { outcome } = await run(s, s.clock);
    expect(outcome).toEqual({ kind: "failed", status: "trtc_serviceError", frontError: true });
    expect(s.sdk.calls.slice(-2)).toEqual(["exitRoom", "destroy"]);
    expect(s.camera.released()).toBe(true);
  });

  it("being kicked out of the room ends the attempt as a front error", async () => {
    const s = setUp();
    const log = eventLog();
    const outcome = s.handler.start(number, log.onEvent);
    await s.clock.advance(0);
    s.firstFrame();
    await s.clock.advance(4000);
    s.sdk.emit("kicked-out");
    expect(await outcome).toEqual({ kind: "failed", status: "trtc_exception", frontError: true });
    await s.clock.advance(0);
    expect(s.sdk.calls.slice(-2)).toEqual(["exitRoom", "destroy"]);
  });

  it("dispose leaves the room and releases the camera", async () => {
    const s = setUp();
    const outcome = s.handler.start(number, () => undefined);
    await s.clock.advance(0);
    s.firstFrame();
    await s.clock.advance(3500);
    s.handler.dispose();
    expect(await outcome).toEqual({ kind: "cancelled" });
    await s.clock.advance(0);
    expect(s.sdk.calls.slice(-2)).toEqual(["exitRoom", "destroy"]);
    expect(s.camera.released()).toBe(true);
    expect(s.clock.pending()).toBe(0);
  });

  it("a user's early stop is held until the window's minimum", async () => {
    const s = setUp();
    const outcome = s.handler.start(number, () => undefined);
    await s.clock.advance(0);
    s.firstFrame();
    await s.clock.advance(3000 + 500);
    s.handler.stop();
    await s.clock.advance(3000);
    const result = await outcome;
    expect(result.kind).toBe("recording");
    // recordingPlan's earliest stop for 2-5 s without actions is 2200 ms.
    if (result.kind === "recording") expect(result.durationMs).toBe(2200);
  });
});

describe("the real-time page's hand-over of the recording", () => {
  // The upload itself, kept for another try when no answer came, is the attempt machine's,
  // the same as the recording pages' (tests/flow/attempt/attemptMachine.test.ts).
  const limits = captureFileSchema.parse(captureJson);
  const recording = (durationMs: number): Recording => ({ kind: "recorder", blob: new Blob([new Uint8Array(80_000)], { type: "video/webm" }), mimeType: "video/webm", durationMs });

  it("checks the recording made in the room as the recording pages check theirs", () => {
    expect(checkRecordingBeforeUpload(recording(4750), number, { limits, platform: "android" })).toMatchObject({ ok: true });
  });

  it("refuses a recording outside the window before anything is sent", () => {
    expect(checkRecordingBeforeUpload(recording(900), number, { limits, platform: "android" })).toMatchObject({ ok: false, status: "shortException" });
  });
});
