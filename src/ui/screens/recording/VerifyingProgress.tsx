/**
 * The 核验中 view, the main content of every capture page from the moment the recording or
 * stream is handed over until the verdict (selectWait, src/flow/attempt/waitView.ts): its
 * title as the page's heading, where the wait is (checking, sending, each step the service
 * reports, fetching the verdict), one ARIA progressbar for the whole wait, and whether the
 * recording is still being sent or already submitted. The page's progress region
 * (waitAnnouncement) says it as it changes, without flooding. Lives with the capture pages,
 * never on the first screen.
 */
import type { WaitView } from "../../../flow/attempt/waitView";
import type { TextsOf } from "../../FlowProvider";
import { progressKey, type Announcement } from "../../../flow/announcer";
import { fillText } from "../textTemplate";
import { textOf } from "../textRef";
import "../verifying.css";

type WaitSection = "capture" | "verifying" | "verifySteps";
type WaitTexts = TextsOf<WaitSection>;

interface VerifyingProgressProps {
  texts: WaitTexts;
  wait: WaitView;
}

const percentOf = (fraction: number) => Math.round(Math.min(1, Math.max(0, fraction)) * 100);

/** The bar's spoken value: where the wait is and how far, e.g. 分析人脸，已完成 62%. */
function valueText(texts: WaitTexts, wait: WaitView): string {
  return fillText(texts.verifying.progressValue, { step: textOf<WaitSection>(texts, wait.status), percent: String(percentOf(wait.fraction)) });
}

/** What the page's progress region says of the wait: on a change of where it is, or each quarter of the bar. */
export function waitAnnouncement(texts: WaitTexts, wait: WaitView): Announcement {
  return { key: progressKey(`wait:${wait.status.section}.${wait.status.key}`, wait.fraction), text: valueText(texts, wait) };
}

export function VerifyingProgress({ texts, wait }: VerifyingProgressProps) {
  const t = texts.verifying;
  const percent = percentOf(wait.fraction);
  return (
    <div className="ff-verifying" data-status={`${wait.status.section}.${wait.status.key}`}>
      <h1 className="ff-verifying__title">{t.title}</h1>
      <p className="ff-verifying__step">{textOf<WaitSection>(texts, wait.status)}</p>
      <div
        className="ff-verifying__bar"
        role="progressbar"
        aria-label={t.progressLabel}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={valueText(texts, wait)}
      >
        <span className="ff-verifying__fill" style={{ width: `${percent}%` }} />
      </div>
      <p className="ff-verifying__hint">{wait.submitted ? t.hint : t.sendingHint}</p>
    </div>
  );
}
