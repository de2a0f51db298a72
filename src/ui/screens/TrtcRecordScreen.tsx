/**
 * /action/trtc/record and /action/trtc/willRecord (props.will), reached from the start
 * button of /action/trtc/pre: the real-time video check.
 *
 * The attempt is the attempt machine's (src/flow/attempt/, through useAttempt). On arrival
 * the capture kind is chosen again: when real-time video is not the choice (not enabled,
 * given up, no camera), the page records why and forwards to the chosen kind's page. When
 * it is, the user starts the attempt; the recording made while in the room is checked and
 * uploaded (with when each prompt was shown) exactly as on the recording pages — kept for
 * another try when no answer came — the service's verification followed and its verdict
 * settled; a failure counts towards giving real-time video up (then the next mode), or shows
 * its error page.
 */
import { useLaunch } from "../FlowProvider";
import type { ScreenProps } from "../screenContract";
import { screenTexts } from "../texts";
import { useTexts } from "../useTexts";
import { useFinisher } from "../useFinisher";
import { RealtimeStage } from "./realtime/RealtimeStage";
import { useCaptureTimeout } from "./recording/useCaptureTimeout";
import { recorderCopyOf } from "./recorderCopy";
import { selectRealtimePage } from "../../flow/attempt/realtimePage";
import { useAttempt } from "./useAttempt";

/** The text sections this screen and the parts it renders show: its row of ./screenTable.ts. */
export const SCREEN_TEXTS = screenTexts("trtcRecord");

export default function TrtcRecordScreen({ props, next }: ScreenProps<"trtcRecord">) {
  const launch = useLaunch();
  const texts = useTexts(SCREEN_TEXTS);
  const finisher = useFinisher();
  // The route, not the launch, says whether this is the will variant (routes.json props.will).
  const page = selectRealtimePage(launch, { mode: "trtc", will: props.will });
  const attempt = useAttempt(page.options, next);
  useCaptureTimeout({ stalled: attempt.state.stalled, onReset: attempt.machine.reset, texts });
  const { liveMode, will } = page.options;
  return <RealtimeStage page={page} attempt={attempt} copy={recorderCopyOf(liveMode, will, launch, texts)} onQuit={() => void finisher.quit(null)} texts={texts} />;
}
