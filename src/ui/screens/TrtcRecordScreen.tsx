/**
 * /action/trtc/record and /action/trtc/willRecord (props.will), reached from the start
 * button of /action/trtc/pre: the real-time video check.
 *
 * On arrival the capture kind is chosen again (useRealtimePage): when real-time video is
 * not the choice (not enabled, given up, no camera), the page records why and forwards —
 * will mode to /willDegrade/transition, the websocket to /action/ws/record, otherwise the
 * plain recording page. When it is, the user starts the attempt; the recording made while
 * in the room is checked and uploaded (with when each prompt was shown), the service's
 * verification followed and its verdict settled; a failure counts towards giving real-time
 * video up (then the next mode), or shows its error page.
 */
import { useMemo } from "react";
import { platformOfUserAgent } from "../../capture/recorder/platform";
import { recordingPlan } from "../../capture/recorder/recordingPlan";
import { liveModeOf } from "../../engine/modes";
import { useApi } from "../apiContext";
import { useLaunch, useRuntime } from "../FlowProvider";
import type { ScreenProps } from "../screenContract";
import { textSections } from "../texts";
import { useTexts } from "../useTexts";
import { RealtimeStage } from "./realtime/RealtimeStage";
import { CaptureTimeoutModal } from "./recording/CaptureTimeoutModal";
import { submitRecording } from "./realtime/submitRecording";
import { useRealtimeAttempt } from "./realtime/useRealtimeAttempt";
import { useRealtimePage } from "./realtime/useRealtimePage";
import { captureRequestOf } from "./recording/captureRequest";
import { recorderCopyOf } from "./recorderCopy";
import { actionCodesOf, needsMicrophone } from "./startPlan";

/** The text sections this screen and the parts it renders show. */
export const SCREEN_TEXTS = textSections("recorder", "realtime", "actions", "capture", "verifying", "verifySteps", "recordTimeout", "common");

export default function TrtcRecordScreen({ props }: ScreenProps<"trtcRecord">) {
  const rt = useRuntime();
  const capture = rt.capture;
  const launch = useLaunch();
  const texts = useTexts(SCREEN_TEXTS);
  const api = useApi();
  // The route, not the launch, says whether this is the will variant (routes.json props.will).
  const { will } = props;
  const liveMode = liveModeOf(launch);
  const audio = needsMicrophone(liveMode, will);
  const actions = liveMode === "action" ? actionCodesOf(launch) : [];
  const attempt = useRealtimeAttempt();
  const { state, dispatch } = attempt;
  const page = useRealtimePage({ mode: "trtc", needsDigits: liveMode === "number", needsQuestion: will, dispatch });
  const request = useMemo(
    () => captureRequestOf({ liveMode, will, audio, launch, digits: state.digits, question: state.question, limits: capture }),
    [liveMode, will, audio, launch, state.digits, state.question, capture],
  );
  const plan = useMemo(() => recordingPlan({ window: request.durationMs, actions: request.actions, will }), [request, will]);
  const phase = state.phase;
  const answering = will && phase.name === "capturing" && plan.answerAtMs !== null && phase.elapsedMs >= plan.answerAtMs;

  const start = async () => {
    try {
      const outcome = await attempt.start("trtc", request);
      if (outcome.kind !== "recording") return await page.finish(outcome);
      dispatch({ type: "uploading", fraction: 0 });
      const ending = await submitRecording({
        api,
        recording: outcome,
        request,
        prompts: attempt.prompts(),
        platform: platformOfUserAgent(rt.win.navigator.userAgent),
        limits: capture,
        random: Math.random,
        sleep: (ms) => new Promise<void>((resolve) => void rt.win.setTimeout(resolve, ms)),
        onUploadProgress: (fraction) => dispatch({ type: "uploading", fraction }),
        stats: rt.stats,
      });
      // An accepted recording is followed to its verdict there, as a stream is.
      await page.finish(ending);
    } catch {
      await page.finish({ kind: "failed", status: "trtc_exception" });
    }
  };

  return (
    <>
      <RealtimeStage
        mode="trtc"
        badge={texts.recorder.badgeRealtime}
        copy={recorderCopyOf(liveMode, will, launch, texts)}
        liveMode={liveMode}
        will={will}
        nod={launch.will_type === "2"}
        actions={actions}
        answering={answering}
        state={state}
        needs={audio ? texts.recorder.needsCameraMic : texts.recorder.needsCamera}
        videoRef={attempt.videoRef}
        onStart={() => void start()}
        onStop={attempt.stop}
        texts={texts}
      />
      <CaptureTimeoutModal show={state.stalled} onReset={attempt.reset} texts={texts} />
    </>
  );
}
