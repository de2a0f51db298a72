/**
 * /action/trtc/record and /action/trtc/willRecord (props.will): the start state of the
 * real-time video check, for the capture flow to continue from.
 */
import { liveModeOf } from "../../engine/modes";
import { useLaunch } from "../FlowProvider";
import { useTexts } from "../useTexts";
import type { ScreenProps } from "../screenContract";
import { RecorderStart } from "./RecorderStart";
import { recorderCopyOf } from "./recorderCopy";
import { needsMicrophone } from "./startPlan";

export default function TrtcRecordScreen({ route }: ScreenProps) {
  const launch = useLaunch();
  const texts = useTexts();
  // The route, not the launch, says whether this is the will variant (routes.json props.will).
  const will = route.props?.will === true;
  const liveMode = liveModeOf(launch);
  return (
    <RecorderStart
      copy={recorderCopyOf(liveMode, will, launch, texts)}
      badge={texts.recorder.badgeRealtime}
      audio={needsMicrophone(liveMode, will)}
    />
  );
}
