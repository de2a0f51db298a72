/**
 * The foot of a recording page, as its view model says (selectRecordingFoot,
 * src/flow/attempt/recordingView.ts): the start button (record, or shoot with the system
 * camera) with the camera switch beside it where the page offers one (selectCameraSwitch), the
 * stop button (enabled from the plan's earliest stop), a busy button, or after an upload that
 * got no answer the choice to send the kept recording again or give up. While the page waits
 * for the verdict the foot is empty: the 核验中 view (VerifyingProgress) is the page's content.
 */
import { useId, type ReactNode } from "react";
import type { CameraSwitchView, RecordingFoot } from "../../../flow/attempt/recordingView";
import type { TextsOf } from "../../FlowProvider";
import type { Announcement } from "../../../flow/announcer";
import { KeptRecording } from "./KeptRecording";
import "../recording.css";
import "../../a11y.css";

interface RecordControlsProps {
  texts: TextsOf<"capture" | "recorder">;
  foot: RecordingFoot;
  /** The 切换摄像头 button beside start, or null where the page offers none. */
  cameraSwitch: CameraSwitchView | null;
  onStart(): void;
  onSwitchCamera(): void;
  onStop(): void;
  onResend(): void;
  onGiveUp(): void;
}

/**
 * The page's main button (start, then busy, then stop) with what may sit beside it. One
 * component for all three, so React keeps the same <button>, and unavailable through
 * aria-disabled rather than disabled (a disabled button loses focus): a keyboard user who
 * pressed 开始录制 is still on it when it turns into 完成录制, and presses it again to stop.
 */
function MainButton({ label, onClick, disabled = false, beside }: { label: string; onClick?: () => void; disabled?: boolean; beside?: ReactNode }) {
  return (
    <div className={`ff-buttons ff-buttons--${beside ? 2 : 1}`}>
      <button type="button" className="ff-btn ff-btn--primary" aria-disabled={disabled} onClick={disabled ? undefined : onClick}>
        {label}
      </button>
      {beside}
    </div>
  );
}

/**
 * What the page's progress region says of the foot: what a busy button says the page is doing;
 * the wait is said by its own view (waitAnnouncement), the kept recording is an alert of its own.
 */
export function footAnnouncement(texts: RecordControlsProps["texts"], foot: RecordingFoot): Announcement | null {
  switch (foot.kind) {
    case "busy":
      return { text: texts.capture[foot.label] };
    case "start":
    case "stop":
    case "wait":
    case "kept":
    case "none":
      return null;
  }
}

export function RecordControls({ texts, foot, cameraSwitch, onStart, onSwitchCamera, onStop, onResend, onGiveUp }: RecordControlsProps) {
  const t = texts.capture;
  const facingId = useId();
  switch (foot.kind) {
    case "start":
      return (
        <MainButton
          label={t[foot.label]}
          onClick={onStart}
          beside={
            cameraSwitch && (
              <>
                <button type="button" className="ff-btn ff-btn--secondary" data-facing={cameraSwitch.facing} aria-describedby={facingId} onClick={onSwitchCamera}>
                  {texts.recorder[cameraSwitch.label]}
                </button>
                <span id={facingId} className="ff-sr-only">
                  {texts.recorder[cameraSwitch.current]}
                </span>
              </>
            )
          }
        />
      );
    case "stop":
      return <MainButton label={t.stop} disabled={!foot.enabled} onClick={onStop} />;
    case "busy":
      return <MainButton label={t[foot.label]} disabled />;
    case "kept":
      return <KeptRecording texts={texts} onResend={onResend} onGiveUp={onGiveUp} />;
    case "wait":
    case "none":
      return null;
  }
}
