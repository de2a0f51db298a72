/**
 * One capture page's attempt, from arriving to leaving, for both page families:
 *
 *   arrive: a stored pending attempt (a reload while the service verifies) resumes the wait
 *     for its verdict; else prepare — a recording page chooses its kind and loads its handler,
 *     fetches the digits or the question; a real-time page chooses again, records the choice
 *     and forwards when the choice is another page's
 *   → start (the user's tap; the file input opens its chooser from inside it)
 *   → the handler's events drive the state (preview, camera ready, countdown, recording,
 *     prompts, a stream's progress)
 *   → its outcome: a recording is settled with face guidance, checked, uploaded with a bounded
 *     retry and kept when no answer came (resend or give up); an accepted attempt (an upload,
 *     an ended stream) is followed while the service verifies it, and its verdict settled; a
 *     failure switches a recording page to the file input or shows its error, and gives a
 *     real-time mode up (then the next kind's page) or shows its error
 *   → leave(exit): success, fail, an error screen, or another kind's page.
 *
 * A store (getState, subscribe) over attemptReducer; no React, no DOM: time comes from the
 * injected clock, and what the page shows (preview, guidance, prompts) through ports.
 */
import type { CaptureDeps, CaptureEvent, CaptureHandler, CaptureHandlerFactory, CaptureKind, CaptureOutcome, CaptureRequest } from "../../capture/contract";
import { deviceModeOf, setDeviceMode } from "../../capture/downgrade";
import { pendingAttemptOf } from "../../capture/pendingAttempt";
import { canChangeCamera } from "../../device/wxCameraPolicy";
import { attemptReducer, awaitsLightChoice, INITIAL_ATTEMPT_STATE, isCapturing, type AttemptAction, type AttemptState } from "./attemptState";
import { createLightChooser } from "./lightChooser";
import { firstLightStep, type LightChoice } from "./lightRoute";
import { captureRequestOf } from "./captureRequest";
import { afterCameraFailure, afterRealtimeFailure, type Failed } from "./cameraFailure";
import type { AttemptDeps, AttemptExit, AttemptOptions } from "./ports";
import { loadHandler, prepareRecording } from "./prepare";
import { arriveRealtime, KIND_OF_REALTIME_MODE } from "./realtimeArrival";
import { createRecordingHandOver } from "./handOver";
import { followAccepted, followWith, submitResultOf, type FollowDeps, type SubmitResult } from "./submit";

export interface AttemptMachine {
  getState(): AttemptState;
  /** Calls `listener` after every change of the state; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
  /** The page is shown (again): resume a stored pending attempt, else prepare (once per machine). */
  arrive(): void;
  /** The user's tap: starts the handler synchronously (the file input's chooser needs the tap). */
  start(): void;
  /** Switches between the front and the back camera; only before the start, and only where the page allows it (canSwitchCamera). */
  switchCamera(): void;
  /** Light modes: the notice's choice, the light or (a user who must not see it) the alternative route. */
  chooseLight(choice: LightChoice): void;
  /** Ends the recording (held back to the earliest allowed moment by the handler). */
  stop(): void;
  /** Releases the camera and goes back to the start (the record-timeout modal's re-record, the action-failure view's retry). */
  reset(): void;
  /** Sends the kept recording again after an upload that got no answer. */
  resend(): void;
  /** Gives up a kept recording: the upload-failure screen. */
  giveUp(): void;
  /** The camera gave no picture in time (the preview's wait). */
  stalled(): void;
  /** The page went away: releases the handler (camera, socket, room) and stops waiting; arrive() may follow (StrictMode). */
  dispose(): void;
}

/** What a crashed handler or upload counts as, per page: the real-time pages' own codes. */
function crashOf(options: AttemptOptions): Failed {
  if (options.realtimeMode === "trtc") return { kind: "failed", status: "trtc_exception" };
  if (options.realtimeMode === "ws") return { kind: "failed", status: "exception", frontError: true };
  return { kind: "failed", status: "exception" };
}

/** @example const machine = createAttemptMachine(deps, { page: "recording", liveMode: "number", will: false, audio: true, actions: [] }); machine.arrive(); */
export function createAttemptMachine(deps: AttemptDeps, options: AttemptOptions): AttemptMachine {
  const realtimeMode = options.page === "realtime" ? options.realtimeMode : undefined;
  if (options.page === "realtime" && realtimeMode === undefined) throw new Error('createAttemptMachine: a "realtime" page needs its realtimeMode ("trtc" or "ws")');
  const recordingPage = realtimeMode === undefined;
  let state = INITIAL_ATTEMPT_STATE;
  const listeners = new Set<() => void>();
  /** The page is shown; results arriving while it is not change nothing and lead nowhere. */
  let live = false;
  let prepareStarted = false;
  /** Aborted when the page goes away: a wait for a verdict stops there (the stored attempt resumes it). */
  let life: AbortController | null = null;
  let factory: CaptureHandlerFactory<CaptureDeps> | null = null;
  let handler: CaptureHandler | null = null;
  let previewAt = 0;

  const dispatch = (action: AttemptAction) => {
    const next = attemptReducer(state, action);
    if (next === state) return;
    state = next;
    for (const listener of [...listeners]) listener();
  };

  const leave = (exit: AttemptExit) => {
    if (!live) return;
    handOver.forget();
    dispatch({ type: "leaving" });
    deps.leave(exit);
  };

  const followDeps = (): FollowDeps => ({
    api: deps.api,
    storage: deps.storage,
    stats: deps.stats,
    sleep: (ms) => new Promise<void>((resolve) => void deps.clock.setTimeout(resolve, ms)),
    now: () => deps.clock.now(),
    ...(life ? { signal: life.signal } : {}),
    onVerifying: ({ step, progress }) => dispatch({ type: "verifying", step, progress }),
    onJudged: () => dispatch({ type: "settling" }),
  });

  const finish = (result: SubmitResult) => {
    if (!live || result.to === "left") return;
    if (result.to === "uploadFailed") {
      deps.stats.record("uploadFailed", { status: result.status, detail: result.detail });
      return dispatch({ type: "uploadFailed", status: result.status });
    }
    leave(result.to === "error" ? { to: "error", status: result.status } : { to: result.to });
  };
  const handOver = createRecordingHandOver({
    deps,
    dispatch,
    isLive: () => live,
    leave,
    finish,
    followDeps,
    crashed: () => finish({ to: "error", status: crashOf(options).status }),
  });

  const requestOf = (digits: string | null, question: string | null): CaptureRequest =>
    captureRequestOf({ liveMode: options.liveMode, will: options.will, audio: options.audio, actions: options.actions, digits, question, facing: state.facing, limits: deps.limits });

  const light = createLightChooser({ deps, options, realtimeMode, state: () => state, isLive: () => live, dispatch, leave });

  /** Spec §5: apps on flows/apps.json `unchangeableCameraAppIds` record with the front camera only. */
  const appChangesCamera = canChangeCamera(deps.launch.wb_app_id ?? deps.apps.defaultAppId, deps.apps);
  /** The user may switch camera while `kind` records: the app allows it and the page chooses the kind's camera. */
  const cameraSwitchOf = (kind: CaptureKind) => appChangesCamera && deps.captureHandlers.descriptor(kind).traits.choosesFacing;

  const prepare = async () => {
    if (realtimeMode !== undefined) {
      const arrived = await arriveRealtime(deps, options, realtimeMode);
      if (arrived.ok === "forward") return leave({ to: "kind", kind: arrived.to });
      if (arrived.ok === false) return leave({ to: "error", status: arrived.status });
      // The handler's code (real-time video's SDK is large) loads at the tap, as before.
      const first = firstLightStep(arrived.light);
      dispatch({ type: "prepared", kind: arrived.kind, request: requestOf(arrived.digits, arrived.question), guidance: false, cameraSwitch: cameraSwitchOf(arrived.kind), light: first.step });
      return first.straight ? light.fetch("alternative") : undefined;
    }
    const ready = await prepareRecording(deps, options);
    if (!ready.ok) {
      deps.stats.record("capturePrepareFailed", { status: ready.status, detail: ready.detail });
      return leave({ to: "error", status: ready.status });
    }
    factory = ready.factory;
    // Reduced motion (or a kind that cannot show colours): the alternative at once, no notice, no colours.
    const first = firstLightStep(ready.light);
    dispatch({ type: "prepared", kind: ready.kind, request: requestOf(ready.digits, ready.question), guidance: ready.guidance, cameraSwitch: cameraSwitchOf(ready.kind), light: first.step });
    if (first.straight) light.fetch("alternative");
  };

  const prepareOnce = () => {
    // Once per page, also under StrictMode's second mount: each digits call opens a new attempt.
    if (prepareStarted) return;
    prepareStarted = true;
    void prepare().catch(() => leave({ to: "error", status: "exception" }));
  };

  const resume = (attempt: number, signal: AbortSignal) => {
    deps.stats.record("verdictResumed", { attempt });
    dispatch({ type: "verifying", step: null, progress: 0 });
    void followWith({ state: "accepted", attempt }, followDeps()).then(
      (followed) => {
        if (signal.aborted) return;
        // A number the service does not know (another session's, an old one): arrive as usual.
        if (followed.next === "unknownAttempt") return prepareOnce();
        finish(submitResultOf(followed));
      },
      () => finish({ to: "error", status: "exception" }),
    );
  };

  const onFailure = (kind: CaptureKind, failure: Failed) => {
    if (realtimeMode !== undefined) {
      dispatch({ type: "leaving" });
      void afterRealtimeFailure(deps, realtimeMode, failure).then(
        (step) => leave(step.kind === "error" ? { to: "error", status: step.status } : { to: "kind", kind: step.to }),
        () => leave({ to: "error", status: "exception" }),
      );
      return;
    }
    void afterCameraFailure(deps, kind, failure).then(
      (step) => {
        if (step.kind !== "switch") return leave(step.kind === "error" ? { to: "error", status: step.status } : { to: "kind", kind: step.to });
        factory = step.factory;
        if (live) dispatch({ type: "switched", kind: step.to, reason: step.reason, cameraSwitch: cameraSwitchOf(step.to) });
      },
      () => leave({ to: "error", status: failure.status }),
    );
  };

  const onOutcome = (from: CaptureHandler, outcome: CaptureOutcome, asked: CaptureRequest) => {
    if (handler !== from || !live) return;
    handler = null;
    from.dispose();
    deps.preview.clear();
    if (outcome.kind !== "recording") deps.guidance.detach();
    switch (outcome.kind) {
      case "cancelled":
        deps.preview.release();
        return dispatch({ type: "reset" });
      case "failed":
        return onFailure(from.kind, outcome);
      case "accepted":
        dispatch({ type: "verifying", step: null, progress: 0 });
        return void followAccepted(outcome.accepted, followDeps()).then(finish, () => finish({ to: "error", status: "exception" }));
      case "recording":
        return handOver.received(from.kind, outcome, asked);
    }
  };

  const onEvent = (from: CaptureHandler, event: CaptureEvent) => {
    if (handler !== from || !live) return;
    if (event.type === "preview") {
      previewAt = deps.clock.now();
      deps.preview.show(event.stream);
    } else if (event.type === "cameraReady") {
      deps.preview.ready(previewAt, event.atMs);
      if (recordingPage) deps.stats.record("cameraReady", { ms: Math.round(Math.max(0, event.atMs - previewAt)), kind: from.kind });
    } else if (event.type === "captured") {
      deps.preview.hold();
    }
    dispatch({ type: "event", event });
  };

  const run = (make: CaptureHandlerFactory<CaptureDeps>, request: CaptureRequest) => {
    const created = make({
      win: deps.win,
      now: () => deps.clock.now(),
      api: deps.api,
      launch: deps.launch,
      capture: deps.limits,
      apps: deps.apps,
      stats: deps.stats,
      // The recorder holds its countdown until face guidance runs (the real-time pages run none).
      ...(recordingPage ? { beforeCountdown: () => deps.guidance.ready() } : {}),
      describeDevice: () => deps.describeDevice(),
      ...(request.light ? { lightShown: (startMs: number) => deps.prompts.light?.(startMs) ?? [] } : {}),
      ...(deps.language === undefined ? {} : { speechLanguage: deps.language.speech }),
    });
    handler = created;
    if (recordingPage) {
      deps.stats.record("captureStart", { kind: created.kind });
      void deps.sessionState().then((store) => store.update((draft) => setDeviceMode(draft, deviceModeOf(created.kind))));
    }
    created.start(request, (event) => onEvent(created, event)).then(
      (outcome) => onOutcome(created, outcome, request),
      () => onOutcome(created, recordingPage ? { kind: "failed", status: "exception" } : crashOf(options), request),
    );
  };

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    arrive() {
      life?.abort();
      const controller = new AbortController();
      life = controller;
      live = true;
      const pending = pendingAttemptOf(deps.storage);
      // Polling is harmless to repeat, so every arrival (StrictMode's second too) resumes the wait.
      if (pending !== null) return resume(pending.attempt, controller.signal);
      prepareOnce();
    },
    start() {
      // A chooser dismissed in a browser that does not report it leaves "picking": picking again replaces it.
      if (state.phase.name === "picking" && handler) {
        handler.dispose();
        handler = null;
      }
      const request = state.request;
      const kind = state.kind;
      if (!live || !request || kind === null || (isCapturing(state.phase) && state.phase.name !== "picking") || handler) return;
      // Nothing records before the light's notice was answered and its challenge is in hand.
      if (awaitsLightChoice(state)) return;
      dispatch({ type: "started" });
      // Called synchronously inside the tap: the file input opens its chooser from here.
      if (factory) return run(factory, request);
      const own = realtimeMode === undefined ? kind : KIND_OF_REALTIME_MODE[realtimeMode];
      void loadHandler(deps, own).then(
        (loaded) => {
          // The page went away (or was reset) while the handler's code loaded: nothing may open the camera now.
          if (!live || state.phase.name !== "opening") return;
          factory = loaded;
          run(loaded, request);
        },
        () => (realtimeMode === undefined ? leave({ to: "error", status: "exception" }) : onFailure(own, crashOf(options))),
      );
    },
    chooseLight: (choice) => light.choose(choice),
    switchCamera: () => dispatch({ type: "cameraSwitched" }),
    stop: () => handler?.stop(),
    reset() {
      handler?.dispose();
      handler = null;
      deps.preview.clear();
      deps.preview.release();
      deps.guidance.detach();
      dispatch({ type: "reset" });
    },
    resend() {
      if (state.phase.name === "uploadFailed") handOver.resend();
    },
    giveUp() {
      if (state.phase.name === "uploadFailed") leave({ to: "error", status: state.phase.status });
    },
    stalled: () => dispatch({ type: "stalled" }),
    dispose() {
      live = false;
      life?.abort();
      handler?.dispose();
      handler = null;
    },
  };
}
