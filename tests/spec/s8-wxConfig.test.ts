/**
 * Spec §8: "Front-end, storage and messaging-app config errors go to analytics only." A
 * messaging-app JS config that fails (wx.error, no answer, checkJsApi without chooseVideo)
 * is a statistic; the page records with the next capture kind, never the error page, and
 * the messaging-app camera is not chosen again in the session.
 */
import { describe, expect, it, vi } from "vitest";
import type { OrderConfig } from "../../schemas/api";
import type { LaunchParams } from "../../schemas/launch";
import { createStatsRecorder } from "../../src/analytics/statsRecorder";
import type { ApiClient } from "../../src/api/client";
import type { CaptureHandler, CaptureKind, CaptureOutcome } from "../../src/capture/contract";
import { selectCaptureKind } from "../../src/capture/modeChoice";
import { promptsShownBefore } from "../../src/capture/promptLog";
import { wxVideoApiFrom } from "../../src/capture/wx/wxVideoApi";
import { createWxVideoHandlerWith } from "../../src/capture/wxVideoHandler";
import { createAttemptMachine } from "../../src/flow/attempt/attemptMachine";
import type { AttemptExit, KindChoice } from "../../src/flow/attempt/ports";
import { selectSwitchedNotice } from "../../src/flow/attempt/recordingView";
import { createSessionState } from "../../src/session/sessionState";
import { createKycStorage, createMemoryBackend } from "../../src/session/storage";
import { loadDefinitions } from "../engine/fixtures";
import { captureDeps, manualClock } from "../capture/websocketHandlerFakes";
import { choiceInput, shippedCapture, shippedKindRegistry } from "../capture/shippedKinds";

const LAUNCH: LaunchParams = { signature: "0123456789abcdef0123456789abcdef01234567", nonce_str: "nonce-42", time_stamp: "1900000000", live_type: "2", traditional_action: "2" };

type ConfigAnswer = "error" | "silent" | "noChooseVideo";

/** A jweixin-shaped `wx` whose config fails as told. */
function failingWx(answer: ConfigAnswer) {
  let readyFn: (() => void) | null = null;
  let errorFn: ((a: unknown) => void) | null = null;
  const chosen = vi.fn();
  const wx = {
    config: () =>
      queueMicrotask(() => {
        if (answer === "error") errorFn?.({ errMsg: "config:invalid signature" });
        if (answer === "noChooseVideo") readyFn?.();
      }),
    ready: (fn: () => void) => void (readyFn = fn),
    error: (fn: (a: unknown) => void) => void (errorFn = fn),
    checkJsApi: (p: { jsApiList: string[]; success: (a: unknown) => void }) =>
      p.success({ errMsg: "checkJsApi:ok", checkResult: { chooseVideo: false, uploadVideo: false } }),
    chooseVideo: chosen,
  };
  return { namespace: { default: wx }, chosen };
}

function setUp(answer: ConfigAnswer) {
  const clock = manualClock();
  const storage = createKycStorage({ backend: createMemoryBackend(), cacheId: "c1" });
  const session = createSessionState(storage);
  const stats = createStatsRecorder(clock.now);
  const wx = failingWx(answer);
  const started: CaptureKind[] = [];
  const registry = shippedKindRegistry((kind) => async () => (deps) => {
    if (kind === "wxVideo") {
      const real = createWxVideoHandlerWith(captureDeps(clock, undefined, LAUNCH), {
        loadApi: async () => wxVideoApiFrom(wx.namespace),
        wxAppId: "",
        pageOrigin: "https://verify.example.com",
        fetch: async () => new Response(null, { status: 404 }),
        readDuration: async () => null,
        timers: clock,
        configTimeoutMs: 10_000,
      });
      return { ...real, start: (request, onEvent) => (started.push(kind), real.start(request, onEvent)) } satisfies CaptureHandler;
    }
    void deps;
    return {
      kind,
      start: () => (started.push(kind), new Promise<CaptureOutcome>(() => undefined)),
      stop: () => undefined,
      dispose: () => undefined,
    };
  });
  // The real mode choice over the session as it stands: inside the messaging app on Android.
  const chooseKind = async (): Promise<KindChoice> => ({
    kind: selectCaptureKind(choiceInput({ launch: LAUNCH, state: session.get(), wxCameraUsable: true, platform: "android" }), registry, "recording"),
    facts: { cameraApi: true, cameraEligible: true },
  });
  const exits: AttemptExit[] = [];
  const machine = createAttemptMachine(
    {
      clock,
      api: { config: async () => ({ guidance: false }) as unknown as OrderConfig } as unknown as ApiClient,
      stats,
      storage,
      sessionState: async () => session,
      captureHandlers: registry,
      limits: shippedCapture,
      launch: LAUNCH,
      apps: loadDefinitions().apps,
      win: {} as Window,
      platform: "android",
      random: () => 0.5,
      chooseKind,
      describeDevice: async () => "deviceType=mobile",
      preview: { show: () => undefined, ready: () => undefined, hold: () => undefined, clear: () => undefined, release: () => undefined },
      guidance: { ready: async () => undefined, settle: async () => ({ kind: "upload", evidence: undefined }), detach: () => undefined },
      prompts: { recorded: () => [], shownBefore: promptsShownBefore },
      leave: (exit) => void exits.push(exit),
    },
    { page: "recording", liveMode: "action", will: false, audio: false, actions: ["2"] },
  );
  const until = async (done: () => boolean) => {
    for (let i = 0; i < 500 && !done(); i++) {
      await clock.advance(100);
      await new Promise<void>((resolve) => setTimeout(resolve, 1));
    }
    expect(done()).toBe(true);
  };
  return { machine, session, stats, started, exits, until, wx, chooseKind };
}

describe("spec §8: a messaging-app JS config error goes to analytics only", () => {
  it.each<[ConfigAnswer, string]>([
    ["error", "config:invalid signature"],
    ["silent", "config:timeout"],
    ["noChooseVideo", "checkJsApi:chooseVideo not supported"],
  ])("config answer %s: the page records with the in-page recorder, no error page, and a statistic says why", async (answer, what) => {
    const s = setUp(answer);
    s.machine.arrive();
    await s.until(() => s.machine.getState().phase.name === "ready");
    expect(s.machine.getState().kind).toBe("wxVideo");
    s.machine.start();
    await s.until(() => s.machine.getState().kind !== "wxVideo");

    expect(s.exits).toEqual([]);
    expect(s.machine.getState()).toMatchObject({ kind: "recorder", phase: { name: "ready" } });
    // Nothing on screen says the messaging app failed.
    expect(selectSwitchedNotice(s.machine.getState())).toBeNull();
    expect(s.wx.chosen).not.toHaveBeenCalled();
    expect(s.stats.pending().filter((e) => e.name === "wxConfigFailed").map((e) => e.data)).toEqual([{ what }]);

    // The next attempt records with the recorder; a later choice in the session skips the messaging-app camera.
    s.machine.start();
    expect(s.started).toEqual(["wxVideo", "recorder"]);
    expect((await s.chooseKind()).kind).toBe("recorder");
  });

  it("without an in-page camera the next kind is the file input", async () => {
    const s = setUp("error");
    const state = s.session.update((draft) => {
      draft.wxCameraUnusable = true;
    });
    const input = choiceInput({ launch: LAUNCH, state, wxCameraUsable: true, platform: "android", cameraApi: false });
    expect(selectCaptureKind(input, shippedKindRegistry(), "recording")).toBe("fileInput");
  });
});
