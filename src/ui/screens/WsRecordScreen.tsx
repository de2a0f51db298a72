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
import { useLaunch } from "../FlowProvider";
import { screenTexts } from "../texts";
import { useTexts } from "../useTexts";
import { useFinisher } from "../useFinisher";
import { RealtimeStage } from "./realtime/RealtimeStage";
import { useCaptureTimeout } from "./recording/useCaptureTimeout";
import { recorderCopyOf } from "./recorderCopy";
import { selectRealtimePage } from "../../flow/attempt/realtimePage";
import { useAttempt } from "./useAttempt";
import type { ScreenProps } from "../screenContract";

/** The text sections this screen and the parts it renders show: its row of ./screenTable.ts. */
export const SCREEN_TEXTS = screenTexts("wsRecord");

export default function WsRecordScreen({ next }: ScreenProps<"wsRecord">) {
  const launch = useLaunch();
  const texts = useTexts(SCREEN_TEXTS);
  const finisher = useFinisher();
  const page = selectRealtimePage(launch, { mode: "ws" });
  const attempt = useAttempt(page.options, next);
  useCaptureTimeout({ stalled: attempt.state.stalled, onReset: attempt.machine.reset, texts });
  const { liveMode, will } = page.options;
  return <RealtimeStage page={page} attempt={attempt} copy={recorderCopyOf(liveMode, will, launch, texts)} onQuit={() => void finisher.quit(null)} texts={texts} />;
}
