/**
 * The camera viewport of a recording page (CameraFrame: preview, oval guide) with what
 * lies over it: the 3-2-1 countdown, and while recording a red dot with the seconds and a
 * ring filling up towards the automatic stop.
 */
import type { ReactNode } from "react";
import { CameraFrame } from "../CameraFrame";
import type { AttemptPhase } from "../../../flow/attempt/attemptState";
import { selectViewport } from "../../../flow/attempt/selectors";
import "../recording.css";

interface CaptureStageProps {
  phase: AttemptPhase;
  videoRef: (video: HTMLVideoElement | null) => void;
  label: string;
  recordingBadge: string;
  /** When the recorder stops by itself, for the ring. */
  autoStopMs: number;
  /** On-device face guidance (face outline and hint), when it runs. */
  overlay?: ReactNode;
}

/** Circumference of the ring (r = 49 in a 100-unit box). */
const RING = 2 * Math.PI * 49;

export function CaptureStage({ phase, videoRef, label, recordingBadge, autoStopMs, overlay }: CaptureStageProps) {
  const recording = phase.name === "recording";
  const done = recording ? Math.min(1, phase.elapsedMs / Math.max(1, autoStopMs)) : 0;
  return (
    <div className={`ff-rec-stage ff-rec-stage--${phase.name}`}>
      <CameraFrame phase={selectViewport({ phase })} videoRef={videoRef} label={label} />
      {overlay}
      {recording && (
        <svg className="ff-rec-ring" viewBox="0 0 100 100" aria-hidden="true" focusable="false">
          <circle className="ff-rec-ring__track" cx="50" cy="50" r="49" />
          <circle className="ff-rec-ring__done" cx="50" cy="50" r="49" strokeDasharray={`${RING * done} ${RING}`} />
        </svg>
      )}
      {phase.name === "countdown" && (
        <span className="ff-rec-countdown" aria-live="assertive">
          {phase.secondsLeft}
        </span>
      )}
      {recording && (
        <span className="ff-rec-badge">
          <span className="ff-rec-badge__dot" aria-hidden="true" />
          {recordingBadge} {(phase.elapsedMs / 1000).toFixed(1)}s
        </span>
      )}
    </div>
  );
}
