/**
 * /action/ws/record: the websocket check. The camera's pictures stream to the service,
 * which takes them on as an attempt and verifies them; the page follows the attempt (核验中
 * with its steps), the verdict is settled (signed result stored) and the user goes to the
 * result page. The stream carries pictures only, so the microphone is not asked for.
 *
 * The attempt is the attempt machine's (src/flow/attempt/, through useAttempt). On arrival
 * the capture kind is chosen again: a launch whose websocket
 * mode is off or was given up forwards to the page of its mode. A failed stream is a front
 * error (spec §4): the first shows its error page, whose retry starts over; at the
 * threshold (2) the websocket is given up and the user continues on plain recording.
 */
import { isWillMode, liveModeOf } from "../../domain/modes";
import { useLaunch } from "../FlowProvider";
import { textSections } from "../texts";
import { useTexts } from "../useTexts";
import { useFinisher } from "../useFinisher";
import { RealtimeStage } from "./realtime/RealtimeStage";
import { useCaptureTimeout } from "./recording/useCaptureTimeout";
import { recorderCopyOf } from "./recorderCopy";
import { actionCodesOf } from "../../flow/startPlan";
import { selectNeeds } from "../../flow/attempt/selectors";
import { useAttempt } from "./useAttempt";
import type { ScreenProps } from "../screenContract";

/** The text sections this screen and the parts it renders show. */
export const SCREEN_TEXTS = textSections("recorder", "light", "realtime", "actions", "capture", "verifying", "verifySteps", "recordTimeout", "common");

export default function WsRecordScreen({ next }: ScreenProps<"wsRecord">) {
  const launch = useLaunch();
  const texts = useTexts(SCREEN_TEXTS);
  const finisher = useFinisher();
  const liveMode = liveModeOf(launch);
  const will = isWillMode(launch);
  const actions = liveMode === "action" ? actionCodesOf(launch) : [];
  // The stream carries pictures only: no microphone (and in will mode the page forwards on arrival).
  const audio = false;
  const { state, machine, videoRef, still, light } = useAttempt({ page: "realtime", realtimeMode: "ws", liveMode, will, audio, actions }, next);
  useCaptureTimeout({ stalled: state.stalled, onReset: machine.reset, texts });

  return (
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
      needs={texts.recorder[selectNeeds({ audio })]}
      videoRef={videoRef}
      still={still}
      commands={machine}
      light={{ ...light, onQuit: () => void finisher.quit(null) }}
      texts={texts}
    />
  );
}
