/**
 * The 核验中 view, shown on every capture page once the recording or stream was handed over
 * and the service verifies it: the step the service is at (a text per VERIFY_STEPS value,
 * flows/texts.zh-CN.json "verifySteps") and its share of the work as an ARIA progressbar,
 * and the page's progress region (verifyingAnnouncement) says them as they change, without flooding. Lives with the recording screens, never on the first screen.
 */
import type { VerifyStep } from "../../../../schemas/api";
import type { TextsOf } from "../../FlowProvider";
import { progressKey, type Announcement } from "../../../flow/announcer";
import { fillText } from "../textTemplate";
import "../verifying.css";

interface VerifyingProgressProps {
  texts: TextsOf<"verifying" | "verifySteps">;
  /** null until the service said where the attempt stands (a stream just ended, a reload). */
  step: VerifyStep | null;
  /** 0..1 */
  progress: number;
}

/** The line for a step; exhaustive, so a new step without its text fails to compile. */
function verifyStepText(texts: TextsOf<"verifying" | "verifySteps">, step: VerifyStep | null): string {
  const steps: Record<VerifyStep, string> = texts.verifySteps;
  return step === null ? texts.verifying.waiting : steps[step];
}

/** What the page's progress region says of the verification: on a step change, or each quarter of the work. */
export function verifyingAnnouncement(texts: TextsOf<"verifying" | "verifySteps">, step: VerifyStep | null, progress: number): Announcement {
  const percent = Math.round(Math.min(1, Math.max(0, progress)) * 100);
  return { key: progressKey(`verify:${step ?? "waiting"}`, progress), text: fillText(texts.verifying.progressValue, { step: verifyStepText(texts, step), percent: String(percent) }) };
}

export function VerifyingProgress({ texts, step, progress }: VerifyingProgressProps) {
  const t = texts.verifying;
  const percent = Math.round(Math.min(1, Math.max(0, progress)) * 100);
  const stepText = verifyStepText(texts, step);
  return (
    <div className="ff-verifying" data-step={step ?? "waiting"}>
      <p className="ff-verifying__title">{t.title}</p>
      <div
        className="ff-verifying__bar"
        role="progressbar"
        aria-label={t.progressLabel}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={fillText(t.progressValue, { step: stepText, percent: String(percent) })}
      >
        <span className="ff-verifying__fill" style={{ width: `${percent}%` }} />
      </div>
      <p className="ff-verifying__step">
        {stepText}
      </p>
      <p className="ff-verifying__hint">{t.hint}</p>
    </div>
  );
}
