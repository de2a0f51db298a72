/**
 * /willDegrade/transition and /willDegrade/index (props.step): when real-time video is not
 * available in will mode, the transition page says so and continues to the index page,
 * which records the consent as a video with sound (the question shown and spoken) and
 * uploads it like the plain recording pages.
 */
import { liveModeOf } from "../../domain/modes";
import { Illustration } from "../components/illustrations";
import { useFlowNavigate, useLaunch } from "../FlowProvider";
import { screenTexts } from "../texts";
import { useTexts } from "../useTexts";
import type { ScreenProps } from "../screenContract";
import { useVisitRecord } from "../useFinisher";
import { RecorderStart, RECORDER_START_TEXTS } from "./RecorderStart";
import { recorderCopyOf } from "./recorderCopy";

/** The text sections this screen and the parts it renders show: its row of ./screenTable.ts. */
export const SCREEN_TEXTS = screenTexts("willDegrade", RECORDER_START_TEXTS);

function Transition({ onContinue }: { onContinue(): void }) {
  const texts = useTexts(SCREEN_TEXTS);
  useVisitRecord();
  const t = texts.willDegrade;
  return (
    <div className="ff-page ff-degrade">
      <div className="ff-degrade__body">
        <Illustration name="recording" />
        <h1 className="ff-degrade__title">{t.title}</h1>
        <p className="ff-degrade__text">{t.text}</p>
        <ul className="ff-card ff-degrade__points">
          {[t.point1, t.point2, t.point3].map((point) => (
            <li key={point}>{point}</li>
          ))}
        </ul>
      </div>
      <div className="ff-buttons ff-buttons--1">
        <button type="button" className="ff-btn ff-btn--primary" onClick={onContinue}>
          {t.continue}
        </button>
      </div>
    </div>
  );
}

export default function WillDegradeScreen({ props, next }: ScreenProps<"willDegrade">) {
  const launch = useLaunch();
  const navigate = useFlowNavigate();
  const texts = useTexts(SCREEN_TEXTS);
  if (props.step === "transition") return <Transition onContinue={() => navigate(next("continue"), {}, { replace: true })} />;
  const liveMode = liveModeOf(launch);
  return <RecorderStart copy={recorderCopyOf(liveMode, true, launch, texts)} badge={texts.recorder.badgeRecord} audio liveMode={liveMode} will next={next} />;
}
