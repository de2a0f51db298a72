/**
 * The attempt machine (src/flow/attempt/attemptMachine.ts) without React or a DOM: a fake
 * clock, scripted capture handlers, a scripted service and port doubles. What each page
 * family goes through, from arriving to the exit it leaves by.
 */
import { scriptedHandlers } from "../../capture/scriptedHandlers";
import { describe, expect, it, vi } from "vitest";
import type { AttemptOutcome, AttemptState as ServiceAttemptState, OrderConfig, ResultResponse, UploadMeta } from "../../../schemas/api";
import { DOWNGRADE_REASONS, storedValueSchemas } from "../../../schemas/session";
import { createStatsRecorder } from "../../../src/analytics/statsRecorder";
import { ApiError } from "../../../src/api/apiError";
import type { ApiClient } from "../../../src/api/client";
import type { CaptureEvent, CaptureKind, CaptureOutcome, CaptureRequest } from "../../../src/capture/contract";
import { promptsShownBefore } from "../../../src/capture/promptLog";
import { createAttemptMachine } from "../../../src/flow/attempt/attemptMachine";
import type { AttemptExit, AttemptOptions, KindChoice } from "../../../src/flow/attempt/ports";
import { selectCanStart, selectUploadFraction, selectVerifying } from "../../../src/flow/attempt/selectors";
import { createSessionState } from "../../../src/session/sessionState";
import { createKycStorage, createMemoryBackend } from "../../../src/session/storage";
import { loadDefinitions } from "../../engine/fixtures";
import { manualClock } from "../../capture/websocketHandlerFakes";
import { shippedCapture, shippedKindRegistry } from "../../capture/shippedKinds";

const PASSED: AttemptOutcome = { passed: true, code: "0", finished: true, attemptsLeft: 2, checks: [] };
const RESULT: ResultResponse = {
  orderNo: "O-1",
  state: "passed",
  returnUrl: "https://p.example/back",
  redirectType: null,
  payload: { orderNo: "O-1", code: "0", signature: "a".repeat(64), newSignature: "b".repeat(64), liveRate: "100" },
};
const network = () => new ApiError(0, "NETWORK_ERROR", "offline");

/** The service: uploads answered from `uploads` in turn, each accepted one judged at the first poll. */
function fakeService(uploads: (AttemptOutcome | Error)[] = [PASSED]) {
  const sent: UploadMeta[] = [];
  const verdicts = new Map<number, AttemptOutcome>();
  const api = {
    digits: vi.fn(async () => ({ digits: "5820" })),
    config: vi.fn(async () => ({ will: { question: "同意吗？", willType: "1" }, guidance: false }) as unknown as OrderConfig),
    async upload(meta: UploadMeta) {
      sent.push(meta);
      const answer = uploads[sent.length - 1];
      if (answer === undefined) throw new Error("upload not scripted");
      if (answer instanceof Error) throw answer;
      verdicts.set(verdicts.size + 1, answer);
      return { state: "verifying", attempt: verdicts.size, step: "queued", progress: 0 } satisfies ServiceAttemptState;
    },
    attemptState: vi.fn(async (attempt: number): Promise<ServiceAttemptState> => {
      const outcome = verdicts.get(attempt);
      if (outcome === undefined) throw new ApiError(404, "ATTEMPT_NOT_FOUND", `attempt ${attempt}`);
      return { state: "judged", attempt, outcome };
    }),
    result: vi.fn(async () => RESULT),
  };
  return { api: api as unknown as ApiClient, calls: api, sent, verdicts };
}

function setUp(options: Partial<AttemptOptions> & { choose?: CaptureKind[]; uploads?: (AttemptOutcome | Error)[]; launch?: Record<string, string> } = {}) {
  const clock = manualClock();
  const storage = createKycStorage({ backend: createMemoryBackend(), cacheId: "c1" });
  const session = createSessionState(storage);
  const stats = createStatsRecorder(clock.now);
  const handlers = scriptedHandlers();
  const service = fakeService(options.uploads);
  const choices = [...(options.choose ?? ["recorder"])];
  const chooseKind = vi.fn(async (): Promise<KindChoice> => ({ kind: choices.length > 1 ? choices.shift()! : choices[0]!, facts: { cameraApi: true, cameraEligible: true } }));
  const exits: AttemptExit[] = [];
  const preview = { shown: 0, cleared: 0, calls: [] as string[] };
  const machine = createAttemptMachine(
    {
      clock,
      api: service.api,
      stats,
      storage,
      sessionState: async () => session,
      captureHandlers: handlers.registry,
      limits: shippedCapture,
      launch: options.launch ?? {},
      apps: loadDefinitions().apps,
      win: {} as Window,
      platform: "android",
      random: () => 0.5,
      chooseKind,
      describeDevice: async () => `deviceType=mobile;h5downgrade=${session.get().deviceInfo.h5downgrade.join(",")}`,
      preview: {
        show: () => void (preview.shown += 1, preview.calls.push("show")),
        ready: () => undefined,
        hold: () => void preview.calls.push("hold"),
        clear: () => void (preview.cleared += 1, preview.calls.push("clear")),
        release: () => void preview.calls.push("release"),
      },
      guidance: { ready: async () => undefined, settle: async () => ({ kind: "upload", evidence: undefined }), detach: () => undefined },
      prompts: { recorded: () => [{ what: "digits", atMs: 0 }], shownBefore: promptsShownBefore },
      leave: (exit) => void exits.push(exit),
    },
    { page: "recording", liveMode: "number", will: false, audio: true, actions: [], ...options },
  );
  /**
   * Lets the fake clock and the real event loop run until `done`: reading and hashing the
   * recording (Blob, WebCrypto) take real time, which a busy machine stretches.
   */
  const until = async (done: () => boolean) => {
    for (let i = 0; i < 2000 && !done(); i++) {
      await clock.advance(100);
      await new Promise<void>((resolve) => setTimeout(resolve, 1));
    }
    expect(done()).toBe(true);
  };
  const phase = () => machine.getState().phase.name;
  return { machine, clock, storage, session, stats, handlers, service, chooseKind, exits, preview, until, phase };
}

const recording = (durationMs = 3000): CaptureOutcome => ({
  kind: "recording",
  blob: new Blob([new Uint8Array(60 * 1024).map((_, i) => (i * 31) % 251)], { type: "video/webm" }),
  mimeType: "video/webm",
  durationMs,
});

describe("a recording page", () => {
  it("goes prepare → ready → start → recording → checking → uploading → verifying → leaves for success", async () => {
    const s = setUp();
    const seen: string[] = [];
    s.machine.subscribe(() => seen.at(-1) !== s.phase() && seen.push(s.phase()));
    s.machine.arrive();
    await s.until(() => s.phase() === "ready");
    expect(s.machine.getState()).toMatchObject({ kind: "recorder", request: { liveMode: "number", digits: "5820", audio: true } });
    expect(selectCanStart(s.machine.getState())).toBe(true);
    s.machine.start();
    // Synchronously, inside the tap: the handler has been made and started.
    expect(s.handlers.made).toHaveLength(1);
    const handler = s.handlers.last();
    handler.emit({ type: "preview", stream: {} as MediaStream });
    handler.emit({ type: "countdown", secondsLeft: 3 });
    handler.emit({ type: "recording", elapsedMs: 2500 });
    expect(s.machine.getState().phase).toEqual({ name: "recording", elapsedMs: 2500, actionIndex: -1, fraction: 0 });
    handler.finish(recording());
    await s.until(() => s.exits.length > 0);
    expect(seen).toEqual(["ready", "opening", "preview", "countdown", "recording", "checking", "uploading", "verifying", "settling", "leaving"]);
    expect(s.exits).toEqual([{ to: "success" }]);
    expect(s.service.sent[0]).toMatchObject({ durationMs: 3000, prompts: [{ what: "digits", atMs: 0 }] });
    expect(handler.disposed).toBe(true);
    // The device-info string of spec §3 at the hand-over reaches the analytics.
    expect(s.stats.pending().filter((e) => e.name === "handOverDevice").map((e) => e.data)).toEqual([{ info: "deviceType=mobile;h5downgrade=" }]);
    // …and travels with the upload (spec §3).
    expect(s.service.sent[0]?.deviceInfo).toBe("deviceType=mobile;h5downgrade=");
  });

  it("keeps the last picture in view from the end of the capture (before the camera goes) until the attempt starts over", async () => {
    const s = setUp();
    s.machine.arrive();
    await s.until(() => s.phase() === "ready");
    s.machine.start();
    const handler = s.handlers.last();
    handler.emit({ type: "preview", stream: {} as MediaStream });
    handler.emit({ type: "recording", elapsedMs: 2500 });
    handler.emit({ type: "captured" });
    // The phase moves on with the outcome, not with the picture held.
    expect(s.phase()).toBe("recording");
    expect(s.preview.calls).toEqual(["show", "hold"]);
    handler.finish({ kind: "cancelled" });
    await s.until(() => s.phase() === "ready");
    // Held before the preview was cleared; let go when the attempt started over.
    expect(s.preview.calls).toEqual(["show", "hold", "clear", "release"]);
    s.machine.start();
    s.handlers.last().emit({ type: "preview", stream: {} as MediaStream });
    s.machine.reset();
    expect(s.preview.calls.slice(4)).toEqual(["show", "clear", "release"]);
  });

  it("an upload with no answer keeps the recording: resend sends the same one and leaves for success", async () => {
    const s = setUp({ uploads: [network(), network(), network(), PASSED] });
    s.machine.arrive();
    await s.until(() => s.phase() === "ready");
    s.machine.start();
    s.handlers.last().finish(recording());
    await s.until(() => s.phase() === "uploadFailed");
    expect(s.machine.getState().phase).toEqual({ name: "uploadFailed", status: "uploadVideoException" });
    expect(s.exits).toEqual([]);
    s.machine.resend();
    await s.until(() => s.exits.length > 0);
    expect(s.exits).toEqual([{ to: "success" }]);
    expect(s.service.sent).toHaveLength(4);
    expect(new Set(s.service.sent.map((m) => m.messageId)).size).toBe(1);
  });

  it("giving up a kept recording leaves for the upload-failure screen", async () => {
    const s = setUp({ uploads: [network(), network(), network()] });
    s.machine.arrive();
    await s.until(() => s.phase() === "ready");
    s.machine.start();
    s.handlers.last().finish(recording());
    await s.until(() => s.phase() === "uploadFailed");
    s.machine.giveUp();
    expect(s.exits).toEqual([{ to: "error", status: "uploadVideoException" }]);
  });

  it("shows the upload's progress while uploading, a retry included", async () => {
    const s = setUp({ uploads: [network(), PASSED] });
    s.machine.arrive();
    await s.until(() => s.phase() === "ready");
    s.machine.start();
    s.handlers.last().finish(recording());
    await s.until(() => s.phase() === "uploading");
    expect(selectUploadFraction(s.machine.getState())).toBe(0);
    await s.until(() => s.exits.length > 0);
    expect(s.exits).toEqual([{ to: "success" }]);
  });

  it("a camera permission never answered switches the page to the file input", async () => {
    const s = setUp({ choose: ["recorder", "fileInput"] });
    s.machine.arrive();
    await s.until(() => s.phase() === "ready");
    s.machine.start();
    s.handlers.last().finish({ kind: "failed", status: "trtc_iosNoWebcamPermission", downgrade: DOWNGRADE_REASONS.webcamNoPermissionTimeout });
    await s.until(() => s.machine.getState().switched !== null);
    expect(s.machine.getState()).toMatchObject({ kind: "fileInput", switched: "permissionTimeout", phase: { name: "ready" } });
    expect(s.session.get().deviceInfo.h5downgrade).toEqual([DOWNGRADE_REASONS.webcamNoPermissionTimeout]);
    expect(s.exits).toEqual([]);
    s.machine.start();
    expect(s.handlers.last().kind).toBe("fileInput");
    expect(s.phase()).toBe("picking");
  });

  it("a reload with a stored pending attempt waits for its verdict without preparing", async () => {
    const s = setUp();
    s.service.verdicts.set(7, PASSED);
    s.storage.setJSON("pendingAttempt", { attempt: 7 });
    s.machine.arrive();
    expect(selectVerifying(s.machine.getState())).toEqual({ step: null, progress: 0 });
    await s.until(() => s.exits.length > 0);
    expect(s.exits).toEqual([{ to: "success" }]);
    expect(s.chooseKind).not.toHaveBeenCalled();
    expect(s.service.calls.digits).not.toHaveBeenCalled();
    expect(s.storage.getParsed("pendingAttempt", storedValueSchemas.pendingAttempt)).toBeUndefined();
  });

  it("arriving twice (StrictMode's second mount) fetches the digits once", async () => {
    const s = setUp();
    s.machine.arrive();
    s.machine.dispose();
    s.machine.arrive();
    await s.until(() => s.phase() === "ready");
    expect(s.service.calls.digits).toHaveBeenCalledTimes(1);
    expect(s.chooseKind).toHaveBeenCalledTimes(1);
  });

  it("late events of a handler left behind change nothing, and nothing leaves after dispose", async () => {
    const s = setUp();
    s.machine.arrive();
    await s.until(() => s.phase() === "ready");
    s.machine.start();
    const first = s.handlers.last();
    s.machine.reset();
    expect(first.disposed).toBe(true);
    first.emit({ type: "countdown", secondsLeft: 2 });
    expect(s.phase()).toBe("ready");
    s.machine.start();
    s.machine.dispose();
    s.handlers.last().finish(recording());
    await s.clock.advance(1000);
    expect(s.exits).toEqual([]);
    expect(s.service.sent).toEqual([]);
  });
});

describe("a real-time page", () => {
  const trtc = { page: "realtime", realtimeMode: "trtc" } as const;

  it("whose choice is another kind records it and leaves for that kind's page", async () => {
    const s = setUp({ ...trtc, choose: ["websocket"], launch: { ws_mode_switch: "1" } });
    s.machine.arrive();
    await s.until(() => s.exits.length > 0);
    expect(s.exits).toEqual([{ to: "kind", kind: "websocket" }]);
    expect(s.service.calls.digits).not.toHaveBeenCalled();
    expect(s.session.get().deviceInfo.trtc).not.toBeNull();
  });

  it("the websocket page in will mode forwards even when the websocket is the choice", async () => {
    const s = setUp({ page: "realtime", realtimeMode: "ws", will: true, choose: ["websocket"], launch: { ws_mode_switch: "1", live_service: "2" } });
    s.machine.arrive();
    await s.until(() => s.exits.length > 0);
    expect(s.exits).toEqual([{ to: "kind", kind: "websocket" }]);
  });

  it("real-time video's recording is uploaded with its prompts and, with no answer, kept for resend like the recording pages'", async () => {
    const s = setUp({ ...trtc, choose: ["trtc"], launch: { rtc_mode_switch: "1" }, uploads: [network(), network(), network(), PASSED] });
    s.machine.arrive();
    await s.until(() => s.phase() === "ready");
    s.machine.start();
    await s.until(() => s.handlers.made.length > 0);
    expect(s.handlers.last().kind).toBe("trtc");
    s.handlers.last().finish(recording(4750));
    await s.until(() => s.phase() === "uploadFailed");
    expect(s.exits).toEqual([]);
    s.machine.resend();
    await s.until(() => s.exits.length > 0);
    expect(s.exits).toEqual([{ to: "success" }]);
    expect(s.service.sent.at(-1)).toMatchObject({ durationMs: 4750, mimeType: "video/webm", prompts: [{ what: "digits", atMs: 0 }] });
  });

  it("a recording outside the window is refused before anything is sent", async () => {
    const s = setUp({ ...trtc, choose: ["trtc"], launch: { rtc_mode_switch: "1" } });
    s.machine.arrive();
    await s.until(() => s.phase() === "ready");
    s.machine.start();
    await s.until(() => s.handlers.made.length > 0);
    s.handlers.last().finish(recording(900));
    await s.until(() => s.exits.length > 0);
    expect(s.exits).toEqual([{ to: "error", status: "shortException" }]);
    expect(s.service.sent).toEqual([]);
  });

  it("a stream whose frames are all sent shows the service verifying, then follows the accepted attempt", async () => {
    const s = setUp({ page: "realtime", realtimeMode: "ws", choose: ["websocket"], launch: { ws_mode_switch: "1" } });
    s.service.verdicts.set(1, PASSED);
    s.machine.arrive();
    await s.until(() => s.phase() === "ready");
    s.machine.start();
    await s.until(() => s.handlers.made.length > 0);
    const handler = s.handlers.last();
    handler.emit({ type: "recording", elapsedMs: 100 });
    handler.emit({ type: "progress", fraction: 0.5 });
    expect(s.machine.getState().phase).toMatchObject({ name: "recording", fraction: 0.5 });
    handler.emit({ type: "progress", fraction: 0.99 });
    expect(s.machine.getState().phase).toEqual({ name: "verifying", step: null, progress: 0 });
    handler.finish({ kind: "accepted", accepted: { state: "accepted", attempt: 1 } });
    await s.until(() => s.exits.length > 0);
    expect(s.exits).toEqual([{ to: "success" }]);
  });

  it("a failed stream counts a front error and shows the websocket's error; at the threshold it forwards to the next kind", async () => {
    const s = setUp({ page: "realtime", realtimeMode: "ws", choose: ["websocket"], launch: { ws_mode_switch: "1" } });
    s.machine.arrive();
    await s.until(() => s.phase() === "ready");
    s.machine.start();
    await s.until(() => s.handlers.made.length > 0);
    s.handlers.last().finish({ kind: "failed", status: "seniorException", frontError: true });
    await s.until(() => s.exits.length > 0);
    expect(s.exits).toEqual([{ to: "error", status: "seniorException" }]);
    expect(s.session.get().wsFrontErrorTimes).toBe(1);

    const again = setUp({ page: "realtime", realtimeMode: "ws", choose: ["websocket", "recorder"], launch: { ws_mode_switch: "1" } });
    again.session.update((d) => void (d.wsFrontErrorTimes = 1));
    again.machine.arrive();
    await again.until(() => again.phase() === "ready");
    again.machine.start();
    await again.until(() => again.handlers.made.length > 0);
    again.handlers.last().finish({ kind: "failed", status: "seniorException", frontError: true });
    await again.until(() => again.exits.length > 0);
    expect(again.exits).toEqual([{ to: "kind", kind: "recorder" }]);
    expect(again.session.get().supportWs).toBe(false);
  });
});
