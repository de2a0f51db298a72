/** The head of every capture page: its badge, heading and instruction, then what to do now. */
import type { ReactNode } from "react";
import type { RecorderCopy } from "../recorderCopy";

export function CaptureHead({ badge, copy, children }: { badge: string; copy: RecorderCopy; children: ReactNode }) {
  return (
    <div className="ff-recorder__head">
      <span className="ff-badge">{badge}</span>
      <h1 className="ff-recorder__title">{copy.heading}</h1>
      <p className="ff-recorder__detail">{copy.detail}</p>
      {children}
    </div>
  );
}
