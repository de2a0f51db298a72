/**
 * The start state shared by the recording pages (/vertify, /action/vertify, the real-time
 * video and websocket pages, /willDegrade/index): the instruction of the check, the camera
 * viewport with its oval guide, and the button that opens the camera. Recording itself
 * belongs to the capture flow; this page opens the real camera preview, sends a failed start
 * to the matching error status, and shows the record-timeout modal when the opened camera
 * gives no picture in time.
 */
import captureJson from "../../../flows/capture.json";
import type { CaptureFile } from "../../../schemas/capture";
import { isIOSUserAgent } from "../../device/messagingApp";
import { RecordTimeoutModal } from "../components/RecordTimeoutModal";
import { ERROR_CATALOGUE } from "../errorCatalogue";
import { useFlowNavigate, useLaunch, useRuntime } from "../FlowProvider";
import { useTexts } from "../useTexts";
import { useFinisher } from "../useFinisher";
import type { RecorderCopy } from "./recorderCopy";
import { CameraFrame } from "./CameraFrame";
import { useCameraPreview } from "./useCameraPreview";

/** capture.json was validated by build.mjs before it was embedded. */
const capture = captureJson as CaptureFile;

/** Quitting from the record-timeout modal reports the recording-abnormal code to the partner. */
const TIMEOUT_QUIT_CODE = ERROR_CATALOGUE.statuses.exception.code;

/** The launch's high_light, split on "|" into the segments the modal highlights. */
export function highlightSegments(highLight: string | undefined): string[] {
  return (highLight ?? "").split("|").filter((segment) => segment.trim() !== "");
}

export interface RecorderStartProps {
  copy: RecorderCopy;
  /** Which capture this page does, e.g. 录制视频 / 实时视频. */
  badge: string;
  /** Ask for the microphone too (reading digits, will mode). */
  audio: boolean;
}

export function RecorderStart({ copy, badge, audio }: RecorderStartProps) {
  const rt = useRuntime();
  const launch = useLaunch();
  const texts = useTexts();
  const navigate = useFlowNavigate();
  const finisher = useFinisher();
  const t = texts.recorder;
  const camera = useCameraPreview({
    win: rt.win,
    audio,
    ios: isIOSUserAgent(rt.win.navigator.userAgent),
    frameWaitMs: capture.waveTimeoutMs,
    onFailure: (status, errorName) => {
      rt.stats.record("cameraStartFailed", { status, error: errorName });
      navigate("/error", { status }, { replace: true });
    },
  });
  const hint = camera.phase === "live" ? t.liveHint : camera.phase === "opening" ? t.openingHint : t.idleHint;
  const timeout = texts.recordTimeout;

  return (
    <div className={`ff-page ff-recorder ff-recorder--${camera.phase}`} data-phase={camera.phase}>
      <div className="ff-recorder__body">
        <div className="ff-recorder__head">
          <span className="ff-badge">{badge}</span>
          <h1 className="ff-recorder__title">{copy.heading}</h1>
          <p className="ff-recorder__detail">{copy.detail}</p>
          {copy.chips.length > 0 && (
            <ol className="ff-chips">
              {copy.chips.map((chip, index) => (
                <li key={`${index}-${chip}`} className="ff-chip">
                  <span className="ff-chip__index">{index + 1}</span>
                  {chip}
                </li>
              ))}
            </ol>
          )}
        </div>
        <div className="ff-recorder__stage">
          <CameraFrame phase={camera.phase} videoRef={camera.videoRef} label={t.previewLabel} />
          <p className="ff-recorder__hint" aria-live="polite">
            {hint}
          </p>
          <p className="ff-recorder__needs">{audio ? t.needsCameraMic : t.needsCamera}</p>
        </div>
      </div>
      {camera.phase !== "live" && (
        <div className="ff-buttons ff-buttons--1">
          <button type="button" className="ff-btn ff-btn--primary" disabled={camera.phase === "opening"} onClick={camera.open}>
            {camera.phase === "opening" ? t.opening : t.openCamera}
          </button>
        </div>
      )}
      <RecordTimeoutModal
        show={camera.stalled}
        title={timeout.title}
        text={timeout.text}
        leftText={timeout.left}
        rightText={timeout.right}
        closable
        closeLabel={timeout.close}
        highlights={highlightSegments(launch.high_light)}
        onLeft={() => void finisher.quit(TIMEOUT_QUIT_CODE)}
        onRight={camera.reset}
        onClose={camera.reset}
      />
    </div>
  );
}
