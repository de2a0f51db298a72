/**
 * The upload's progress bar: the share of the request body sent (a retry starts again from
 * zero), as an ARIA progressbar; the page's progress region (uploadAnnouncement) says it each quarter.
 */
import { progressKey, type Announcement } from "../../../flow/announcer";
import "../recording.css";

interface UploadProgressProps {
  label: string;
  /** 0..1 */
  fraction: number;
  /** The percentage line, e.g. 已上传 42%. */
  valueText: string;
}

/** What the page's progress region says of an upload: its percentage, once per quarter. */
export function uploadAnnouncement(fraction: number, valueText: string): Announcement {
  return { key: progressKey("upload", fraction), text: valueText };
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
