/**
 * The head of every capture page: its badge, heading and instruction, then what to do now.
 * While the page waits for the verdict only the badge stays: the instruction is done with,
 * and the 核验中 view below carries the page's heading.
 */
import type { ReactNode } from "react";
import type { RecorderCopy } from "../recorderCopy";

export function CaptureHead({ badge, copy, waiting = false, children }: { badge: string; copy: RecorderCopy; waiting?: boolean; children: ReactNode }) {
  return (
    <div className="ff-recorder__head">
      <span className="ff-badge">{badge}</span>
      {!waiting && (
        <>
          <h1 className="ff-recorder__title">{copy.heading}</h1>
          <p className="ff-recorder__detail">{copy.detail}</p>
          {children}
        </>
      )}
    </div>
  );
}
