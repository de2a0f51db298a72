/**
 * The in-page recorder against a window double: getUserMedia, MediaRecorder, the probe
 * <video>, speech and timers are all fakes the test drives, so every step of an attempt
 * (camera, first frame, countdown, prompts, stop rules, failures, dispose) is checked
 * without a browser. The real browser run is e2e/capture.spec.ts.
 */
import { describe, expect, it, vi } from "vitest";
import captureJson from "../../flows/capture.json";
import { DOWNGRADE_REASONS } from "../../schemas/session";
import type { CaptureDeps, CaptureEvent, CaptureOutcome, CaptureRequest } from "../../src/capture/contract";
import { idealConstraints } from "../../src/capture/permission";
import { pickRecorderType, recorderBitrates } from "../../src/capture/recorder/recorderFormat";
import { recordingPlan } from "../../src/capture/recorder/recordingPlan";
import { createRecorderHandler } from "../../src/capture/recorderHandler";

const ANDROID = "Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36";
const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";

/** Let pending promise callbacks run. */
const flush = async () => {
  for (let i = 0; i < 5; i++) await new Promise<void>((resolve) => setImmediate(resolve));
};

function fakeClock() {
  let now = 1000;
  let nextId = 0;
  const timers = new Map<number, { at: number; run: () => void }>();
  return {
    now: () => now,
    setTimeout: (run: () => void, ms = 0) => {
      nextId += 1;
      timers.set(nextId, { at: now + ms, run });
      return nextId;
    },
    clearTimeout: (id: number | undefined) => void timers.delete(id ?? -1),
    /** Moves time forward, running due timers in order and the promise callbacks they start. */
    async advance(ms: number) {
      const end = now + ms;
      for (;;) {
        const due = [...timers].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = Math.max(now, due[1].at);
        due[1].run();
        await flush();
      }
      now = end;
      await flush();
    },
    pending: () => timers.size,
  };
}

function fakeStream() {
  const ended = new EventTarget();
  const video = Object.assign(ended, { kind: "video", stop: vi.fn() });
  const audio = { kind: "audio", stop: vi.fn() };
  const stream = { getTracks: () => [video, audio], getVideoTracks: () => [video] } as unknown as MediaStream;
  return { stream, stopped: () => video.stop.mock.calls.length > 0 && audio.stop.mock.calls.length > 0, endVideo: () => video.dispatchEvent(new Event("ended")) };
}

/** MediaRecorder double: records what it was made with, hands one chunk over on stop. */
function fakeRecorderClass(supported: (type: string) => boolean) {
  const made: FakeRecorder[] = [];
  class FakeRecorder extends EventTarget {
    static isTypeSupported = supported;
    state: RecordingState = "inactive";
    mimeType: string;
    constructor(
      readonly stream: MediaStream,
      readonly options: MediaRecorderOptions,
    ) {
      super();
      this.mimeType = options.mimeType ?? "video/webm";
      made.push(this);
    }
    start(timeslice?: number) {
      this.state = "recording";
      this.timeslice = timeslice;
      queueMicrotask(() => this.dispatchEvent(new Event("start")));
    }
    timeslice: number | undefined;
    stop() {
      if (this.state === "inactive") return;
      this.state = "inactive";
      queueMicrotask(() => {
        const data = new Event("dataavailable") as Event & { data: Blob };
        data.data = new Blob([new Uint8Array(70 * 1024)], { type: this.mimeType });
        this.dispatchEvent(data);
        this.dispatchEvent(new Event("stop"));
      });
    }
    fail() {
      this.dispatchEvent(Object.assign(new Event("error"), { error: new Error("encoder gone") }));
    }
  }
  return { Recorder: FakeRecorder, made };
}

/** The probe <video>: its first frame arrives when the test says so. */
function fakeDocument() {
  const frames: (() => void)[] = [];
  const videos: { srcObject: unknown }[] = [];
  const doc = {
    createElement: () => {
      const video = {
        muted: false,
        playsInline: false,
        srcObject: null as unknown,
        readyState: 0,
        setAttribute: () => undefined,
        play: () => Promise.resolve(),
        pause: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        requestVideoFrameCallback: (cb: () => void) => frames.push(cb),
        cancelVideoFrameCallback: () => undefined,
      };
      videos.push(video);
      return video;
    },
  };
  return { doc: doc as unknown as Document, firstFrame: () => frames.splice(0).forEach((f) => f()), videos };
}

interface SetupOptions {
  userAgent?: string;
  getUserMedia?: (c: MediaStreamConstraints) => Promise<MediaStream>;
  supported?: (type: string) => boolean;
  noRecorder?: boolean;
  noSpeech?: boolean;
}

function setup(options: SetupOptions = {}) {
  const clock = fakeClock();
  const camera = fakeStream();
  const getUserMedia = vi.fn(options.getUserMedia ?? (async () => camera.stream));
  const { Recorder, made } = fakeRecorderClass(options.supported ?? ((t) => t === "video/mp4;codecs=avc1,opus" || t.startsWith("video/webm")));
  const document = fakeDocument();
  const speech = { speak: vi.fn(), cancel: vi.fn() };
  class Utterance {
    lang = "";
    rate = 1;
    constructor(readonly text: string) {}
  }
  const win = {
    navigator: { mediaDevices: { getUserMedia }, userAgent: options.userAgent ?? ANDROID },
    document: document.doc,
    setTimeout: clock.setTimeout,
    clearTimeout: clock.clearTimeout,
    ...(options.noSpeech ? {} : { speechSynthesis: speech, SpeechSynthesisUtterance: Utterance }),
    ...(options.noRecorder ? {} : { MediaRecorder: Recorder }),
  };
  const deps = { win: win as unknown as Window, now: clock.now, api: {}, launch: {}, capture: captureJson } as unknown as CaptureDeps;
  const handler = createRecorderHandler(deps);
  const events: CaptureEvent[] = [];
  let outcome: CaptureOutcome | undefined;
  const begin = (request: CaptureRequest) => {
    const pending = handler.start(request, (e) => events.push(e));
    void pending.then((o) => (outcome = o));
    return pending;
  };
  return { clock, camera, getUserMedia, made, document, speech, handler, events, begin, outcome: () => outcome };
}

const NUMBER: CaptureRequest = { liveMode: "number", will: false, digits: "1234", actions: [], question: null, durationMs: { min: 2000, max: 5000 }, audio: true, facing: "user", promptLeadMs: 0 };
const ACTIONS: CaptureRequest = { liveMode: "action", will: false, digits: null, actions: ["2", "3"], question: null, durationMs: { min: 1000, max: 5000 }, audio: false, facing: "user", promptLeadMs: 0 };
const WILL: CaptureRequest = { liveMode: "action", will: true, digits: null, actions: ["4"], question: "您是否自愿办理？", durationMs: { min: 1000, max: 30000 }, audio: true, facing: "user", promptLeadMs: 0 };

const types = (events: CaptureEvent[]) => events.map((e) => (e.type === "countdown" ? `countdown ${e.secondsLeft}` : e.type === "prompt" ? `prompt ${e.actionIndex}` : e.type));

/** Starts an attempt and runs it through camera, first frame and countdown into recording. */
async function recordingStarted(t: ReturnType<typeof setup>, request: CaptureRequest) {
  t.begin(request);
  await flush();
  t.document.firstFrame();
  await flush();
  await t.clock.advance(3000);
}

describe("recording format", () => {
  it("prefers H.264 in MP4, with AAC, then Opus, else WebM; pictures only without an audio codec", () => {
    expect(pickRecorderType(() => true, true)).toBe("video/mp4;codecs=avc1,mp4a.40.2");
    expect(pickRecorderType((t) => t !== "video/mp4;codecs=avc1,mp4a.40.2", true)).toBe("video/mp4;codecs=avc1,opus");
    expect(pickRecorderType((t) => t.startsWith("video/webm"), true)).toBe("video/webm;codecs=vp8,opus");
    expect(pickRecorderType(() => true, false)).toBe("video/mp4;codecs=avc1");
    expect(pickRecorderType((t) => t === "video/webm", false)).toBe("video/webm");
    expect(pickRecorderType(() => false, true)).toBeNull();
    expect(pickRecorderType(undefined, true)).toBeNull();
    expect(pickRecorderType(() => { throw new Error("unparsable"); }, true)).toBeNull();
  });

  it("keeps the longest allowed recording under the upload cap", () => {
    const cap = captureJson.sizeKB.zip * 1024;
    expect(recorderBitrates({ maxMs: 5000, maxBytes: cap, audio: true })).toEqual({ videoBitsPerSecond: 1_000_000, audioBitsPerSecond: 64_000 });
    const will = recorderBitrates({ maxMs: 30_000, maxBytes: cap, audio: true });
    expect(((will.videoBitsPerSecond + 64_000) * 30) / 8).toBeLessThan(cap);
    expect(recorderBitrates({ maxMs: 600_000, maxBytes: cap, audio: false }).videoBitsPerSecond).toBe(200_000);
  });
});

describe("recording plan", () => {
  it("stops a little inside the window and lets the user stop a little after its minimum", () => {
    expect(recordingPlan({ window: { min: 2000, max: 5000 }, actions: [], will: false, leadMs: 0 })).toEqual({ autoStopMs: 4750, earliestStopMs: 2200, promptsAtMs: [], answerAtMs: null });
  });

  it("spreads the actions over the recording and keeps the last one on screen before stop is allowed", () => {
    expect(recordingPlan({ window: { min: 1000, max: 5000 }, actions: ["2", "3"], will: false, leadMs: 0 })).toEqual({ autoStopMs: 4750, earliestStopMs: 3375, promptsAtMs: [0, 2375], answerAtMs: null });
    expect(recordingPlan({ window: { min: 1000, max: 3000 }, actions: ["1"], will: false, leadMs: 0 })).toMatchObject({ autoStopMs: 2750, earliestStopMs: 1200, promptsAtMs: [0] });
  });

  it("with the light shown, holds the first action for the lead-in and keeps the last one on screen before stop is allowed", () => {
    // The window is longer by the lead (durationWindow): the action gets the time it had without the light.
    expect(recordingPlan({ window: { min: 1000, max: 4000 }, actions: ["1"], will: false, leadMs: 1000 })).toEqual({ autoStopMs: 3750, earliestStopMs: 2000, promptsAtMs: [1000], answerAtMs: null });
    expect(recordingPlan({ window: { min: 1000, max: 6000 }, actions: ["1", "4"], will: false, leadMs: 1000 })).toMatchObject({ autoStopMs: 5750, promptsAtMs: [1000, 3375], earliestStopMs: 4375 });
  });

  it("in will mode gives each action two seconds, then the answer", () => {
    expect(recordingPlan({ window: { min: 1000, max: 30000 }, actions: ["2", "3"], will: true, leadMs: 0 })).toEqual({ autoStopMs: 29750, earliestStopMs: 6000, promptsAtMs: [0, 2000], answerAtMs: 4000 });
    expect(recordingPlan({ window: { min: 1000, max: 30000 }, actions: [], will: true, leadMs: 0 })).toMatchObject({ earliestStopMs: 2000, answerAtMs: 0 });
  });
});

describe("recorder handler", () => {
  it("opens camera and microphone with ideal constraints, shows the preview, counts down and records until just before the maximum", async () => {
    const t = setup();
    t.begin(NUMBER);
    await flush();
    expect(t.getUserMedia).toHaveBeenCalledWith(idealConstraints(true, "user"));
    expect(types(t.events)).toEqual(["preview"]);
    expect(t.events[0]).toEqual({ type: "preview", stream: t.camera.stream });

    await t.clock.advance(120);
    t.document.firstFrame();
    await flush();
    expect(t.events[1]).toEqual({ type: "cameraReady", atMs: 1120 });
    expect(types(t.events)).toEqual(["preview", "cameraReady", "countdown 3"]);

    await t.clock.advance(3000);
    expect(types(t.events).slice(2, 6)).toEqual(["countdown 3", "countdown 2", "countdown 1", "recording"]);
    const recorder = t.made[0]!;
    expect(recorder.options).toEqual({ mimeType: "video/mp4;codecs=avc1,opus", videoBitsPerSecond: 1_000_000, audioBitsPerSecond: 64_000 });
    // One chunk at stop: Chromium's MP4 muxer writes a final moov only then (see streamRecording.ts).
    expect(recorder.timeslice).toBeUndefined();

    await t.clock.advance(4749);
    expect(t.outcome()).toBeUndefined();
    expect(t.camera.stopped()).toBe(false);
    await t.clock.advance(1);
    const outcome = t.outcome();
    expect(outcome).toMatchObject({ kind: "recording", mimeType: "video/mp4;codecs=avc1,opus", durationMs: 4750 });
    expect(outcome?.kind === "recording" && outcome.blob.size).toBe(70 * 1024);
    expect(t.camera.stopped()).toBe(true);
    const ticks = t.events.filter((e): e is Extract<CaptureEvent, { type: "recording" }> => e.type === "recording").map((e) => e.elapsedMs);
    expect(ticks[0]).toBe(0);
    expect(ticks.at(-1)).toBe(4750);
    expect(ticks.length).toBeGreaterThan(20);
    expect(t.clock.pending()).toBe(0);
  });

  it("records pictures only, as WebM where MP4 is missing, and prompts each action in turn", async () => {
    const t = setup({ supported: (type) => type.startsWith("video/webm") });
    await recordingStarted(t, ACTIONS);
    expect(t.getUserMedia).toHaveBeenCalledWith(idealConstraints(false, "user"));
    expect(t.made[0]!.options.mimeType).toBe("video/webm;codecs=vp8");
    expect(t.events.filter((e) => e.type === "prompt")).toEqual([{ type: "prompt", actionIndex: 0 }]);
    await t.clock.advance(2375);
    expect(t.events.filter((e) => e.type === "prompt")).toEqual([
      { type: "prompt", actionIndex: 0 },
      { type: "prompt", actionIndex: 1 },
    ]);
  });

  it("holds an early stop back to the earliest allowed moment, and honours a later one at once", async () => {
    const t = setup();
    await recordingStarted(t, NUMBER);
    await t.clock.advance(500);
    t.handler.stop();
    await t.clock.advance(1699);
    expect(t.outcome()).toBeUndefined();
    await t.clock.advance(1);
    expect(t.outcome()).toMatchObject({ kind: "recording", durationMs: 2200 });

    const late = setup();
    await recordingStarted(late, NUMBER);
    await late.clock.advance(3000);
    late.handler.stop();
    await late.clock.advance(0);
    expect(late.outcome()).toMatchObject({ kind: "recording", durationMs: 3000 });
  });

  it("a stop pressed during the countdown ends the recording as soon as it may end", async () => {
    const t = setup();
    t.begin(NUMBER);
    await flush();
    t.document.firstFrame();
    await flush();
    t.handler.stop();
    await t.clock.advance(3000 + 2200);
    expect(t.outcome()).toMatchObject({ kind: "recording", durationMs: 2200 });
  });

  it("in will mode speaks the question in Chinese during the countdown and stops speaking when done", async () => {
    const t = setup();
    await recordingStarted(t, WILL);
    expect(t.speech.speak).toHaveBeenCalledTimes(1);
    const utterance = t.speech.speak.mock.calls[0]![0] as { text: string; lang: string };
    expect(utterance).toMatchObject({ text: "您是否自愿办理？", lang: "zh-CN" });
    expect(t.getUserMedia).toHaveBeenCalledWith(idealConstraints(true, "user"));
    const cancelsBefore = t.speech.cancel.mock.calls.length;
    await t.clock.advance(6000);
    t.handler.stop();
    await t.clock.advance(0);
    expect(t.outcome()).toMatchObject({ kind: "recording", durationMs: 6000 });
    expect(t.speech.cancel.mock.calls.length).toBeGreaterThan(cancelsBefore);
  });

  it("a browser without speech still records the will (the page shows the question)", async () => {
    const t = setup({ noSpeech: true });
    await recordingStarted(t, WILL);
    expect(t.events.some((e) => e.type === "recording")).toBe(true);
    await t.clock.advance(6000);
    t.handler.stop();
    await t.clock.advance(0);
    expect(t.outcome()).toMatchObject({ kind: "recording" });
  });

  it.each([
    ["a refusal after the user was asked", 1200, ANDROID, "trtc_androidNoWebcamPermission", DOWNGRADE_REASONS.webcamNoPermissionNormally],
    ["a remembered refusal", 10, IPHONE, "trtc_iosNoWebcamPermission", DOWNGRADE_REASONS.webcamNoPermissionQuickly],
  ])("%s is the platform's no-permission screen with its downgrade reason", async (_name, afterMs, userAgent, status, reason) => {
    let refuse: (e: Error) => void = () => undefined;
    const t = setup({ userAgent, getUserMedia: () => new Promise((_, reject) => (refuse = reject)) });
    t.begin(NUMBER);
    await t.clock.advance(afterMs);
    refuse(Object.assign(new Error("denied"), { name: "NotAllowedError" }));
    await flush();
    expect(t.outcome()).toEqual({ kind: "failed", status, downgrade: reason });
    expect(t.events).toEqual([]);
  });

  it("a permission prompt that never answers gives up after the configured wait with webcamNoPermissionTimeout", async () => {
    const t = setup({ getUserMedia: () => new Promise(() => undefined) });
    t.begin(NUMBER);
    await t.clock.advance(captureJson.camera.permissionTimeoutMs - 1);
    expect(t.outcome()).toBeUndefined();
    await t.clock.advance(1);
    expect(t.outcome()).toEqual({ kind: "failed", status: "trtc_androidNoWebcamPermission", downgrade: DOWNGRADE_REASONS.webcamNoPermissionTimeout });
  });

  it("a camera taken away mid-recording fails with the camera error and releases everything", async () => {
    const t = setup();
    await recordingStarted(t, NUMBER);
    await t.clock.advance(1000);
    t.camera.endVideo();
    await flush();
    expect(t.outcome()).toEqual({ kind: "failed", status: "trtc_cameraError", downgrade: DOWNGRADE_REASONS.webcamOtherError });
    expect(t.camera.stopped()).toBe(true);
    expect(t.clock.pending()).toBe(0);
  });

  it("an encoder failure is the recording-abnormal status", async () => {
    const t = setup();
    await recordingStarted(t, NUMBER);
    t.made[0]!.fail();
    await flush();
    expect(t.outcome()).toEqual({ kind: "failed", status: "exception" });
    expect(t.camera.stopped()).toBe(true);
  });

  it("a browser with a camera but no MediaRecorder cannot record here, and is not asked for a permission it cannot use", async () => {
    const t = setup({ noRecorder: true });
    t.begin(NUMBER);
    await flush();
    expect(t.outcome()).toEqual({ kind: "failed", status: "browserNotSupport", downgrade: DOWNGRADE_REASONS.webcamOtherError });
    expect(t.getUserMedia).not.toHaveBeenCalled();
  });

  it("dispose during the countdown cancels the attempt, releases the camera and every timer, and silences it", async () => {
    const t = setup();
    t.begin(WILL);
    await flush();
    t.document.firstFrame();
    await t.clock.advance(1000);
    t.handler.dispose();
    t.handler.dispose();
    await flush();
    expect(t.outcome()).toEqual({ kind: "cancelled" });
    expect(t.camera.stopped()).toBe(true);
    expect(t.clock.pending()).toBe(0);
    expect(t.speech.cancel).toHaveBeenCalled();
    const seen = t.events.length;
    await t.clock.advance(10_000);
    expect(t.events.length).toBe(seen);
    expect(t.made).toEqual([]);
  });

  it("dispose while the camera is still being asked releases the stream that arrives late", async () => {
    let grant: (s: MediaStream) => void = () => undefined;
    const t = setup({ getUserMedia: () => new Promise((resolve) => (grant = resolve)) });
    t.begin(NUMBER);
    t.handler.dispose();
    grant(t.camera.stream);
    await flush();
    expect(t.outcome()).toEqual({ kind: "cancelled" });
    expect(t.camera.stopped()).toBe(true);
    expect(t.events).toEqual([]);
  });

  it("dispose while recording stops the recorder without handing anything over", async () => {
    const t = setup();
    await recordingStarted(t, NUMBER);
    await t.clock.advance(1000);
    t.handler.dispose();
    await flush();
    expect(t.outcome()).toEqual({ kind: "cancelled" });
    expect(t.made[0]!.state).toBe("inactive");
    expect(t.camera.stopped()).toBe(true);
  });

  it("records one attempt per handler", async () => {
    const t = setup();
    t.begin(NUMBER);
    await expect(t.handler.start(NUMBER, () => undefined)).rejects.toThrow(/one attempt/);
  });
});
