/**
 * The round camera viewport of the recording pages: the preview when the camera is live (a
 * mirror for the front camera only: the back one films the world, whose mirror image reads
 * wrong), a face outline before, and the oval guide the face should fill on top of both. Once
 * a capture ended, its last picture (the preview's still), dimmed and mirrored as it was
 * shown, in place of the outline while the page waits; it only decorates (alt=""), the status
 * beside it says what happens.
 */
import type { CameraFacing } from "../../capture/contract";
import type { CameraPhase } from "./useCameraPreview";

/** Whether the preview of `facing` shows as a mirror (recorder.css keys on the video's data-facing the same way). */
export const mirrorsPreview = (facing: CameraFacing): boolean => facing === "user";

interface CameraFrameProps {
  phase: CameraPhase;
  videoRef: (video: HTMLVideoElement | null) => void;
  label: string;
  /** The camera the attempt records with (AttemptState.facing). */
  facing: CameraFacing;
  /** The last picture of the capture that ended (a data URL), shown when the camera is off; null: the face outline. */
  still?: string | null;
}

export function CameraFrame({ phase, videoRef, label, facing, still = null }: CameraFrameProps) {
  const held = phase === "idle" && still !== null;
  return (
    <div className={`ff-camera ff-camera--${phase}${held ? " ff-camera--held" : ""}`}>
      {phase === "live" ? (
        <video ref={videoRef} className="ff-camera__video" data-facing={facing} aria-label={label} autoPlay muted playsInline />
      ) : held ? (
        <img className="ff-camera__still" src={still} alt="" data-facing={facing} />
      ) : (
        <svg className="ff-camera__idle" viewBox="0 0 100 100" aria-hidden="true" focusable="false">
          <path className="ff-camera__silhouette" d="M22 100 a28 22 0 0 1 56 0 Z" />
          <ellipse className="ff-camera__silhouette" cx="50" cy="46" rx="17" ry="21" />
        </svg>
      )}
      {/* The guide is for aiming: nothing to aim once the capture is over. */}
      {!held && (
        <svg className="ff-camera__guide" viewBox="0 0 100 100" aria-hidden="true" focusable="false">
          <ellipse className="ff-camera__oval" cx="50" cy="48" rx="30" ry="38" />
        </svg>
      )}
      {phase === "opening" && <span className="ff-spinner ff-camera__spinner" aria-hidden="true" />}
    </div>
  );
}
