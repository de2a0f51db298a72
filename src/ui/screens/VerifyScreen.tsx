/**
 * /vertify (plain mode: reading digits) and /action/vertify (action or silent mode):
 * recording the check as a video, uploading it and going on to the result.
 */
import { isWillMode, liveModeOf, type LiveMode } from "../../domain/modes";
import { useLaunch } from "../FlowProvider";
import { screenTexts } from "../texts";
import { useTexts } from "../useTexts";
import type { ScreenProps } from "../screenContract";
import { RecorderStart, RECORDER_START_TEXTS } from "./RecorderStart";
import { recorderCopyOf } from "./recorderCopy";
import { needsMicrophone } from "../../flow/startPlan";

/** The text sections this screen and the parts it renders show: its row of ./screenTable.ts. */
export const SCREEN_TEXTS = screenTexts("verify", RECORDER_START_TEXTS);

export default function VerifyScreen({ props, next }: ScreenProps<"verify">) {
  const launch = useLaunch();
  const texts = useTexts(SCREEN_TEXTS);
  const { mode } = props;
  // The plain page always reads digits; the action page does what the launch asks (action or silent).
  const liveMode: LiveMode = mode === "plain" ? "number" : liveModeOf(launch);
  const will = isWillMode(launch);
  return (
    <RecorderStart
      copy={recorderCopyOf(liveMode, will, launch, texts)}
      badge={texts.recorder.badgeRecord}
      audio={needsMicrophone(liveMode, will)}
      liveMode={liveMode}
      will={will}
      next={next}
    />
  );
}
