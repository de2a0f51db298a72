/**
 * The upload's progress bar: the share of the request body sent (a retry starts again from
 * zero), as an ARIA progressbar so screen readers announce it too.
 */
import "../recording.css";

interface UploadProgressProps {
  label: string;
  /** 0..1 */
  fraction: number;
  /** The percentage line, e.g. 已上传 42%. */
  valueText: string;
}

export function UploadProgress({ label, fraction, valueText }: UploadProgressProps) {
  const percent = Math.round(Math.min(1, Math.max(0, fraction)) * 100);
  return (
    <div className="ff-rec-upload">
      <p className="ff-rec-upload__label">{label}</p>
      <div className="ff-rec-upload__bar" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-valuetext={valueText}>
        <span className="ff-rec-upload__fill" style={{ width: `${percent}%` }} />
      </div>
      <p className="ff-rec-upload__value">{valueText}</p>
    </div>
  );
}
