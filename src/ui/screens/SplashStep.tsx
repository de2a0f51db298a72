/**
 * The splash page of spec §2, shown first in will mode or when splash_page is 1: what is
 * about to happen, who asked for it (protocol_corp_name, as text) and one button to begin.
 */
import type { TextsOf } from "../FlowProvider";
import { useHydrated } from "../useHydrated";
import { fillText } from "./textTemplate";

function SplashArt() {
  return (
    <svg className="ff-splash__art" viewBox="0 0 200 160" aria-hidden="true" focusable="false">
      <ellipse className="ff-ill-bg" cx="100" cy="82" rx="78" ry="66" />
      <rect className="ff-ill-card" x="64" y="18" width="72" height="128" rx="12" />
      <rect className="ff-splash__screen" x="72" y="32" width="56" height="96" rx="4" />
      <ellipse className="ff-splash__oval" cx="100" cy="76" rx="20" ry="26" />
      <circle className="ff-ill-text" cx="93" cy="72" r="2.2" />
      <circle className="ff-ill-text" cx="107" cy="72" r="2.2" />
      <path className="ff-ill-line" d="M94 88 q6 4 12 0" />
      <path className="ff-splash__scan" d="M76 62 H124" />
      <path className="ff-ill-accent" d="M146 92 l18 7 v13 c0 11 -8 18 -18 22 c-10 -4 -18 -11 -18 -22 v-13 Z" />
      <path className="ff-ill-on-accent" d="M139 112 l5 5 l9 -10" />
    </svg>
  );
}

interface SplashStepProps {
  will: boolean;
  /** protocol_corp_name, shown as text; absent: no "initiated by" line. */
  corp: string | undefined;
  texts: TextsOf<"splash" | "start">;
  onNext: () => void;
}

export function SplashStep({ will, corp, texts, onNext }: SplashStepProps) {
  // Grey while a page the service rendered waits for its script (../useHydrated.ts).
  const hydrated = useHydrated();
  const t = texts.splash;
  const points = [t.point1, t.point2, t.point3];
  return (
    <div className="ff-page ff-splash">
      <div className="ff-splash__body">
        <SplashArt />
        <div className="ff-splash__content">
          <h1 className="ff-splash__title">{will ? texts.start.willTitle : texts.start.title}</h1>
          <p className="ff-splash__subtitle">{will ? t.willSubtitle : t.subtitle}</p>
          <ul className="ff-splash__points">
            {points.map((point) => (
              <li key={point} className="ff-splash__point">
                {point}
              </li>
            ))}
          </ul>
          {corp !== undefined && corp.trim() !== "" && <p className="ff-splash__corp">{fillText(t.initiatedBy, { corp: corp.trim() })}</p>}
        </div>
      </div>
      <div className="ff-buttons ff-buttons--1">
        <button type="button" className="ff-btn ff-btn--primary" onClick={onNext} disabled={!hydrated}>
          {t.next}
        </button>
      </div>
    </div>
  );
}
