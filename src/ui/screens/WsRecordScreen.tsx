/**
 * /action/ws/record: the websocket check. The camera's pictures stream to the service,
 * which takes them on as an attempt and verifies them; the page follows the attempt (核验中
 * with its steps), the verdict is settled (signed result stored) and the user goes to the
 * result page. The stream carries pictures only, so the microphone is not asked for.
 *
 * On arrival the capture kind is chosen again (useRealtimePage): a launch whose websocket
 * mode is off or was given up forwards to the page of its mode. A failed stream is a front
 * error (spec §4): the first shows its error page, whose retry starts over; at the
 * threshold (2) the websocket is given up and the user continues on plain recording.
 */
import { useMemo } from "react";
import { isWillMode, liveModeOf } from "../../engine/modes";
import { useLaunch, useRuntime } from "../FlowProvider";
import { textSections } from "../texts";
import { useTexts } from "../useTexts";
import { RealtimeStage } from "./realtime/RealtimeStage";
import { CaptureTimeoutModal } from "./recording/CaptureTimeoutModal";
import { useRealtimeAttempt } from "./realtime/useRealtimeAttempt";
import { useRealtimePage } from "./realtime/useRealtimePage";
import { captureRequestOf } from "./recording/captureRequest";
import { recorderCopyOf } from "./recorderCopy";
import { actionCodesOf } from "./startPlan";

/** The text sections this screen and the parts it renders show. */
export const SCREEN_TEXTS = textSections("recorder", "realtime", "actions", "capture", "verifying", "verifySteps", "recordTimeout", "common");

export default function WsRecordScreen() {
  const capture = useRuntime().capture;
  const launch = useLaunch();
  const texts = useTexts(SCREEN_TEXTS);
  const liveMode = liveModeOf(launch);
  const will = isWillMode(launch);
  const actions = liveMode === "action" ? actionCodesOf(launch) : [];
  const attempt = useRealtimeAttempt();
  const { state, dispatch } = attempt;
  const page = useRealtimePage({ mode: "ws", needsDigits: liveMode === "number", needsQuestion: false, dispatch });
  const request = useMemo(
    () => captureRequestOf({ liveMode, will, audio: false, launch, digits: state.digits, question: null, limits: capture }),
    [liveMode, will, launch, state.digits, capture],
  );

  const start = async () => {
    try {
      const outcome = await attempt.start("websocket", request);
      if (outcome.kind === "recording") throw new Error("the websocket handler never hands back a recording");
      await page.finish(outcome);
    } catch {
      await page.finish({ kind: "failed", status: "exception", frontError: true });
    }
  };

  return (
    <>
      <RealtimeStage
        mode="ws"
        badge={texts.recorder.badgeStream}
        copy={recorderCopyOf(liveMode, will, launch, texts)}
        liveMode={liveMode}
        will={false}
        nod={false}
        actions={actions}
        answering={false}
        state={state}
        needs={texts.recorder.needsCamera}
        videoRef={attempt.videoRef}
        onStart={() => void start()}
        onStop={attempt.stop}
        texts={texts}
      />
      <CaptureTimeoutModal show={state.stalled} onReset={attempt.reset} texts={texts} />
    </>
  );
}
