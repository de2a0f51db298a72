/**
 * /action/ws/record: the start state of the websocket check, which streams camera frames
 * to the service, for the capture flow to continue from. The stream carries pictures only,
 * so the microphone is not asked for.
 */
import { isWillMode, liveModeOf } from "../../engine/modes";
import { useLaunch } from "../FlowProvider";
import { useTexts } from "../useTexts";
import { RecorderStart } from "./RecorderStart";
import { recorderCopyOf } from "./recorderCopy";

export default function WsRecordScreen() {
  const launch = useLaunch();
  const texts = useTexts();
  return (
    <RecorderStart
      copy={recorderCopyOf(liveModeOf(launch), isWillMode(launch), launch, texts)}
      badge={texts.recorder.badgeStream}
      audio={false}
    />
  );
}
