import { describe, expect, it } from "vitest";
import captureJson from "../../../flows/capture.json";
import { captureFileSchema, type FaceConfig } from "../../../schemas/capture";
import type { FaceWorkerRequest } from "../../../schemas/faceWorker";
import { startFaceSession, type FaceSession, type FaceUnavailableReason } from "../../../src/face/browser/faceSession";
import type { FrameObservation } from "../../../src/domain/face/types";

const baseConfig = captureFileSchema.parse(captureJson).face;
const config: FaceConfig = {
  ...baseConfig,
  guidance: { ...baseConfig.guidance, framesPerSecond: 8, analysisWidth: 320, slowFrameMs: 400, slowAfterFrames: 5, loadTimeoutMs: 15_000 },
};
const ASSETS = { workerUrl: "https://id.example/assets/faceWorker-ABCD2345.js", modelBaseUrl: "https://id.example/face-ABCD2345/", wasmBaseUrl: "https://id.example/face-ABCD2345/" };

/** A worker double: records what the page sends and lets the test answer. */
class FakeWorker {
  static last: FakeWorker | null = null;
  readonly sent: FaceWorkerRequest[] = [];
  terminated = false;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: ((event: { message: string; preventDefault(): void }) => void) | null = null;
  onmessageerror: (() => void) | null = null;
  constructor(
    readonly url: string,
    readonly options: WorkerOptions,
  ) {
    FakeWorker.last = this;
  }
  postMessage(message: FaceWorkerRequest) {
    this.sent.push(message);
  }
  terminate() {
    this.terminated = true;
  }
  answer(data: unknown) {
    this.onmessage?.({ data });
  }
  frames() {
    return this.sent.filter((m): m is Extract<FaceWorkerRequest, { type: "frame" }> => m.type === "frame");
  }
}

/** A window double with a clock and timers the test moves by hand. */
function fakeWindow(features: Record<string, unknown> = {}) {
  let now = 0;
  let nextId = 1;
  const timers = new Map<number, { at: number; run(): void }>();
  const bitmaps: { width: number; height: number; options: unknown }[] = [];
  const win = {
    location: { href: "https://id.example/#/vertify" },
    performance: { now: () => now },
    setTimeout: (run: () => void, ms: number) => {
      timers.set(nextId, { at: now + ms, run });
      return nextId++;
    },
    clearTimeout: (id: number) => void timers.delete(id),
    Worker: FakeWorker,
    WebAssembly: {},
    OffscreenCanvas: class {
      convertToBlob() {}
    },
    createImageBitmap: async (_video: unknown, options: { resizeWidth: number; resizeHeight: number }) => {
      const bitmap = { width: options.resizeWidth, height: options.resizeHeight, options, close() {} };
      bitmaps.push(bitmap);
      return bitmap;
    },
    ...features,
  };
  const flush = () => new Promise<void>((resolve) => setImmediate(resolve));
  return {
    win: win as unknown as Window,
    bitmaps,
    time: () => now,
    /** Moves the clock, running due timers in order, and lets promises settle. */
    async advance(ms: number) {
      const until = now + ms;
      await flush();
      for (;;) {
        const due = [...timers.entries()].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = Math.max(now, due[1].at);
        due[1].run();
        await flush();
      }
      now = until;
      await flush();
    },
    pendingTimers: () => timers.size,
  };
}

const video = { readyState: 4, videoWidth: 640, videoHeight: 480 } as unknown as HTMLVideoElement;
const observation = (atMs: number, faces = 0): FrameObservation => ({
  atMs,
  width: 320,
  height: 240,
  luma: 120,
  faces: Array.from({ length: faces }, () => ({ score: 0.9, box: { x: 100, y: 60, width: 120, height: 120 }, mesh: null, real: 0.8, live: 0.9 })),
});

interface Started {
  session: FaceSession;
  frames: { frame: FrameObservation; frameMs: number }[];
  unavailable: FaceUnavailableReason[];
  clock: ReturnType<typeof fakeWindow>;
}

async function start(features: Record<string, unknown> = {}, assets: typeof ASSETS | null = ASSETS): Promise<Started> {
  FakeWorker.last = null;
  const clock = fakeWindow(features);
  const frames: Started["frames"] = [];
  const unavailable: FaceUnavailableReason[] = [];
  const session = startFaceSession({
    win: clock.win,
    video,
    config,
    now: () => 1000 + clock.time(),
    onFrame: (frame, info) => frames.push({ frame, frameMs: info.frameMs }),
    onUnavailable: (reason) => unavailable.push(reason),
    ...(assets ? { assets } : {}),
  });
  await clock.advance(0);
  return { session, frames, unavailable, clock };
}

/** Answers the latest frame request after `ms`, as the worker would. */
async function answer(s: Started, ms: number, jpeg: Blob | null = null, faces = 1) {
  const worker = FakeWorker.last!;
  const request = worker.frames().at(-1)!;
  await s.clock.advance(ms);
  worker.answer({ type: "result", id: request.id, frame: observation(request.atMs, faces), frameMs: Math.max(0, ms - 3), jpeg });
  await s.clock.advance(0);
}

describe("startFaceSession", () => {
  it("reports an unsupported browser without starting a worker", async () => {
    const s = await start({ OffscreenCanvas: undefined });
    expect(s.unavailable).toEqual(["unsupported"]);
    expect(FakeWorker.last).toBeNull();
    expect(await s.session.ready).toBe(false);
  });

  it("starts a module worker with our asset URLs and the config's limits", async () => {
    await start();
    const worker = FakeWorker.last!;
    expect(worker.url).toBe(ASSETS.workerUrl);
    expect(worker.options.type).toBe("module");
    expect(worker.sent[0]).toEqual({
      type: "init",
      settings: { modelBaseUrl: ASSETS.modelBaseUrl, wasmBaseUrl: ASSETS.wasmBaseUrl, analysisWidth: 320, maxFaces: 3, jpegQuality: config.evidence.jpegQuality, maxFrameBytes: config.evidence.maxFrameBytes, iris: false },
    });
  });

  it("takes scaled frames one at a time, at most framesPerSecond, and hands each answer on", async () => {
    const s = await start();
    FakeWorker.last!.answer({ type: "ready", backend: "wasm", loadMs: 700 });
    expect(await s.session.ready).toBe(true);
    await s.clock.advance(0);
    expect(FakeWorker.last!.frames()).toHaveLength(1);
    expect(s.clock.bitmaps[0]).toMatchObject({ width: 320, height: 240 });
    // Nothing more is sent while a frame is in flight.
    await s.clock.advance(500);
    expect(FakeWorker.last!.frames()).toHaveLength(1);
    await answer(s, 0);
    expect(s.frames[0]?.frame.faces).toHaveLength(1);
    expect(s.frames[0]?.frameMs).toBe(500);
    // That frame took longer than 125 ms: the next one goes at once.
    await s.clock.advance(0);
    expect(FakeWorker.last!.frames()).toHaveLength(2);
    await answer(s, 50);
    // This one took 50 ms: the next starts 125 ms after it began, 75 ms from now.
    await s.clock.advance(74);
    expect(FakeWorker.last!.frames()).toHaveLength(2);
    await s.clock.advance(1);
    expect(FakeWorker.last!.frames()).toHaveLength(3);
    const [first, second] = FakeWorker.last!.frames();
    expect(first!.atMs).toBe(1000);
    expect(second!.atMs).toBe(1500);
    expect(s.session.stats()).toEqual({ frames: 2, medianFrameMs: 275 });
  });

  it("gives up as too slow after slowAfterFrames frames with a median over slowFrameMs", async () => {
    const s = await start();
    FakeWorker.last!.answer({ type: "ready", backend: "wasm", loadMs: 700 });
    await s.clock.advance(0);
    for (let i = 0; i < 4; i++) await answer(s, 450);
    expect(s.unavailable).toEqual([]);
    await answer(s, 450);
    expect(s.unavailable).toEqual(["slow"]);
    expect(FakeWorker.last!.terminated).toBe(true);
    expect(s.clock.pendingTimers()).toBe(0);
  });

  it("says load when the models are not ready within loadTimeoutMs", async () => {
    const s = await start();
    await s.clock.advance(14_999);
    expect(s.unavailable).toEqual([]);
    await s.clock.advance(1);
    expect(s.unavailable).toEqual(["load"]);
    expect(await s.session.ready).toBe(false);
    expect(FakeWorker.last!.terminated).toBe(true);
  });

  it("maps the worker's failures and broken messages to a reason, once", async () => {
    const wasm = await start();
    FakeWorker.last!.answer({ type: "error", reason: "wasm", id: null, message: "wasm fetch failed" });
    FakeWorker.last!.answer({ type: "error", reason: "load", id: null, message: "again" });
    expect(wasm.unavailable).toEqual(["wasm"]);

    const cpu = await start();
    FakeWorker.last!.answer({ type: "ready", backend: "cpu", loadMs: 1 });
    expect(cpu.unavailable).toEqual(["wasm"]);

    const garbage = await start();
    FakeWorker.last!.answer({ type: "result", id: 0, frame: { atMs: "soon" } });
    expect(garbage.unavailable).toEqual(["worker"]);

    const crashed = await start();
    FakeWorker.last!.onerror?.({ message: "SyntaxError", preventDefault() {} });
    expect(crashed.unavailable).toEqual(["worker"]);

    // Unit tests are not built by build.mjs: no worker URL is built in.
    const unbuilt = await start({}, null);
    expect(unbuilt.unavailable).toEqual(["load"]);
  });

  it("keeps the JPEGs of frames taken while keeping, including the one in flight when keeping stops", async () => {
    const s = await start();
    FakeWorker.last!.answer({ type: "ready", backend: "wasm", loadMs: 1 });
    await s.clock.advance(0);
    await answer(s, 60, new Blob(["not kept"]));
    s.session.keepFrames(true);
    await s.clock.advance(100);
    const firstKept = FakeWorker.last!.frames().at(-1)!;
    expect(firstKept.keep).toBe(true);
    await answer(s, 60, new Blob(["a"]));
    await s.clock.advance(100);
    const secondKept = FakeWorker.last!.frames().at(-1)!;
    s.session.keepFrames(false);
    const asked = s.session.frames([secondKept.atMs, 99_999, firstKept.atMs]);
    await answer(s, 60, new Blob(["bb"]));
    const kept = await asked;
    expect(kept.map((k) => [k.atMs, k.jpeg.size])).toEqual([
      [secondKept.atMs, 2],
      [firstKept.atMs, 1],
    ]);
    // The next frame was taken after keeping stopped: its JPEG is not kept.
    const after = FakeWorker.last!.frames().at(-1)!;
    expect(after.keep).toBe(false);
    await answer(s, 10, new Blob(["ccc"]));
    expect(await s.session.frames([after.atMs])).toEqual([]);
    // Keeping again starts a fresh set.
    s.session.keepFrames(true);
    expect(await s.session.frames([firstKept.atMs])).toEqual([]);
  });

  it("does not wait for ever for a frame the worker never answers", async () => {
    const s = await start();
    FakeWorker.last!.answer({ type: "ready", backend: "wasm", loadMs: 1 });
    await s.clock.advance(0);
    s.session.keepFrames(true);
    let settled = false;
    void s.session.frames([1000]).then(() => (settled = true));
    await s.clock.advance(config.guidance.slowFrameMs - 1);
    expect(settled).toBe(false);
    await s.clock.advance(1);
    expect(settled).toBe(true);
  });

  it("stops without reporting: worker terminated, kept frames dropped, no more frames", async () => {
    const s = await start();
    FakeWorker.last!.answer({ type: "ready", backend: "wasm", loadMs: 1 });
    await s.clock.advance(0);
    s.session.keepFrames(true);
    s.session.stop();
    await answer(s, 50, new Blob(["x"]));
    await s.clock.advance(1000);
    expect(s.unavailable).toEqual([]);
    expect(s.frames).toEqual([]);
    expect(FakeWorker.last!.terminated).toBe(true);
    expect(FakeWorker.last!.frames()).toHaveLength(1);
  });
});
