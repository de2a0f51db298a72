/**
 * One real-time page's capture handler, as React state: the handler of `kind` is loaded
 * from the runtime's registry and made per attempt; its events drive the stage reducer and
 * the camera preview; unmounting (or a reset after a stall) disposes it, which releases the
 * camera, the socket or the room. It also notes when each prompt reached the screen
 * (capture/promptLog.ts), for the upload of a real-time recording: the stage shows the
 * handler's prompt as soon as its event arrives.
 */
import { useCallback, useEffect, useReducer, useRef } from "react";
import type { CapturePrompt } from "../../../../schemas/api";
import type { CaptureEvent, CaptureHandler, CaptureKind, CaptureOutcome, CaptureRequest } from "../../../capture/contract";
import { createPromptLog, type PromptLog } from "../../../capture/promptLog";
import { useApi } from "../../apiContext";
import { useRuntime } from "../../FlowProvider";
import { useCameraPreview } from "../useCameraPreview";
import { INITIAL_STAGE_STATE, stageReducer, type StageAction, type StageState } from "./stageState";

interface RealtimeAttempt {
  state: StageState;
  dispatch(action: StageAction): void;
  /** Runs one attempt; resolves with its outcome ("cancelled" when reset or unmounted). */
  start(kind: CaptureKind, request: CaptureRequest): Promise<CaptureOutcome>;
  /** The user's stop (honoured once the window's minimum is reached). */
  stop(): void;
  /** Disposes the running attempt and goes back to the start button. */
  reset(): void;
  /** When the last attempt showed each prompt, on its recording's clock. */
  prompts(): CapturePrompt[];
  videoRef: (video: HTMLVideoElement | null) => void;
}

export function useRealtimeAttempt(): RealtimeAttempt {
  const rt = useRuntime();
  const api = useApi();
  const [state, dispatch] = useReducer(stageReducer, INITIAL_STAGE_STATE);
  const handler = useRef<CaptureHandler | null>(null);
  const mounted = useRef(true);
  const promptLog = useRef<PromptLog | null>(null);
  const camera = useCameraPreview({ win: rt.win, frameWaitMs: rt.capture.waveTimeoutMs, onStall: () => dispatch({ type: "stalled" }) });
  const { show: showCamera, ready: cameraReady, clear: clearCamera, videoRef } = camera;

  const disposeHandler = useCallback(() => {
    handler.current?.dispose();
    handler.current = null;
    clearCamera();
  }, [clearCamera]);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      disposeHandler();
    };
  }, [disposeHandler]);

  const start = useCallback(
    async (kind: CaptureKind, request: CaptureRequest): Promise<CaptureOutcome> => {
      disposeHandler();
      dispatch({ type: "started" });
      const factory = await rt.captureHandlers.get(kind)();
      // The page went away while the handler's code loaded: nothing may open the camera now.
      if (!mounted.current) return { kind: "cancelled" };
      const now = () => rt.win.performance.now();
      const current = factory({ win: rt.win, now, api, launch: rt.launch, capture: rt.capture, apps: rt.apps, stats: rt.stats });
      handler.current = current;
      const log = createPromptLog(now);
      promptLog.current = log;
      let recording = false;
      const notePrompt = (event: CaptureEvent) => {
        if (event.type === "recording" && !recording) {
          // The first recording event is the start; the digits and the question are on screen already.
          recording = true;
          log.recordingStarted();
          if (request.liveMode === "number" && request.digits !== null) log.shown({ what: "digits" });
          if (request.will) log.shown({ what: "question" });
        }
        const action = event.type === "prompt" ? request.actions[event.actionIndex] : undefined;
        if (event.type === "prompt" && action !== undefined) log.shown({ what: "action", index: event.actionIndex, action });
      };
      const outcome = await current.start(request, (event) => {
        // Events of an attempt that was reset in the meantime are dropped.
        if (handler.current !== current) return;
        if (event.type === "preview") showCamera(event.stream);
        if (event.type === "cameraReady") cameraReady();
        notePrompt(event);
        dispatch({ type: "event", event });
      });
      if (handler.current === current) {
        handler.current = null;
        clearCamera();
      }
      return outcome;
    },
    [rt, api, showCamera, cameraReady, clearCamera, disposeHandler],
  );

  const reset = useCallback(() => {
    disposeHandler();
    dispatch({ type: "reset" });
  }, [disposeHandler]);

  const stop = useCallback(() => handler.current?.stop(), []);
  const prompts = useCallback(() => promptLog.current?.prompts() ?? [], []);

  return { state, dispatch, start, stop, reset, prompts, videoRef };
}
