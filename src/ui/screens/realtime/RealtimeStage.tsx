/**
 * The view of both real-time pages: the instruction and what the check asks (the recording
 * pages' CapturePrompt: digits, actions with the one prompted now, the will question), the
 * round camera viewport with its oval guide and a 3-2-1 over it, a hint of what is
 * happening, the progress of the stream, and the start or stop button. From the hand-over to
 * the verdict, as on the recording pages, the 核验中 view (sending, the service's steps, one
 * bar) is the page's content, under the last picture captured, dimmed.
 * Everything it shows comes from the attempt's state through its selectors and view models
 * (src/flow/attempt/selectors.ts, realtimeView.ts), whose text keys it looks up; it owns no
 * behaviour beyond calling back.
 */
import type { LiveMode } from "../../../domain/modes";
import type { TextsOf } from "../../FlowProvider";
import { CameraFrame } from "../CameraFrame";
import { CaptureHead } from "../recording/CaptureHead";
import { CapturePrompt } from "../recording/CapturePrompt";
import { KeptRecording } from "../recording/KeptRecording";
import { VerifyingProgress, waitAnnouncement } from "../recording/VerifyingProgress";
import { selectWait, type WaitView } from "../../../flow/attempt/waitView";
import { LiveAnnouncement } from "../../components/LiveAnnouncement";
import { PROGRESS_POLICY, progressKey, type Announcement } from "../../../flow/announcer";
import type { RecorderCopy } from "../recorderCopy";
import type { ActionCode } from "../../../flow/startPlan";
import { textOf } from "../textRef";
import type { AttemptMachine } from "../../../flow/attempt/attemptCommands";
import type { AttemptState } from "../../../flow/attempt/attemptState";
import { selectRealtimeFoot, selectRealtimeHint, selectShowsNeeds } from "../../../flow/attempt/realtimeView";
import {
  selectActionIndex,
  selectCountdown,
  selectIsRecording,
  selectRealtimeStage,
  selectTransferFraction,
  selectViewport,
} from "../../../flow/attempt/selectors";
import { awaitsLightChoice } from "../../../flow/attempt/attemptState";
import { LightLayer, lightShowing } from "../recording/light/LightLayer";
import { LightNotice } from "../recording/light/LightNotice";
import "../realtime.css";
import "../../a11y.css";

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
  state: AttemptState;
  /** Says what the page will use (camera, or camera and microphone). */
  needs: string;
  videoRef: (video: HTMLVideoElement | null) => void;
  /** The last picture of the capture that ended (useAttempt's still), shown dimmed while the page waits; null when there is none. */
  still: string | null;
  /** The attempt machine's commands: start, stop, the light notice's choice, and for a kept recording resend or give up. */
  commands: Pick<AttemptMachine, "start" | "stop" | "resend" | "giveUp" | "chooseLight">;
  /** Light modes: when the recording began (the overlay's zero), where the overlay reports each colour, and leaving from the notice. */
  light: { startedAtMs: number | null; onShown(index: number, atMs: number): void; onQuit(): void };
  texts: TextsOf<"realtime" | "recorder" | "actions" | "capture" | "verifying" | "verifySteps" | "light">;
}

/** What the page's progress region says: the stream each quarter, then the wait's steps and quarters. */
function progressAnnouncement(texts: RealtimeStageProps["texts"], transfer: number | null, wait: WaitView | null): Announcement | null {
  if (wait) return waitAnnouncement(texts, wait);
  if (transfer === null) return null;
  return { key: progressKey("transfer", transfer), text: transferText(texts, transfer) };
}

const transferText = (texts: RealtimeStageProps["texts"], fraction: number) => `${texts.realtime.progressLabel} ${Math.round(fraction * 100)}%`;

export function RealtimeStage(props: RealtimeStageProps) {
  const { mode, badge, copy, will, nod, actions, answering, state, needs, videoRef, still, commands, light, texts } = props;
  // The light's alternative records number mode here (real-time video; the stream leaves for the recording page).
  const liveMode = state.request?.liveMode ?? props.liveMode;
  const challenge = state.request?.light ?? null;
  const t = texts.realtime;
  const progress = selectTransferFraction(state);
  const wait = selectWait(state);
  const recording = selectIsRecording(state);
  const countdown = selectCountdown(state);
  const hint = selectRealtimeHint(state, mode);
  const foot = selectRealtimeFoot(state);
  const lightStart = recording ? light.startedAtMs : null;
  const lightOn = lightShowing(challenge, lightStart);
  return (
    <div className={`ff-page ff-recorder ff-realtime ff-realtime--${mode}${lightOn ? " ff-rec--light" : ""}`} data-phase={selectRealtimeStage(state)}>
      <LightLayer challenge={challenge} startedAtMs={lightStart} onShown={light.onShown} />
      <div className="ff-recorder__body">
        <CaptureHead badge={badge} copy={copy} waiting={wait !== null}>
          <CapturePrompt
            texts={texts}
            liveMode={liveMode}
            will={will}
            nod={nod}
            digits={state.request?.digits ?? null}
            actions={liveMode === "action" ? actions : []}
            actionIndex={selectActionIndex(state)}
            question={state.request?.question ?? null}
            answering={answering}
            recording={recording}
          />
        </CaptureHead>
        <div className="ff-recorder__stage">
          <div className="ff-realtime__viewport">
            <CameraFrame phase={selectViewport(state)} videoRef={videoRef} label={texts.recorder.previewLabel} facing={state.facing} still={still} />
            {countdown !== null && (
              <span className="ff-rec-countdown" aria-hidden="true">
                {countdown}
              </span>
            )}
          </div>
          {wait && <VerifyingProgress texts={texts} wait={wait} />}
          <p className="ff-recorder__hint" aria-live="polite">
            {hint ? textOf(texts, hint) : ""}
          </p>
          {progress !== null && (
            <div
              className="ff-realtime__progress"
              role="progressbar"
              aria-label={t.progressLabel}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(progress * 100)}
              aria-valuetext={transferText(texts, progress)}
            >
              <span className="ff-realtime__bar" style={{ width: `${Math.round(progress * 100)}%` }} />
            </div>
          )}
          {selectShowsNeeds(state) && <p className="ff-recorder__needs">{needs}</p>}
          <LiveAnnouncement channel="progress" announcement={progressAnnouncement(texts, progress, wait)} policy={PROGRESS_POLICY} />
        </div>
      </div>
      {state.light?.step === "notice" && (
        <LightNotice
          texts={texts.light}
          alternative={state.light.alternative}
          onContinue={() => commands.chooseLight("light")}
          onAlternative={() => commands.chooseLight("alternative")}
          onQuit={light.onQuit}
        />
      )}
      {foot.kind === "start" && !awaitsLightChoice(state) && (
        <div className="ff-buttons ff-buttons--1">
          {/* aria-disabled while the camera opens: the button keeps the focus of the user who pressed it. */}
          <button type="button" className="ff-btn ff-btn--primary" aria-disabled={!foot.enabled} onClick={foot.enabled ? commands.start : undefined}>
            {t[foot.label]}
          </button>
        </div>
      )}
      {foot.kind === "kept" && <KeptRecording texts={texts} onResend={commands.resend} onGiveUp={commands.giveUp} />}
      {foot.kind === "stop" && (
        <div className="ff-buttons ff-buttons--1">
          <button type="button" className="ff-btn ff-btn--secondary" onClick={commands.stop}>
            {t.stop}
          </button>
        </div>
      )}
    </div>
  );
}
