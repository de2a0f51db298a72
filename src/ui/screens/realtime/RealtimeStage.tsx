/**
 * The view of both real-time pages: the instruction and what the check asks (the recording
 * pages' CapturePrompt: digits, actions with the one prompted now, the will question), the
 * round camera viewport with its oval guide and a 3-2-1 over it, a hint of what is
 * happening, the progress of the stream, and the start or stop button. From the hand-over to
 * the verdict, as on the recording pages, the 核验中 view (sending, the service's steps, one
 * bar) is the page's content, under the last picture captured, dimmed.
 * Everything it shows comes from the page's selector (src/flow/attempt/realtimePage.ts: the
 * mode, its badge, what the prompt asks) and the attempt's state through its selectors and
 * view models (selectors.ts, realtimeView.ts), whose text keys it looks up; it owns no
 * behaviour beyond calling back.
 */
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
import { textOf } from "../textRef";
import type { RealtimePage } from "../../../flow/attempt/realtimePage";
import type { Attempt } from "../useAttempt";
import { selectRealtimeFoot, selectRealtimeHint, selectShowsNeeds } from "../../../flow/attempt/realtimeView";
import {
  selectActionIndex,
  selectAnswering,
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
  /** Which real-time page, and what it shows around the attempt (selectRealtimePage). */
  page: RealtimePage;
  /** The page's attempt (useAttempt): its state and commands, the camera's element and last picture, the light's timing. */
  attempt: Pick<Attempt, "state" | "machine" | "plan" | "videoRef" | "still" | "light">;
  /** The instruction at the top (recorderCopy.ts). */
  copy: RecorderCopy;
  /** Light modes: leaving from the notice. */
  onQuit(): void;
  texts: TextsOf<"realtime" | "recorder" | "actions" | "capture" | "verifying" | "verifySteps" | "light">;
}

/** What the page's progress region says: the stream each quarter, then the wait's steps and quarters. */
function progressAnnouncement(texts: RealtimeStageProps["texts"], transfer: number | null, wait: WaitView | null): Announcement | null {
  if (wait) return waitAnnouncement(texts, wait);
  if (transfer === null) return null;
  return { key: progressKey("transfer", transfer), text: transferText(texts, transfer) };
}

const transferText = (texts: RealtimeStageProps["texts"], fraction: number) => `${texts.realtime.progressLabel} ${Math.round(fraction * 100)}%`;

export function RealtimeStage({ page, attempt, copy, onQuit, texts }: RealtimeStageProps) {
  const { mode, prompt } = page;
  const { state, machine: commands, videoRef, still, light } = attempt;
  // The light's alternative records number mode here (real-time video; the stream leaves for the recording page).
  const liveMode = state.request?.liveMode ?? page.options.liveMode;
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
        <CaptureHead badge={texts.recorder[page.badge]} copy={copy} waiting={wait !== null}>
          <CapturePrompt
            texts={texts}
            liveMode={liveMode}
            will={prompt.will}
            nod={prompt.nod}
            digits={state.request?.digits ?? null}
            actions={liveMode === "action" ? prompt.actions : []}
            actionIndex={selectActionIndex(state)}
            question={state.request?.question ?? null}
            answering={prompt.will && selectAnswering(state, attempt.plan)}
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
          {selectShowsNeeds(state) && <p className="ff-recorder__needs">{texts.recorder[page.needs]}</p>}
          <LiveAnnouncement channel="progress" announcement={progressAnnouncement(texts, progress, wait)} policy={PROGRESS_POLICY} />
        </div>
      </div>
      {state.light?.step === "notice" && (
        <LightNotice
          texts={texts.light}
          alternative={state.light.alternative}
          onContinue={() => commands.chooseLight("light")}
          onAlternative={() => commands.chooseLight("alternative")}
          onQuit={onQuit}
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
