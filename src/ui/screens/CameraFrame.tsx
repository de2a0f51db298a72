/**
 * The round camera viewport of the recording pages: the mirrored preview when the camera is
 * live, a face outline before, and the oval guide the face should fill on top of both.
 */
import type { CameraPhase } from "./useCameraPreview";

interface CameraFrameProps {
  phase: CameraPhase;
  videoRef: (video: HTMLVideoElement | null) => void;
  label: string;
}

export function CameraFrame({ phase, videoRef, label }: CameraFrameProps) {
  return (
    <div className={`ff-camera ff-camera--${phase}`}>
      {phase === "live" ? (
        <video ref={videoRef} className="ff-camera__video" aria-label={label} autoPlay muted playsInline />
      ) : (
        <svg className="ff-camera__idle" viewBox="0 0 100 100" aria-hidden="true" focusable="false">
          <path className="ff-camera__silhouette" d="M22 100 a28 22 0 0 1 56 0 Z" />
          <ellipse className="ff-camera__silhouette" cx="50" cy="46" rx="17" ry="21" />
        </svg>
      )}
      <svg className="ff-camera__guide" viewBox="0 0 100 100" aria-hidden="true" focusable="false">
        <ellipse className="ff-camera__oval" cx="50" cy="48" rx="30" ry="38" />
      </svg>
      {phase === "opening" && <span className="ff-spinner ff-camera__spinner" aria-hidden="true" />}
    </div>
  );
}
