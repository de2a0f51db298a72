/**
 * The camera viewport of a recording page (CameraFrame: preview, oval guide, and once the
 * recording ended its last picture, dimmed) with what lies over it (selectRecordingOverlay,
 * src/flow/attempt/recordingView.ts): the 3-2-1 countdown, and while recording a red dot with
 * the seconds and a ring filling up towards the automatic stop.
 */
import type { ReactNode } from "react";
import type { CameraFacing } from "../../../capture/contract";
import { CameraFrame } from "../CameraFrame";
import type { PhaseName } from "../../../flow/attempt/attemptState";
import type { ViewportPhase } from "../../../flow/attempt/selectors";
import type { RecordingOverlay } from "../../../flow/attempt/recordingView";
import { COUNTDOWN_POLICY, type Announcement } from "../../../flow/announcer";
import { LiveAnnouncement } from "../../components/LiveAnnouncement";
import "../recording.css";

interface CaptureStageProps {
  /** The attempt's phase (selectRecordingStage), for the stage's modifier class. */
  stage: PhaseName;
  viewport: ViewportPhase;
  over: RecordingOverlay;
  videoRef: (video: HTMLVideoElement | null) => void;
  label: string;
  /** The camera the attempt records with: the preview is a mirror for the front one only. */
  facing: CameraFacing;
  recordingBadge: string;
  /** The last picture of the recording that ended (useCameraPreview's still), or null. */
  still: string | null;
  /** On-device face guidance (face outline and hint), when it runs. */
  overlay?: ReactNode;
}

/** Circumference of the ring (r = 49 in a 100-unit box). */
const RING = 2 * Math.PI * 49;

/** What the region over the viewport says: each second of the 3-2-1, then 录制中 once. */
function stageAnnouncement(over: RecordingOverlay, recordingBadge: string): Announcement | null {
  if (over.kind === "countdown") return { text: String(over.secondsLeft) };
  if (over.kind === "recording") return { text: recordingBadge };
  return null;
}

export function CaptureStage({ stage, viewport, over, videoRef, label, facing, recordingBadge, still, overlay }: CaptureStageProps) {
  return (
    <div className={`ff-rec-stage ff-rec-stage--${stage}`}>
      <CameraFrame phase={viewport} videoRef={videoRef} label={label} facing={facing} still={still} />
      {overlay}
      {over.kind === "recording" && (
        <svg className="ff-rec-ring" viewBox="0 0 100 100" aria-hidden="true" focusable="false">
          <circle className="ff-rec-ring__track" cx="50" cy="50" r="49" />
          <circle className="ff-rec-ring__done" cx="50" cy="50" r="49" strokeDasharray={`${RING * over.done} ${RING}`} />
        </svg>
      )}
      {over.kind === "countdown" && (
        <span className="ff-rec-countdown" aria-hidden="true">
          {over.secondsLeft}
        </span>
      )}
      {/* The 3-2-1 and the start of the recording are said through their own region, a second apart at most. */}
      <LiveAnnouncement channel="countdown" announcement={stageAnnouncement(over, recordingBadge)} policy={COUNTDOWN_POLICY} />
      {over.kind === "recording" && (
        // The seconds change ten times a second: the badge is for the eye, the region below says 录制中 once.
        <span className="ff-rec-badge" aria-hidden="true">
          <span className="ff-rec-badge__dot" aria-hidden="true" />
          {recordingBadge} {over.seconds}s
        </span>
      )}
    </div>
  );
}
