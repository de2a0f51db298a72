/**
 * The 核验中 view, shown on every capture page once the recording or stream was handed over
 * and the service verifies it: the step the service is at (a text per VERIFY_STEPS value,
 * flows/texts.zh-CN.json "verifySteps") and its share of the work as an ARIA progressbar,
 * so screen readers announce both. Lives with the recording screens, never on the first screen.
 */
import type { VerifyStep } from "../../../../schemas/api";
import type { TextsOf } from "../../FlowProvider";
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
      <p className="ff-verifying__step" aria-live="polite">
        {stepText}
      </p>
      <p className="ff-verifying__hint">{t.hint}</p>
    </div>
  );
}
