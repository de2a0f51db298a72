/**
 * The view of both real-time pages: the instruction and what the check asks (the recording
 * pages' CapturePrompt: digits, actions with the one prompted now, the will question), the
 * round camera viewport with its oval guide and a 3-2-1 over it, a hint of what is
 * happening, the progress of the stream or the upload, the service's verification (核验中
 * with its step), and the start or stop button.
 * Everything it shows comes from the stage state; it owns no behaviour beyond calling back.
 */
import type { LiveMode } from "../../../engine/modes";
import type { TextsOf } from "../../FlowProvider";
import { CameraFrame } from "../CameraFrame";
import { CaptureHead } from "../recording/CaptureHead";
import { CapturePrompt } from "../recording/CapturePrompt";
import { VerifyingProgress } from "../recording/VerifyingProgress";
import type { RecorderCopy } from "../recorderCopy";
import type { ActionCode } from "../startPlan";
import { fillText } from "../textTemplate";
import type { CameraPhase } from "../useCameraPreview";
import type { StagePhase, StageState } from "./stageState";
import "../realtime.css";

interface RealtimeStageProps {
  mode: "trtc" | "ws";
  badge: string;
  copy: RecorderCopy;
  liveMode: LiveMode;
  will: boolean;
  /** will_type 2: the consent is a nod. */
  nod: boolean;
  actions: readonly ActionCode[];
  /** Will mode: the actions are done and the answer is due. */
  answering: boolean;
  state: StageState;
  /** Says what the page will use (camera, or camera and microphone). */
  needs: string;
  videoRef: (video: HTMLVideoElement | null) => void;
  onStart(): void;
  onStop(): void;
  texts: TextsOf<"realtime" | "recorder" | "actions" | "capture" | "verifying" | "verifySteps">;
}

function cameraPhaseOf(phase: StagePhase): CameraPhase {
  switch (phase.name) {
    case "opening":
      return "opening";
    case "preview":
    case "countdown":
    case "capturing":
      return "live";
    default:
      return "idle";
  }
}

function hintOf(mode: RealtimeStageProps["mode"], phase: StagePhase, t: TextsOf<"realtime">["realtime"]): string {
  switch (phase.name) {
    case "preparing":
      return t.preparing;
    case "ready":
      return t.readyHint;
    case "opening":
      return t.openingHint;
    case "preview":
      return t.previewHint;
    case "countdown":
      return fillText(t.countdownHint, { seconds: String(phase.secondsLeft) });
    case "capturing":
      // The action asked now is the prompt's (CapturePrompt, above); this line says what the page does.
      return mode === "ws" ? t.streamingHint : t.recordingHint;
    case "verifying":
      // The 核验中 view below says what the service is doing.
      return "";
    case "uploading":
      return t.uploadingHint;
    case "leaving":
      return t.leavingHint;
  }
}

function progressOf(phase: StagePhase): number | null {
  if (phase.name === "capturing") return phase.fraction;
  if (phase.name === "uploading") return phase.fraction;
  return null;
}

export function RealtimeStage(props: RealtimeStageProps) {
  const { mode, badge, copy, liveMode, will, nod, actions, answering, state, needs, videoRef, onStart, onStop, texts } = props;
  const t = texts.realtime;
  const { phase } = state;
  const progress = progressOf(phase);
  const actionIndex = phase.name === "capturing" ? phase.actionIndex : -1;
  return (
    <div className={`ff-page ff-recorder ff-realtime ff-realtime--${mode}`} data-phase={phase.name}>
      <div className="ff-recorder__body">
        <CaptureHead badge={badge} copy={copy}>
          <CapturePrompt
            texts={texts}
            liveMode={liveMode}
            will={will}
            nod={nod}
            digits={state.digits}
            actions={actions}
            actionIndex={actionIndex}
            question={state.question}
            answering={answering}
            recording={phase.name === "capturing"}
          />
        </CaptureHead>
        <div className="ff-recorder__stage">
          <div className="ff-realtime__viewport">
            <CameraFrame phase={cameraPhaseOf(phase)} videoRef={videoRef} label={texts.recorder.previewLabel} />
            {phase.name === "countdown" && (
              <span className="ff-rec-countdown" aria-hidden="true">
                {phase.secondsLeft}
              </span>
            )}
          </div>
          <p className="ff-recorder__hint" aria-live="polite">
            {hintOf(mode, phase, texts.realtime)}
          </p>
          {progress !== null && (
            <div
              className="ff-realtime__progress"
              role="progressbar"
              aria-label={t.progressLabel}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(progress * 100)}
            >
              <span className="ff-realtime__bar" style={{ width: `${Math.round(progress * 100)}%` }} />
            </div>
          )}
          {phase.name === "verifying" && <VerifyingProgress texts={texts} step={phase.step} progress={phase.progress} />}
          {(phase.name === "ready" || phase.name === "preparing") && <p className="ff-recorder__needs">{needs}</p>}
        </div>
      </div>
      {(phase.name === "ready" || phase.name === "opening") && (
        <div className="ff-buttons ff-buttons--1">
          <button type="button" className="ff-btn ff-btn--primary" disabled={phase.name === "opening"} onClick={onStart}>
            {phase.name === "opening" ? t.starting : t.start}
          </button>
        </div>
      )}
      {phase.name === "capturing" && (
        <div className="ff-buttons ff-buttons--1">
          <button type="button" className="ff-btn ff-btn--secondary" onClick={onStop}>
            {t.stop}
          </button>
        </div>
      )}
    </div>
  );
}
