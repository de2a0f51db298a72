/**
 * One recording page's attempt, from opening to leaving:
 *
 *   prepare (capture kind, handler, digits or question)
 *   → the user's tap starts the handler (the file input needs that tap for its chooser)
 *   → handler events drive the page (preview, camera ready, countdown, recording, prompts)
 *   → on-device face guidance (guidance/) watches the live preview, holds the countdown until
 *     it runs or gave up, prompts guided actions and stops a guided recording once its checks
 *     are done; a guided recording whose checks were not done ends in the action-failure view
 *   → the outcome: a recording is checked, uploaded with progress and a bounded retry (with
 *     when each prompt was shown), then followed while the service verifies it (核验中, its
 *     steps) and its verdict settled; a camera failure records its downgrade reason
 *     and shows its error screen, except a permission never answered, which switches the
 *     page to the file input (spec §4 retry rule)
 *   → /success, /fail or /error?status=… (the guard adds /action/ in action mode).
 *
 * The recording stays in this hook until the service answered: an upload that got no
 * answer after its retries keeps the page, and the user may send the same recording again.
 * Once accepted it is the service's: a reload while it verifies opens the page waiting for
 * that attempt's verdict (the stored pending attempt), not recording a new one.
 */
import { useCallback, useEffect, useMemo, useReducer, useRef } from "react";
import type { CaptureDeps, CaptureEvent, CaptureHandler, CaptureHandlerFactory, CaptureKind, CaptureOutcome, CaptureRequest } from "../../../capture/contract";
import { deviceModeOf, setDeviceMode } from "../../../capture/downgrade";
import { platformOfUserAgent } from "../../../capture/recorder/platform";
import { recordingPlan, type RecordingPlan } from "../../../capture/recorder/recordingPlan";
import type { LiveMode } from "../../../engine/modes";
import { useApi } from "../../apiContext";
import { useRuntime } from "../../FlowProvider";
import { withQuery } from "../../../runtime/hashLocation";
import { useCameraPreview } from "../useCameraPreview";
import { CAMERA_READY_MEASURE } from "../../../flow/attempt/cameraReadyMeasure";
import { attemptReducer, INITIAL_ATTEMPT_STATE, isCapturing, type AttemptState } from "../../../flow/attempt/attemptState";
import { captureRequestOf } from "../../../flow/attempt/captureRequest";
import { afterCameraFailure } from "../../../flow/attempt/cameraFailure";
import { prepareAttempt } from "../../../flow/attempt/prepare";
import { checkRecordingBeforeUpload, followAccepted, submitRecording, type Recording, type SubmitResult } from "../../../flow/attempt/submit";
import type { GuidanceView } from "./guidance/guidanceController";
import { useFaceGuidance } from "./guidance/useFaceGuidance";
import { useShownPrompts } from "./useShownPrompts";
import { useVerdictWait } from "./useVerdictWait";

interface CaptureAttemptOptions {
  liveMode: LiveMode;
  will: boolean;
  audio: boolean;
}

interface CaptureAttempt {
  state: AttemptState;
  /** What is asked of the user; null while preparing. */
  request: CaptureRequest | null;
  /** The recording's timeline (earliest stop, prompts); null while preparing. */
  plan: RecordingPlan | null;
  /** On-device face guidance: status, hint, face outline and (guided recording) the action to prompt. */
  guidance: GuidanceView;
  /** The action prompted now (index into request.actions), -1 when none is. */
  actionIndex: number;
  videoRef: (video: HTMLVideoElement | null) => void;
  /** Starts the handler; call it from the user's tap. */
  start(): void;
  /** Ends the recording (held back to the earliest allowed moment by the handler). */
  stop(): void;
  /** Releases the camera and goes back to the start (the record-timeout modal's re-record). */
  reset(): void;
  /** Sends the kept recording again after an upload that got no answer. */
  resend(): void;
  /** Gives up a kept recording and shows the upload-failure screen. */
  giveUp(): void;
}

export function useCaptureAttempt({ liveMode, will, audio }: CaptureAttemptOptions): CaptureAttempt {
  const rt = useRuntime();
  const capture = rt.capture;
  const api = useApi();
  const [state, dispatch] = useReducer(attemptReducer, INITIAL_ATTEMPT_STATE);
  const factory = useRef<CaptureHandlerFactory<CaptureDeps> | null>(null);
  const handler = useRef<CaptureHandler | null>(null);
  const kept = useRef<Recording | null>(null);
  const previewAt = useRef(0);
  const mounted = useRef(false);
  const prepareStarted = useRef(false);
  const guidanceFailures = useRef(0);
  const now = useCallback(() => rt.win.performance.now(), [rt]);
  const platform = platformOfUserAgent(rt.win.navigator.userAgent);

  const prepared = state.phase.name !== "preparing";
  const request = useMemo(
    () => (prepared ? captureRequestOf({ liveMode, will, audio, launch: rt.launch, digits: state.digits, question: state.question, limits: capture }) : null),
    [prepared, liveMode, will, audio, rt, state.digits, state.question],
  );
  const plan = useMemo(() => (request ? recordingPlan({ window: request.durationMs, actions: request.actions, will }) : null), [request, will]);

  const go = useCallback(
    (path: string, query: Record<string, string> = {}) => {
      if (mounted.current) rt.location.navigate(withQuery(path, query), { replace: true });
    },
    [rt],
  );
  const preview = useCameraPreview({ win: rt.win, frameWaitMs: capture.waveTimeoutMs, onStall: () => dispatch({ type: "stalled" }) });
  const guidance = useFaceGuidance({
    win: rt.win,
    now,
    config: capture.face,
    requested: state.guidance,
    kind: state.kind,
    phase: state.phase,
    video: preview.element,
    request,
    // Will mode waits for the spoken answer, and number mode for the digits read: only these stop early.
    autoStop: !will && (liveMode === "action" || liveMode === "silent"),
    onDone: () => handler.current?.stop(),
  });
  // Stable across renders (the view changes with every analysed frame, these do not).
  const { settle: settleGuidance, detach: detachGuidance, ready: guidanceReady } = guidance;
  const shown = useShownPrompts({ now, phase: state.phase, request, guidance: guidance.view });
  const { recorded: recordedPrompts, shownBefore: promptsShownBefore } = shown;

  const finish = useCallback(
    (result: SubmitResult) => {
      if (!mounted.current) return;
      if (result.to === "left") return;
      if (result.to === "uploadFailed") {
        rt.stats.record("uploadFailed", { status: result.status, detail: result.detail });
        dispatch({ type: "uploadFailed", status: result.status });
      } else if (result.to === "error") {
        kept.current = null;
        go("/error", { status: result.status });
      } else {
        kept.current = null;
        go(`/${result.to}`);
      }
    },
    [rt, go],
  );

  const prepare = useCallback(() => {
    // Once per page, also under StrictMode's second mount: each digits call opens a new attempt.
    if (prepareStarted.current) return;
    prepareStarted.current = true;
    void prepareAttempt({ rt, api, liveMode, will }).then((ready) => {
      if (!mounted.current) return;
      if (!ready.ok) {
        rt.stats.record("capturePrepareFailed", { status: ready.status, detail: ready.detail });
        return go("/error", { status: ready.status });
      }
      factory.current = ready.factory;
      dispatch({ type: "prepared", kind: ready.kind, digits: ready.digits, question: ready.question, guidance: ready.guidance });
    });
  }, [rt, api, liveMode, will, go]);

  // Its effect runs before the mount effect below; what it starts answers asynchronously,
  // once the page is marked mounted.
  const { followDeps } = useVerdictWait({ rt, api, now, dispatch, onResumed: finish, onNothingToResume: prepare });

  const send = useCallback(
    (recording: Recording) => {
      void submitRecording(recording, {
        ...followDeps(),
        api,
        limits: capture,
        platform,
        random: Math.random,
        onUploading: () => dispatch({ type: "uploading" }),
        onProgress: (fraction) => dispatch({ type: "event", event: { type: "progress", fraction } }),
        onUploaded: (report) => {
          rt.stats.record("uploadDone", report);
          // Nothing said yet about where the service stands; its answer follows at once.
          dispatch({ type: "verifying", step: null, progress: 0 });
        },
      }).then(finish, (error: unknown) => {
        rt.stats.record("uploadCrashed", { detail: String(error) });
        finish({ to: "error", status: "exception" });
      });
    },
    [api, rt, platform, finish, followDeps],
  );

  const onCameraFailure = useCallback(
    async (kind: CaptureKind, failure: Extract<CaptureOutcome, { kind: "failed" }>) => {
      const step = await afterCameraFailure(rt, kind, failure);
      if (step.kind === "error") return go("/error", { status: step.status });
      factory.current = step.factory;
      if (mounted.current) dispatch({ type: "switched", kind: step.to, reason: step.reason });
    },
    [rt, go],
  );

  const onOutcome = useCallback(
    (from: CaptureHandler, outcome: CaptureOutcome, asked: CaptureRequest) => {
      if (handler.current !== from || !mounted.current) return;
      handler.current = null;
      from.dispose();
      preview.clear();
      if (outcome.kind !== "recording") detachGuidance();
      switch (outcome.kind) {
        case "cancelled":
          return dispatch({ type: "reset" });
        case "failed":
          return void onCameraFailure(from.kind, outcome).catch(() => go("/error", { status: outcome.status }));
        case "accepted":
          dispatch({ type: "verifying", step: null, progress: 0 });
          return void followAccepted(outcome.accepted, followDeps()).then(finish, () => finish({ to: "error", status: "exception" }));
        case "recording": {
          const kind = from.kind === "fileInput" || from.kind === "wxVideo" ? from.kind : "recorder";
          // A recording made outside the page has no clock the page saw: its prompts were all shown before.
          const prompts = kind === "recorder" ? recordedPrompts() : promptsShownBefore(asked);
          // A picked file whose metadata could not be read reports 0: its duration is the service's to judge.
          const recording: Recording = { kind, blob: outcome.blob, mimeType: outcome.mimeType, durationMs: kind === "recorder" || outcome.durationMs > 0 ? outcome.durationMs : null, prompts };
          dispatch({ type: "checking" });
          const upload = (checked: Recording) => {
            const verdict = checkRecordingBeforeUpload(checked, asked, { limits: capture, platform });
            if (!verdict.ok) {
              rt.stats.record("recordingRefused", { status: verdict.status, detail: verdict.detail });
              return go("/error", { status: verdict.status });
            }
            kept.current = checked;
            send(checked);
          };
          // What guidance saw comes first: "no face" helps more than a size or duration refusal.
          return void settleGuidance().then(
            (settled) => {
              detachGuidance();
              if (!mounted.current) return;
              if (settled.kind === "failed") {
                guidanceFailures.current += 1;
                rt.stats.record("guidanceFailed", { reason: settled.reason, count: guidanceFailures.current });
                // Failing again and again is the catalogue's "face repeatedly not recognised".
                if (guidanceFailures.current >= capture.face.guidance.maxFailures) return go("/error", { status: "trtc_faceFailed" });
                return dispatch({ type: "guidanceFailed", reason: settled.reason });
              }
              upload({ ...recording, evidence: settled.evidence });
            },
            () => {
              // Guidance broke on the way out: the recording itself is fine, send it without evidence.
              detachGuidance();
              if (mounted.current) upload(recording);
            },
          );
        }
      }
    },
    [rt, platform, preview, settleGuidance, detachGuidance, send, finish, go, onCameraFailure, followDeps, recordedPrompts, promptsShownBefore],
  );

  const onEvent = useCallback(
    (from: CaptureHandler, event: CaptureEvent) => {
      if (handler.current !== from || !mounted.current) return;
      if (event.type === "preview") {
        previewAt.current = now();
        preview.show(event.stream);
      } else if (event.type === "cameraReady") {
        preview.ready();
        const ms = Math.max(0, event.atMs - previewAt.current);
        rt.stats.record("cameraReady", { ms: Math.round(ms), kind: from.kind });
        try {
          rt.win.performance.measure(CAMERA_READY_MEASURE, { start: previewAt.current, end: event.atMs });
        } catch {
          // Older browsers take no options object here; the statistic above still has the figure.
        }
      }
      dispatch({ type: "event", event });
    },
    [rt, now, preview],
  );

  const start = useCallback(() => {
    const make = factory.current;
    // A chooser dismissed in a browser that does not report it leaves "picking": picking again replaces it.
    if (state.phase.name === "picking" && handler.current) {
      handler.current.dispose();
      handler.current = null;
    }
    if (!make || !request || (isCapturing(state.phase) && state.phase.name !== "picking") || handler.current) return;
    const created = make({ win: rt.win, now, api, launch: rt.launch, capture, apps: rt.apps, stats: rt.stats, beforeCountdown: guidanceReady });
    handler.current = created;
    dispatch({ type: "started" });
    rt.stats.record("captureStart", { kind: created.kind });
    void rt.sessionState().then((store) => store.update((draft) => setDeviceMode(draft, deviceModeOf(created.kind))));
    // Called synchronously inside the tap: the file input opens its chooser from here.
    created.start(request, (event) => onEvent(created, event)).then(
      (outcome) => onOutcome(created, outcome, request),
      () => onOutcome(created, { kind: "failed", status: "exception" }, request),
    );
  }, [rt, api, now, request, state.phase, onEvent, onOutcome, guidanceReady]);

  const reset = useCallback(() => {
    handler.current?.dispose();
    handler.current = null;
    preview.clear();
    detachGuidance();
    dispatch({ type: "reset" });
  }, [preview, detachGuidance]);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      handler.current?.dispose();
      handler.current = null;
    };
  }, []);

  return {
    state,
    request,
    plan,
    guidance: guidance.view,
    actionIndex: shown.actionIndex,
    videoRef: preview.videoRef,
    start,
    stop: () => handler.current?.stop(),
    reset,
    resend: () => {
      if (kept.current && state.phase.name === "uploadFailed") send(kept.current);
    },
    giveUp: () => {
      if (state.phase.name === "uploadFailed") go("/error", { status: state.phase.status });
    },
  };
}
