/**
 * The recording page shared by /vertify, /action/vertify and /willDegrade/index: the
 * instruction of the check, what to do while recording (digits, actions, holding still, the
 * consent question), the camera viewport with its oval guide, countdown and progress ring,
 * and the foot with start, stop and upload progress. The attempt itself (handler, upload,
 * result) is the attempt machine's (src/flow/attempt/, through useAttempt); this component
 * only shows it.
 *
 * The app's record-timeout modal (spec §2, global) opens when the camera gives no picture
 * within the wave timeout: re-record releases the camera and starts over, quit hands the user
 * back to the partner with the recording-abnormal code.
 */
import type { LiveMode } from "../../domain/modes";
import { awaitsLightChoice } from "../../flow/attempt/attemptState";
import { LightLayer, lightShowing } from "./recording/light/LightLayer";
import { LightNotice } from "./recording/light/LightNotice";
import { selectCameraSwitch, selectGuidanceFailure, selectRecordingFoot, selectRecordingHint, selectRecordingOverlay, selectSwitchedNotice } from "../../flow/attempt/recordingView";
import { selectAnswering, selectIsRecording, selectNeeds, selectRecordingStage, selectShowsNeeds, selectViewport } from "../../flow/attempt/selectors";
import { ActionFailureView } from "../components/ActionFailureView";
import { useLaunch } from "../FlowProvider";
import { useFinisher } from "../useFinisher";
import { textSections } from "../texts";
import { useTexts } from "../useTexts";
import { CaptureHead } from "./recording/CaptureHead";
import { useCaptureTimeout } from "./recording/useCaptureTimeout";
import { CapturePrompt } from "./recording/CapturePrompt";
import { CaptureStage } from "./recording/CaptureStage";
import { GuidanceBox, GuidanceHint } from "./recording/guidance/GuidanceOverlay";
import { guidanceFailureCopy } from "./recording/guidance/failureCopy";
import { footAnnouncement, RecordControls } from "./recording/RecordControls";
import { VerifyingProgress, waitAnnouncement } from "./recording/VerifyingProgress";
import { selectWait } from "../../flow/attempt/waitView";
import { LiveAnnouncement } from "../components/LiveAnnouncement";
import { PROGRESS_POLICY } from "../../flow/announcer";
import type { RecorderCopy } from "./recorderCopy";
import { actionCodesOf } from "../../flow/startPlan";
import { textsOf } from "./textRef";
import { useAttempt } from "./useAttempt";
import type { AttemptNext } from "./attemptExit";
import "./recording.css";

/** The text sections this part and the parts it renders show (its screens' rows must include them, ./screenTable.ts). */
export const RECORDER_START_TEXTS = textSections("recorder", "light", "capture", "guidance", "actions", "verifying", "verifySteps", "recordTimeout", "common");

interface RecorderStartProps {
  copy: RecorderCopy;
  /** Which capture this page does, e.g. 录制视频. */
  badge: string;
  /** Ask for the microphone too (reading digits, will mode). */
  audio: boolean;
  /** The check recorded here. */
  liveMode: LiveMode;
  will: boolean;
  /** Where the attempt's outcomes lead: the page route's `next`. */
  next: AttemptNext;
}

export function RecorderStart({ copy, badge, audio, liveMode, will, next }: RecorderStartProps) {
  const launch = useLaunch();
  const texts = useTexts(RECORDER_START_TEXTS);
  const finisher = useFinisher();
  const actions = liveMode === "action" ? actionCodesOf(launch) : [];
  const attempt = useAttempt({ page: "recording", liveMode, will, audio, actions }, next);
  const { state, plan, guidance, machine } = attempt;
  useCaptureTimeout({ stalled: state.stalled, onReset: machine.reset, texts });
  const failure = selectGuidanceFailure(state);
  if (failure) {
    const copy = guidanceFailureCopy(texts.guidance, failure);
    return (
      <ActionFailureView
        title={copy.title}
        tip={copy.tip}
        primaryText={texts.guidance.failedRetry}
        onPrimary={machine.reset}
        secondaryText={texts.guidance.failedQuit}
        onSecondary={() => void finisher.quit(null)}
      />
    );
  }
  const stage = selectRecordingStage(state);
  const recording = selectIsRecording(state);
  const answering = selectAnswering(state, plan);
  const switched = selectSwitchedNotice(state);
  const foot = selectRecordingFoot(state, plan);
  // From the hand-over to the verdict the page's content is the wait, over the last picture recorded.
  const wait = selectWait(state);
  // The light's alternative records number mode here: digits read aloud, with the microphone.
  const asked = state.request;
  const mode = asked?.liveMode ?? liveMode;
  const challenge = asked?.light ?? null;
  const lightStart = recording ? attempt.light.startedAtMs : null;
  const lightOn = lightShowing(challenge, lightStart);

  return (
    <div className={`ff-page ff-recorder ff-rec ff-rec--${stage}${lightOn ? " ff-rec--light" : ""}`} data-phase={stage} data-kind={state.kind ?? undefined}>
      <LightLayer challenge={challenge} startedAtMs={lightStart} onShown={attempt.light.onShown} />
      <div className="ff-recorder__body">
        <CaptureHead badge={badge} copy={copy} waiting={wait !== null}>
          <CapturePrompt
            texts={texts}
            liveMode={mode}
            will={will}
            nod={launch.will_type === "2"}
            digits={state.request?.digits ?? null}
            actions={mode === "action" ? actions : []}
            // A guided recording prompts each action once the one before it was seen done (useShownPrompts).
            actionIndex={attempt.actionIndex}
            question={state.request?.question ?? null}
            answering={answering}
            recording={recording}
          />
        </CaptureHead>
        <div className="ff-recorder__stage">
          <CaptureStage
            stage={stage}
            viewport={selectViewport(state)}
            over={selectRecordingOverlay(state, plan)}
            videoRef={attempt.videoRef}
            label={texts.recorder.previewLabel}
            facing={state.facing}
            recordingBadge={texts.capture.recordingBadge}
            still={attempt.still}
            overlay={<GuidanceBox view={guidance} facing={state.facing} />}
          />
          {wait && <VerifyingProgress texts={texts} wait={wait} />}
          <GuidanceHint view={guidance} texts={texts.guidance} silent={liveMode === "silent" && !will} />
          {switched && !wait && (
            <p className="ff-rec-notice" role="status">
              {texts.capture[switched]}
            </p>
          )}
          <p className="ff-recorder__hint" aria-live="polite">
            {textsOf(texts, selectRecordingHint(state, plan))}
          </p>
          {/* The light's notes are about recording: the wait has nothing to add from them. */}
          {state.light?.step === "alternative" && !wait && <p className="ff-rec-notice">{texts.light.alternativeNote}</p>}
          {challenge !== null && !recording && !wait && <p className="ff-rec-notice">{texts.light.closerHint}</p>}
          {selectShowsNeeds(state) && <p className="ff-recorder__needs">{texts.recorder[selectNeeds({ audio: asked?.audio ?? audio })]}</p>}
          {/* The wait (sending, verifying), said on a change of step or quarter (PROGRESS_POLICY); else what the busy button says. */}
          <LiveAnnouncement channel="progress" announcement={wait ? waitAnnouncement(texts, wait) : footAnnouncement(texts, foot)} policy={PROGRESS_POLICY} />
        </div>
      </div>
      {state.light !== null && awaitsLightChoice(state) ? (
        state.light.step === "notice" && (
          <LightNotice
            texts={texts.light}
            alternative={state.light.alternative}
            onContinue={() => machine.chooseLight("light")}
            onAlternative={() => machine.chooseLight("alternative")}
            onQuit={() => void finisher.quit(null)}
          />
        )
      ) : (
        <RecordControls
          texts={texts}
          foot={foot}
          cameraSwitch={selectCameraSwitch(state)}
          onStart={machine.start}
          onSwitchCamera={machine.switchCamera}
          onStop={machine.stop}
          onResend={machine.resend}
          onGiveUp={machine.giveUp}
        />
      )}
    </div>
  );
}
