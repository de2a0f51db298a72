/**
 * One capture page's attempt, from arriving to leaving: the core, the same on every page.
 *   arrive: a stored pending attempt (a reload while the service verifies) resumes the wait
 *     for its verdict; else the page prepares, once (kind, digits or question)
 *   → start (the user's tap; the file input opens its chooser from inside it)
 *   → the handler's events drive the state (preview, countdown, recording, prompts, progress)
 *   → its outcome: cancelled (ready again), failed (another kind here, or leave), accepted or
 *     a recording (handOver.ts: checked, uploaded, followed to its verdict)
 *   → leave(exit): success, fail, an error screen, or another kind's page.
 * What differs by page family is its policy's (attemptPolicy.ts), chosen once here; who holds
 * the camera and the waits is the session's (attemptSession.ts). No React, no DOM: time comes
 * from the injected clock, the page is reached through ports (ports.ts).
 */
import type { CaptureDeps, CaptureEvent, CaptureHandler, CaptureHandlerFactory, CaptureKind, CaptureOutcome, CaptureRequest } from "../../capture/contract";
import { pendingAttemptOf } from "../../capture/pendingAttempt";
import { canChangeCamera } from "../../device/wxCameraPolicy";
import type { AttemptMachine } from "./attemptCommands";
import type { AttemptPolicy } from "./attemptPolicy";
import { createAttemptSession } from "./attemptSession";
import { awaitsLightChoice, createAttemptStore, isCapturing } from "./attemptState";
import type { Failed } from "./cameraFailure";
import { captureRequestOf } from "./captureRequest";
import { createHandOver } from "./handOver";
import { handlerDepsOf } from "./handlerDeps";
import { createLightChooser } from "./lightChooser";
import { firstLightStep } from "./lightRoute";
import type { AttemptDeps, AttemptExit, AttemptOptions } from "./ports";
import { loadHandler } from "./prepare";
import { realtimePolicy } from "./realtimePolicy";
import { RECORDING_POLICY } from "./recordingPolicy";

function policyOf(options: AttemptOptions): AttemptPolicy {
  if (options.page !== "realtime") return RECORDING_POLICY;
  if (options.realtimeMode === undefined) throw new Error('createAttemptMachine: a "realtime" page needs its realtimeMode ("trtc" or "ws")');
  return realtimePolicy(options.realtimeMode);
}

/** @example const machine = createAttemptMachine(deps, { page: "recording", liveMode: "number", will: false, audio: true, actions: [] }); machine.arrive(); */
export function createAttemptMachine(deps: AttemptDeps, options: AttemptOptions): AttemptMachine {
  const policy = policyOf(options);
  const session = createAttemptSession();
  const store = createAttemptStore();
  const { dispatch } = store;
  const isLive = () => session.live;
  const leave = (exit: AttemptExit) => {
    if (!session.live) return;
    handOver.forget();
    dispatch({ type: "leaving" });
    deps.leave(exit);
  };
  const handOver = createHandOver({ deps, dispatch, isLive, signal: () => session.signal, leave, crash: policy.crash.status });
  const light = createLightChooser({ deps, options, alternativeElsewhere: policy.alternativeElsewhere, state: store.getState, isLive, dispatch, leave });
  /** Spec §5: apps on flows/apps.json `unchangeableCameraAppIds` record with the front camera only; the kind must choose its camera. */
  const appChangesCamera = canChangeCamera(deps.launch.wb_app_id ?? deps.apps.defaultAppId, deps.apps);
  const cameraSwitchOf = (kind: CaptureKind) => appChangesCamera && deps.captureHandlers.descriptor(kind).traits.choosesFacing;

  const prepare = async () => {
    const ready = await policy.prepare(deps, options);
    if (!ready.ok) return leave(ready.exit);
    session.factory = ready.factory;
    const request = captureRequestOf({ ...options, digits: ready.digits, question: ready.question, facing: store.getState().facing, limits: deps.limits, light: null });
    // Reduced motion (or a kind that cannot show colours): the alternative at once, no notice, no colours.
    const first = firstLightStep(ready.light);
    dispatch({ type: "prepared", kind: ready.kind, request, guidance: ready.guidance, cameraSwitch: cameraSwitchOf(ready.kind), light: first.step });
    if (first.straight) light.fetch("alternative");
  };
  const prepareOnce = () => {
    if (session.firstPrepare()) void prepare().catch(() => leave({ to: "error", status: "exception" }));
  };

  const fail = (kind: CaptureKind, failure: Failed) => {
    if (policy.leavesAtFailure) dispatch({ type: "leaving" });
    void policy.afterFailure(deps, kind, failure).then((step) => {
      if (step.to === "leave") return leave(step.exit);
      session.factory = step.factory;
      if (session.live) dispatch({ type: "switched", kind: step.kind, reason: step.reason, cameraSwitch: cameraSwitchOf(step.kind) });
    });
  };

  const onOutcome = (from: CaptureHandler, outcome: CaptureOutcome, asked: CaptureRequest) => {
    deps.preview.clear();
    if (outcome.kind !== "recording") deps.guidance.detach();
    if (outcome.kind === "cancelled") {
      deps.preview.release();
      return dispatch({ type: "reset" });
    }
    if (outcome.kind === "failed") return fail(from.kind, outcome);
    if (outcome.kind === "accepted") return handOver.accepted(outcome.accepted);
    handOver.received(from.kind, outcome, asked);
  };

  const onEvent = (from: CaptureHandler, event: CaptureEvent) => {
    if (event.type === "preview") {
      session.previewAt = deps.clock.now();
      deps.preview.show(event.stream);
    } else if (event.type === "cameraReady") {
      deps.preview.ready(session.previewAt, event.atMs);
      policy.cameraReady(deps, from.kind, Math.round(Math.max(0, event.atMs - session.previewAt)));
    } else if (event.type === "captured") {
      deps.preview.hold();
    }
    dispatch({ type: "event", event });
  };

  const run = (make: CaptureHandlerFactory<CaptureDeps>, request: CaptureRequest) => {
    const created = make(handlerDepsOf(deps, request, policy.beforeCountdown));
    policy.started(deps, created.kind);
    session.run(created, request, { event: onEvent, outcome: (from, outcome) => onOutcome(from, outcome, request), crash: policy.crash });
  };

  return {
    getState: store.getState,
    subscribe: store.subscribe,
    arrive() {
      session.open();
      const pending = pendingAttemptOf(deps.storage);
      // Polling is harmless to repeat, so every arrival (StrictMode's second too) resumes the wait.
      if (pending !== null) return handOver.resume(pending.attempt, prepareOnce);
      prepareOnce();
    },
    start() {
      // A chooser dismissed in a browser that does not report it leaves "picking": picking again replaces it.
      if (store.getState().phase.name === "picking") session.release();
      const state = store.getState();
      const { request, kind, phase } = state;
      if (!session.live || !request || kind === null || (isCapturing(phase) && phase.name !== "picking") || session.busy) return;
      // Nothing records before the light's notice was answered and its challenge is in hand.
      if (awaitsLightChoice(state)) return;
      dispatch({ type: "started" });
      // Called synchronously inside the tap: the file input opens its chooser from here.
      if (session.factory) return run(session.factory, request);
      void loadHandler(deps, kind).then((loaded) => {
        // The page went away (or was reset) while the handler's code loaded: nothing may open the camera now.
        if (!session.live || store.getState().phase.name !== "opening") return;
        session.factory = loaded;
        run(loaded, request);
      }, () => fail(kind, policy.crash));
    },
    chooseLight: (choice) => light.choose(choice),
    switchCamera: () => dispatch({ type: "cameraSwitched" }),
    stop: () => session.stop(),
    reset() {
      session.release();
      deps.preview.clear();
      deps.preview.release();
      deps.guidance.detach();
      dispatch({ type: "reset" });
    },
    resend() {
      if (store.getState().phase.name === "uploadFailed") handOver.resend();
    },
    giveUp() {
      const { phase } = store.getState();
      if (phase.name === "uploadFailed") leave({ to: "error", status: phase.status });
    },
    stalled: () => dispatch({ type: "stalled" }),
    dispose: () => session.close(),
  };
}
