/**
 * The capture pages' thin hook onto the attempt machine (src/flow/attempt/): makes the
 * machine once per page, shows its state (useSyncExternalStore), wires the ports that stay in
 * React and the DOM — the camera preview (useCameraPreview), on-device face guidance
 * (useFaceGuidance) and the prompts as shown (useShownPrompts) — and maps its exit to a path
 * with the route's `next` (attemptExit.ts). Unmounting disposes it, releasing the camera, the socket or the room.
 *
 * StrictMode mounts the page twice: the machine is the same both times, and it prepares
 * once (one digits call, one attempt on the service).
 */
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { recordingPlan, type RecordingPlan } from "../../capture/recorder/recordingPlan";
import { platformOfUserAgent } from "../../capture/recorder/platform";
import type { AttemptMachine } from "../../flow/attempt/attemptCommands";
import { createAttemptMachine } from "../../flow/attempt/attemptMachine";
import type { AttemptState } from "../../flow/attempt/attemptState";
import { CAMERA_READY_MEASURE } from "../../flow/attempt/cameraReadyMeasure";
import type { AttemptDeps, AttemptOptions, GuidancePort, PreviewPort, PromptsPort } from "../../flow/attempt/ports";
import { useApi } from "../apiContext";
import { useRuntime } from "../FlowProvider";
import { pathOfExit, type AttemptNext } from "./attemptExit";
import { describeThisDevice } from "../../flow/deviceInfo";
import { chooseCaptureKind } from "../../flow/chooseCaptureKind";
import type { GuidanceView } from "./recording/guidance/guidanceController";
import { useFaceGuidance } from "./recording/guidance/useFaceGuidance";
import { useShownPrompts } from "./recording/useShownPrompts";
import { useShownLight } from "./recording/useShownLight";
import { useCameraPreview } from "./useCameraPreview";

/** A capture page's attempt as its view reads it. */
export interface Attempt {
  state: AttemptState;
  /** The commands (start, stop, reset, resend, giveUp). */
  machine: AttemptMachine;
  /** The recording's timeline (earliest stop, prompts); null while preparing. */
  plan: RecordingPlan | null;
  /** On-device face guidance: status, hint, face outline and (guided recording) the action to prompt. */
  guidance: GuidanceView;
  /** The action prompted now (index into the request's actions), -1 when none is. */
  actionIndex: number;
  videoRef: (video: HTMLVideoElement | null) => void;
  /** The last picture of the capture that ended (useCameraPreview's still), shown dimmed while the page waits; null when there is none. */
  still: string | null;
  /** Light modes: when the recording began (the overlay's zero) and where the overlay reports each colour shown. */
  light: { startedAtMs: number | null; onShown(index: number, atMs: number): void };
}

interface Ports {
  preview: PreviewPort;
  guidance: GuidancePort;
  prompts: PromptsPort;
}

/** `next`: the page route's outcomes (its screen's `next`), where the attempt's exits lead. */
export function useAttempt(options: AttemptOptions, next: AttemptNext): Attempt {
  const rt = useRuntime();
  const api = useApi();
  // The ports' React parts change identity with renders; the machine reaches the latest through this.
  const ports = useRef<Ports | null>(null);
  const port = () => {
    if (!ports.current) throw new Error("useAttempt: the machine used its ports before the page rendered");
    return ports.current;
  };
  const [machine] = useState(() => {
    const deps: AttemptDeps = {
      clock: {
        now: () => rt.win.performance.now(),
        setTimeout: (fn, ms) => rt.win.setTimeout(fn, ms),
        clearTimeout: (id) => rt.win.clearTimeout(id as number),
      },
      api,
      stats: rt.stats,
      storage: rt.storage,
      sessionState: () => rt.sessionState(),
      captureHandlers: rt.captureHandlers,
      limits: rt.capture,
      launch: rt.launch,
      apps: rt.apps,
      win: rt.win,
      platform: platformOfUserAgent(rt.win.navigator.userAgent),
      random: Math.random,
      chooseKind: (page) => chooseCaptureKind(rt, page),
      describeDevice: () => describeThisDevice(rt),
      language: rt.language,
      preview: {
        show: (stream) => port().preview.show(stream),
        ready: (shownAtMs, readyAtMs) => port().preview.ready(shownAtMs, readyAtMs),
        hold: () => port().preview.hold(),
        clear: () => port().preview.clear(),
        release: () => port().preview.release(),
      },
      guidance: { ready: () => port().guidance.ready(), settle: () => port().guidance.settle(), detach: () => port().guidance.detach() },
      prompts: {
        recorded: () => port().prompts.recorded(),
        shownBefore: (request) => port().prompts.shownBefore(request),
        light: (startMs) => port().prompts.light?.(startMs) ?? [],
      },
      leave: (exit) => rt.location.navigate(pathOfExit(exit, { next, launch: rt.launch, captureHandlers: rt.captureHandlers, realtimeMode: options.realtimeMode }), { replace: true }),
    };
    return createAttemptMachine(deps, options);
  });
  const state = useSyncExternalStore(machine.subscribe, machine.getState);
  const { request } = state;
  const plan = useMemo(() => (request ? recordingPlan({ window: request.durationMs, actions: request.actions, will: options.will, leadMs: request.promptLeadMs }) : null), [request, options.will]);

  const preview = useCameraPreview({ win: rt.win, frameWaitMs: rt.capture.waveTimeoutMs, onStall: machine.stalled });
  const now = () => rt.win.performance.now();
  const guidance = useFaceGuidance({
    rt,
    now,
    config: rt.capture.face,
    requested: state.guidance,
    kind: state.kind,
    phase: state.phase,
    video: preview.element,
    request,
    // Will mode waits for the spoken answer, and number mode for the digits read: only these stop early.
    // The light's alternative records number mode on an action or silent page: it reads digits, so it does not stop early.
    // Nor does a recording showing light: the service judges the face's answer over several colour
    // changes (light check: 4 or more, on 20 or more frames), which a steady face's stop after ~1 s would cut off.
    autoStop: !options.will && !request?.light && (request?.liveMode ?? options.liveMode) !== "number" && (options.liveMode === "action" || options.liveMode === "silent"),
    onDone: machine.stop,
  });
  const shown = useShownPrompts({ now, phase: state.phase, request, guidance: guidance.view });
  const light = useShownLight({ now, phase: state.phase });
  ports.current = {
    preview: {
      show: preview.show,
      hold: preview.hold,
      clear: preview.clear,
      release: preview.release,
      ready: (shownAtMs, readyAtMs) => {
        preview.ready();
        try {
          rt.win.performance.measure(CAMERA_READY_MEASURE, { start: shownAtMs, end: readyAtMs });
        } catch {
          // Older browsers take no options object here; the cameraReady statistic still has the figure.
        }
      },
    },
    guidance,
    prompts: { ...shown, light: light.recorded },
  };

  useEffect(() => {
    machine.arrive();
    return () => machine.dispose();
  }, [machine]);

  return { state, machine, plan, guidance: guidance.view, actionIndex: shown.actionIndex, videoRef: preview.videoRef, still: preview.still, light: { startedAtMs: light.startedAtMs, onShown: light.onShown } };
}
