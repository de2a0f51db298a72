/**
 * After an upload that got no answer after its retries, the recording is kept on the page
 * (src/flow/attempt/): the user may send the same recording again or give up (the
 * upload-failure screen). Shown by the recording pages and the real-time video page.
 */
import type { TextsOf } from "../../FlowProvider";
import "../recording.css";

interface KeptRecordingProps {
  texts: TextsOf<"capture">;
  onResend(): void;
  onGiveUp(): void;
}

export function KeptRecording({ texts, onResend, onGiveUp }: KeptRecordingProps) {
  const t = texts.capture;
  return (
    <div className="ff-rec-failed" role="alert">
      <p className="ff-rec-failed__title">{t.uploadFailedTitle}</p>
      <p className="ff-rec-failed__text">{t.uploadFailedText}</p>
      <div className="ff-buttons ff-buttons--2">
        <button type="button" className="ff-btn ff-btn--primary" onClick={onResend}>
          {t.resend}
        </button>
        <button type="button" className="ff-btn ff-btn--secondary" onClick={onGiveUp}>
          {t.giveUp}
        </button>
      </div>
    </div>
  );
}
