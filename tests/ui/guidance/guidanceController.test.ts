import { describe, expect, it, vi } from "vitest";
import type { CaptureRequest } from "../../../src/capture/contract";
import type { FaceSession, FaceSessionOptions, FaceUnavailableReason } from "../../../src/face/browser/faceSession";
import { selectEvidenceFrames } from "../../../src/face/evidence";
import { qualityHint } from "../../../src/domain/face/quality";
import { createLivenessTracker } from "../../../src/face/tracker";
import type { FrameObservation } from "../../../src/domain/face/types";
import { createGuidanceController, type GuidanceKit, type GuidanceView } from "../../../src/ui/screens/recording/guidance/guidanceController";
import { FACE } from "../../face/faceConfig";
import { faceFrames, frameOf, syntheticFace } from "../../face/syntheticFace";

/** A face session driven by the test: it pushes frames and failures, and keeps "JPEGs" of kept frames. */
function fakeSession() {
  let options: FaceSessionOptions | null = null;
  let keeping = false;
  const kept = new Map<number, Blob>();
  let resolveReady: (ok: boolean) => void = () => undefined;
  const session: FaceSession & { stopped: boolean } = {
    stopped: false,
    ready: new Promise<boolean>((resolve) => (resolveReady = resolve)),
    keepFrames(on) {
      keeping = on;
      if (on) kept.clear();
    },
    async frames(atMs) {
      return atMs.flatMap((at) => (kept.has(at) ? [{ atMs: at, jpeg: kept.get(at)! }] : []));
    },
    stats: () => ({ frames: kept.size, medianFrameMs: 87.4 }),
    stop() {
      session.stopped = true;
    },
  };
  return {
    session,
    start: (opts: FaceSessionOptions) => {
      options = opts;
      return session;
    },
    loaded: () => resolveReady(true),
    frame(frame: FrameObservation) {
      if (keeping) kept.set(frame.atMs, new Blob([`jpeg@${frame.atMs}`], { type: "image/jpeg" }));
      options?.onFrame(frame, { frameMs: 80, workerMs: 70 });
    },
    fail: (reason: FaceUnavailableReason) => options?.onUnavailable(reason, "test"),
  };
}

/** The face files' download, driven by the test: it says how far it got and when all are in. */
function fakeFiles(options: { arrived: boolean }) {
  let progress: ((percent: number) => void) | null = null;
  let arrive: () => void = () => undefined;
  const asked: boolean[] = [];
  const loaded = new Promise<void>((resolve) => (arrive = resolve));
  return {
    asked,
    load(iris: boolean, onProgress: (percent: number) => void) {
      asked.push(iris);
      progress = onProgress;
      onProgress(options.arrived ? 100 : 0);
      return options.arrived ? Promise.resolve() : loaded;
    },
    progress: (percent: number) => progress?.(percent),
    arrive: () => arrive(),
  };
}

function setUp(options: { requested?: boolean; autoStop?: boolean; request?: Partial<CaptureRequest>; filesArrived?: boolean } = {}) {
  const fake = fakeSession();
  const files = fakeFiles({ arrived: options.filesArrived ?? true });
  let clock = 1000;
  const views: GuidanceView[] = [];
  const onDone = vi.fn();
  const kit = { startFaceSession: fake.start, createLivenessTracker, qualityHint, selectEvidenceFrames } as unknown as GuidanceKit;
  const win = { setTimeout: (run: () => void, ms: number) => setTimeout(run, ms), clearTimeout: (handle: number) => clearTimeout(handle) } as unknown as Window;
  const controller = createGuidanceController({
    config: FACE,
    requested: options.requested ?? true,
    now: () => clock,
    win,
    loadKit: async () => kit,
    loadFiles: files.load,
    onChange: (view) => views.push(view),
    onDone,
  });
  const request: CaptureRequest = { liveMode: "silent", will: false, digits: null, actions: [], question: null, durationMs: { min: 1000, max: 5000 }, audio: false, facing: "user", promptLeadMs: 0, ...options.request };
  const video = {} as HTMLVideoElement;
  return {
    fake,
    files,
    views,
    onDone,
    controller,
    view: () => views[views.length - 1],
    setClock: (ms: number) => (clock = ms),
    async attachAndLoad() {
      controller.attach(video, request, options.autoStop ?? true);
      await vi.waitFor(() => expect(views.some((v) => v.status === "loading")).toBe(true));
      await Promise.resolve();
      fake.loaded();
      await vi.waitFor(() => expect(views[views.length - 1]?.status).toBe("active"));
    },
  };
}

/** Frames on the session clock: the recording started at `start`. */
const shifted = (frames: FrameObservation[], start: number) => frames.map((f) => ({ ...f, atMs: f.atMs + start }));

describe("guidance controller: hints on the live preview", () => {
  it("loads, turns active, and shows each frame's hint and the largest face", async () => {
    const t = setUp();
    await t.attachAndLoad();
    t.fake.frame(frameOf(1100, []));
    expect(t.view()).toMatchObject({ status: "active", hint: "noFace", face: null, guided: false });
    t.fake.frame(frameOf(1200, [syntheticFace({ at: { cx: 160, cy: 120, size: 60 } }), syntheticFace({ at: { cx: 60, cy: 60, size: 40 } })]));
    expect(t.view()?.hint).toBe("manyFaces");
    expect(t.view()?.face?.box.width).toBe(60);
    t.fake.frame(frameOf(1300, [syntheticFace()]));
    expect(t.view()?.hint).toBe("ok");
  });

  it("does nothing when the order turned guidance off, and uploads without a report", async () => {
    const t = setUp({ requested: false });
    t.controller.attach({} as HTMLVideoElement, { liveMode: "silent", will: false, digits: null, actions: [], question: null, durationMs: { min: 1000, max: 5000 }, audio: false, facing: "user", promptLeadMs: 0 }, true);
    await t.controller.ready();
    expect(t.views).toEqual([]);
    expect(await t.controller.settle()).toEqual({ kind: "upload", evidence: undefined });
  });
});

describe("guidance controller: a guided recording", () => {
  it("silent mode: a steady face completes the check, stops the recording once, and uploads evidence frames with the report", async () => {
    const t = setUp();
    await t.attachAndLoad();
    t.setClock(5000);
    t.controller.recordingStarted();
    expect(t.view()).toMatchObject({ guided: true, done: false });
    for (const frame of shifted(faceFrames([[0, {}]], { durationMs: 2000 }), 5000)) t.fake.frame(frame);
    expect(t.view()?.done).toBe(true);
    expect(t.onDone).toHaveBeenCalledTimes(1);
    const settled = await t.controller.settle();
    expect(settled.kind).toBe("upload");
    if (settled.kind !== "upload" || !settled.evidence) throw new Error("expected evidence");
    const { report, frames } = settled.evidence;
    expect(report).toMatchObject({ status: "on", reason: null, done: true, medianFrameMs: 87 });
    expect(report.hints.ok).toBeGreaterThan(10);
    expect(frames.length).toBe(report.evidenceAtMs.length);
    expect(frames.length).toBeGreaterThan(0);
    expect(frames.length).toBeLessThanOrEqual(FACE.evidence.maxFrames);
    // Times are relative to the recording's start, and each frame is the one kept at that time.
    expect(report.evidenceAtMs.every((at) => at >= 0 && at <= 2000)).toBe(true);
    expect(await frames[0]!.text()).toBe(`jpeg@${5000 + report.evidenceAtMs[0]!}`);
  });

  it("does not stop the recording by itself when told not to (will and number mode)", async () => {
    const t = setUp({ autoStop: false });
    await t.attachAndLoad();
    t.controller.recordingStarted();
    for (const frame of shifted(faceFrames([[0, {}]], { durationMs: 2000 }), 1000)) t.fake.frame(frame);
    expect(t.view()?.done).toBe(true);
    expect(t.onDone).not.toHaveBeenCalled();
  });

  it("action mode: prompts the next action only once the one before is seen, and fails on the device when an action never came", async () => {
    const t = setUp({ request: { liveMode: "action", actions: ["3", "2"] } });
    await t.attachAndLoad();
    t.controller.recordingStarted();
    expect(t.view()?.actionIndex).toBe(0);
    // Mouth opens and closes: action 1 of 2 done, the blink is asked for next.
    const mouth = faceFrames([[0, {}], [600, {}], [800, { mouth: 0.6 }], [1000, { mouth: 0.6 }], [1200, { mouth: 0.05 }]], { durationMs: 1600 });
    for (const frame of shifted(mouth, 1000)) t.fake.frame(frame);
    expect(t.view()).toMatchObject({ actionIndex: 1, done: false });
    expect(t.onDone).not.toHaveBeenCalled();
    expect(await t.controller.settle()).toEqual({ kind: "failed", reason: "action" });
  });

  it("fails as 'no face' when no usable face was seen at all", async () => {
    const t = setUp({ request: { liveMode: "action", actions: ["2"] } });
    await t.attachAndLoad();
    t.controller.recordingStarted();
    for (let at = 1000; at < 3000; at += 125) t.fake.frame(frameOf(at, []));
    expect(await t.controller.settle()).toEqual({ kind: "failed", reason: "face" });
  });

  it("frames taken before the recording started are not part of it", async () => {
    const t = setUp();
    await t.attachAndLoad();
    t.setClock(5000);
    t.controller.recordingStarted();
    for (const frame of shifted(faceFrames([[0, {}]], { durationMs: 2000 }), 2000)) t.fake.frame(frame);
    expect(t.view()?.done).toBe(false);
  });
});

const SILENT: CaptureRequest = { liveMode: "silent", will: false, digits: null, actions: [], question: null, durationMs: { min: 1000, max: 5000 }, audio: false, facing: "user", promptLeadMs: 0 };

describe("guidance controller: while the face files load", () => {
  it("shows the percent arrived as it rises, then starting, then runs; the iris model only for a blink", async () => {
    const t = setUp({ filesArrived: false });
    t.controller.attach({} as HTMLVideoElement, { ...SILENT, liveMode: "action", actions: ["2"] }, true);
    expect(t.files.asked).toEqual([true]);
    expect(t.view()).toMatchObject({ status: "loading", progress: 0 });
    t.files.progress(0);
    t.files.progress(42);
    t.files.progress(97);
    expect(t.views.filter((v) => v.status === "loading").map((v) => v.progress)).toEqual([null, 0, 42, 97]);
    t.files.arrive();
    await vi.waitFor(() => expect(t.view()).toMatchObject({ status: "loading", progress: null }));
    t.fake.loaded();
    await vi.waitFor(() => expect(t.view()).toMatchObject({ status: "active", progress: null }));
  });

  it("holds the countdown past the load timeout while bytes keep arriving, and lets it go the moment guidance runs", async () => {
    vi.useFakeTimers();
    try {
      const t = setUp({ filesArrived: false });
      t.controller.attach({} as HTMLVideoElement, SILENT, true);
      let released = false;
      void t.controller.ready().then(() => (released = true));
      const step = FACE.guidance.loadTimeoutMs / 2;
      for (let percent = 10; percent <= 90; percent += 20) {
        await vi.advanceTimersByTimeAsync(step);
        t.files.progress(percent);
      }
      // Twice the load timeout has passed, with bytes arriving all along.
      expect(released).toBe(false);
      t.files.arrive();
      await vi.advanceTimersByTimeAsync(step);
      expect(released).toBe(false);
      t.fake.loaded();
      await vi.advanceTimersByTimeAsync(0);
      expect(released).toBe(true);
      expect(t.view()).toMatchObject({ status: "active" });
      expect(t.views.some((v) => v.status === "unavailable")).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it("gives up on files that stopped arriving for the load timeout, saying they did not load", async () => {
    vi.useFakeTimers();
    try {
      const t = setUp({ filesArrived: false });
      t.controller.attach({} as HTMLVideoElement, SILENT, true);
      let released = false;
      void t.controller.ready().then(() => (released = true));
      await vi.advanceTimersByTimeAsync(FACE.guidance.loadTimeoutMs - 1000);
      t.files.progress(30);
      await vi.advanceTimersByTimeAsync(FACE.guidance.loadTimeoutMs - 1);
      expect(released).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(released).toBe(true);
      expect(t.view()).toMatchObject({ status: "unavailable", reason: "load", progress: null });
    } finally {
      vi.useRealTimers();
    }
  });

  it("gives up after the longest wait even while bytes still arrive", async () => {
    vi.useFakeTimers();
    try {
      const t = setUp({ filesArrived: false });
      t.controller.attach({} as HTMLVideoElement, SILENT, true);
      let released = false;
      void t.controller.ready().then(() => (released = true));
      const { maxLoadWaitMs } = FACE.guidance;
      for (let waited = 0; waited < maxLoadWaitMs - 1000; waited += 1000) {
        await vi.advanceTimersByTimeAsync(1000);
        t.files.progress(Math.floor((waited / maxLoadWaitMs) * 100));
      }
      expect(released).toBe(false);
      await vi.advanceTimersByTimeAsync(1000);
      expect(released).toBe(true);
      expect(t.view()).toMatchObject({ status: "unavailable", reason: "load" });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("guidance controller: when guidance cannot run", () => {
  it("a device too slow for guidance leaves the recording unguided, and the upload says why", async () => {
    const t = setUp({ request: { liveMode: "action", actions: ["2"] } });
    await t.attachAndLoad();
    t.controller.recordingStarted();
    t.fake.fail("slow");
    expect(t.view()).toMatchObject({ status: "unavailable", guided: false, actionIndex: null, reason: "slow" });
    expect(t.fake.session.stopped).toBe(true);
    const settled = await t.controller.settle();
    expect(settled).toMatchObject({ kind: "upload", evidence: { report: { status: "unavailable", reason: "slow", evidenceAtMs: [] }, frames: [] } });
    // How slow it was stays in the report after the session stopped.
    expect(settled).toMatchObject({ evidence: { report: { medianFrameMs: 87 } } });
  });

  it("holds the countdown until guidance runs, and gives up after the load timeout", async () => {
    vi.useFakeTimers();
    try {
      const t = setUp();
      t.controller.attach({} as HTMLVideoElement, { liveMode: "silent", will: false, digits: null, actions: [], question: null, durationMs: { min: 1000, max: 5000 }, audio: false, facing: "user", promptLeadMs: 0 }, true);
      let released = false;
      void t.controller.ready().then(() => (released = true));
      await vi.advanceTimersByTimeAsync(FACE.guidance.loadTimeoutMs - 1);
      expect(released).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(released).toBe(true);
      // The face files did not arrive: the view says why, so the page blames the load, not the device.
      expect(t.view()).toMatchObject({ status: "unavailable", reason: "load" });
      const settled = await t.controller.settle();
      expect(settled).toMatchObject({ kind: "upload", evidence: { report: { status: "unavailable", reason: "load" } } });
    } finally {
      vi.useRealTimers();
    }
  });

  it("a recording that started while guidance was still loading goes unguided", async () => {
    const t = setUp();
    t.controller.attach({} as HTMLVideoElement, { liveMode: "silent", will: false, digits: null, actions: [], question: null, durationMs: { min: 1000, max: 5000 }, audio: false, facing: "user", promptLeadMs: 0 }, true);
    t.controller.recordingStarted();
    expect(t.view()?.guided ?? false).toBe(false);
    expect(await t.controller.settle()).toMatchObject({ kind: "upload", evidence: { report: { status: "unavailable", reason: "load" } } });
  });
});
