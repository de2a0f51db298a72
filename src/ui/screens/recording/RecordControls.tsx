/**
 * The foot of a recording page, by phase: the start button (record, or shoot with the system
 * camera), the stop button (disabled until the earliest allowed stop of the recording's
 * plan), the upload progress, the service's verification (核验中 with its step), and after
 * an upload that got no answer the choice to send the kept recording again or give up.
 */
import type { CaptureKind } from "../../../capture/contract";
import type { TextsOf } from "../../FlowProvider";
import { fillText } from "../textTemplate";
import type { AttemptPhase } from "../../../flow/attempt/attemptState";
import { KeptRecording } from "./KeptRecording";
import { UploadProgress } from "./UploadProgress";
import { VerifyingProgress } from "./VerifyingProgress";
import "../recording.css";

interface RecordControlsProps {
  texts: TextsOf<"capture" | "verifying" | "verifySteps">;
  phase: AttemptPhase;
  kind: CaptureKind | null;
  earliestStopMs: number;
  onStart(): void;
  onStop(): void;
  onResend(): void;
  onGiveUp(): void;
}

function Single({ label, onClick, disabled = false }: { label: string; onClick?: () => void; disabled?: boolean }) {
  return (
    <div className="ff-buttons ff-buttons--1">
      <button type="button" className="ff-btn ff-btn--primary" disabled={disabled} onClick={onClick}>
        {label}
      </button>
    </div>
  );
}

export function RecordControls({ texts, phase, kind, earliestStopMs, onStart, onStop, onResend, onGiveUp }: RecordControlsProps) {
  const t = texts.capture;
  const startLabel = kind === "recorder" ? t.startRecord : t.startFile;
  switch (phase.name) {
    case "preparing":
      return <Single label={t.preparing} disabled />;
    case "ready":
      return <Single label={startLabel} onClick={onStart} />;
    // The chooser may have been dismissed in a browser that does not say so: picking again must stay possible.
    case "picking":
      return <Single label={startLabel} onClick={onStart} />;
    case "opening":
      return <Single label={t.opening} disabled />;
    case "preview":
    case "countdown":
      return <Single label={t.stop} disabled />;
    case "recording":
      return <Single label={t.stop} disabled={phase.elapsedMs < earliestStopMs} onClick={onStop} />;
    case "checking":
      return <Single label={t.checking} disabled />;
    case "settling":
    case "leaving":
      return <Single label={t.settling} disabled />;
    case "uploading":
      return (
        <div className="ff-buttons ff-buttons--1">
          <UploadProgress label={t.uploading} fraction={phase.fraction} valueText={fillText(t.uploadProgress, { percent: String(Math.round(phase.fraction * 100)) })} />
        </div>
      );
    case "verifying":
      return (
        <div className="ff-buttons ff-buttons--1">
          <VerifyingProgress texts={texts} step={phase.step} progress={phase.progress} />
        </div>
      );
    case "uploadFailed":
      return <KeptRecording texts={texts} onResend={onResend} onGiveUp={onGiveUp} />;
  }
}
