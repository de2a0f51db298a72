/**
 * What differs between the page families' attempts, through the machine (the policies,
 * src/flow/attempt/recordingPolicy.ts and realtimePolicy.ts): where a crashed handler leads,
 * what runs around the handler (face guidance before the countdown, the camera's statistics),
 * and that docs/architecture.md names every command the machine takes.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it, vi } from "vitest";
import type { OrderConfig } from "../../../schemas/api";
import { createStatsRecorder } from "../../../src/analytics/statsRecorder";
import type { ApiClient } from "../../../src/api/client";
import type { CaptureDeps, CaptureEvent, CaptureKind, CaptureOutcome } from "../../../src/capture/contract";
import { promptsShownBefore } from "../../../src/capture/promptLog";
import { createAttemptMachine } from "../../../src/flow/attempt/attemptMachine";
import type { AttemptExit, AttemptOptions } from "../../../src/flow/attempt/ports";
import { createSessionState } from "../../../src/session/sessionState";
import { createKycStorage, createMemoryBackend } from "../../../src/session/storage";
import { loadDefinitions } from "../../engine/fixtures";
import { manualClock } from "../../capture/websocketHandlerFakes";
import { shippedCapture, shippedKindRegistry } from "../../capture/shippedKinds";

/** A handler of every kind that keeps what it was given and ends as the test says: `crash` rejects its start. */
function handlerDoubles() {
  const made: { kind: CaptureKind; deps: CaptureDeps; emit(event: CaptureEvent): void; end(outcome: CaptureOutcome | "crash"): void }[] = [];
  const registry = shippedKindRegistry((kind) => async () => (deps: CaptureDeps) => ({
    kind,
    start(_request, onEvent) {
      return new Promise<CaptureOutcome>((resolve, reject) => {
        made.push({ kind, deps, emit: onEvent, end: (outcome) => (outcome === "crash" ? reject(new Error("handler broke")) : resolve(outcome)) });
      });
    },
    stop: () => undefined,
    dispose: () => undefined,
  }));
  return { registry, made };
}

function setUp(options: Pick<AttemptOptions, "page" | "realtimeMode">, kind: CaptureKind, launch: Record<string, string> = {}) {
  const clock = manualClock();
  const storage = createKycStorage({ backend: createMemoryBackend(), cacheId: "c1" });
  const session = createSessionState(storage);
  const stats = createStatsRecorder(clock.now);
  const handlers = handlerDoubles();
  const guidanceReady = vi.fn(async () => undefined);
  const api = { digits: async () => ({ digits: "5820" }), config: async () => ({ guidance: true }) as unknown as OrderConfig } as unknown as ApiClient;
  const exits: AttemptExit[] = [];
  const machine = createAttemptMachine(
    {
      clock,
      api,
      stats,
      storage,
      sessionState: async () => session,
      captureHandlers: handlers.registry,
      limits: shippedCapture,
      launch,
      apps: loadDefinitions().apps,
      win: {} as Window,
      platform: "android",
      random: () => 0.5,
      chooseKind: async () => ({ kind, facts: { cameraApi: true, cameraEligible: true } }),
      describeDevice: async () => "deviceType=mobile",
      preview: { show: () => undefined, ready: () => undefined, hold: () => undefined, clear: () => undefined, release: () => undefined },
      guidance: { ready: guidanceReady, settle: async () => ({ kind: "upload", evidence: undefined }), detach: () => undefined },
      prompts: { recorded: () => [], shownBefore: promptsShownBefore },
      leave: (exit) => void exits.push(exit),
    },
    { liveMode: "number", will: false, audio: true, actions: [], ...options },
  );
  const until = async (done: () => boolean) => {
    for (let i = 0; i < 500 && !done(); i++) await clock.advance(100);
    expect(done()).toBe(true);
  };
  /** Arrives, waits for the page to be ready, taps start and waits for the handler. */
  const started = async () => {
    machine.arrive();
    await until(() => machine.getState().phase.name === "ready");
    machine.start();
    await until(() => handlers.made.length > 0);
    return handlers.made.at(-1)!;
  };
  const recorded = (name: string) => stats.pending().filter((e) => e.name === name).map((e) => e.data);
  return { machine, session, handlers, guidanceReady, exits, until, started, recorded };
}

const RECORDING = { page: "recording" } as const;
const TRTC = { page: "realtime", realtimeMode: "trtc" } as const;
const WS = { page: "realtime", realtimeMode: "ws" } as const;

describe("a handler that crashes", () => {
  it("shows the recording pages' exception screen", async () => {
    const s = setUp(RECORDING, "recorder");
    (await s.started()).end("crash");
    await s.until(() => s.exits.length > 0);
    expect(s.exits).toEqual([{ to: "error", status: "exception" }]);
  });

  it("shows real-time video's own exception screen", async () => {
    const s = setUp(TRTC, "trtc", { rtc_mode_switch: "1" });
    (await s.started()).end("crash");
    await s.until(() => s.exits.length > 0);
    expect(s.exits).toEqual([{ to: "error", status: "trtc_exception" }]);
  });

  it("counts as one more front error of the stream", async () => {
    const s = setUp(WS, "websocket", { ws_mode_switch: "1" });
    (await s.started()).end("crash");
    await s.until(() => s.exits.length > 0);
    expect(s.exits).toEqual([{ to: "error", status: "exception" }]);
    expect(s.session.get().wsFrontErrorTimes).toBe(1);
  });
});

describe("around the handler", () => {
  it("a recording page holds the countdown for face guidance and records the camera's start and first picture", async () => {
    const s = setUp(RECORDING, "recorder");
    const handler = await s.started();
    await handler.deps.beforeCountdown?.();
    expect(s.guidanceReady).toHaveBeenCalledTimes(1);
    handler.emit({ type: "preview", stream: {} as MediaStream });
    handler.emit({ type: "cameraReady", atMs: 250 });
    expect(s.recorded("captureStart")).toEqual([{ kind: "recorder" }]);
    expect(s.recorded("cameraReady")).toHaveLength(1);
  });

  it("a real-time page runs no face guidance and records neither", async () => {
    for (const [options, kind, launch] of [[TRTC, "trtc", { rtc_mode_switch: "1" }], [WS, "websocket", { ws_mode_switch: "1" }]] as const) {
      const s = setUp(options, kind, launch);
      const handler = await s.started();
      expect(handler.deps.beforeCountdown).toBeUndefined();
      handler.emit({ type: "preview", stream: {} as MediaStream });
      handler.emit({ type: "cameraReady", atMs: 250 });
      expect(s.recorded("captureStart")).toEqual([]);
      expect(s.recorded("cameraReady")).toEqual([]);
    }
  });
});

describe("the architecture document", () => {
  it("names every command the machine takes", () => {
    const doc = readFileSync(new URL("../../../docs/architecture.md", import.meta.url), "utf8");
    const machine = setUp(RECORDING, "recorder").machine;
    const missing = Object.keys(machine).filter((command) => !doc.includes(`\`${command}\``));
    expect(missing).toEqual([]);
  });
});
