/**
 * The enhanced authorisation of spec §6 (auth_type 2 with need_auth 1): an explicit step
 * before the check, saying what will be collected and why, with a link to the full
 * agreement. Agreeing continues; declining hands the user back to the partner.
 */
import { Illustration } from "../components/illustrations";
import { useHydrated } from "../useHydrated";
import type { TextsOf } from "../FlowProvider";
import { fillText } from "./textTemplate";

interface AuthorizationStepProps {
  /** Who asks (protocol_corp_name or the texts' default). */
  corp: string;
  will: boolean;
  texts: TextsOf<"authorization">;
  protocolHref: string;
  onAgree: () => void;
  onDecline: () => void;
}

export function AuthorizationStep({ corp, will, texts, protocolHref, onAgree, onDecline }: AuthorizationStepProps) {
  // Grey while a page the service rendered waits for its script (../useHydrated.ts).
  const hydrated = useHydrated();
  const t = texts.authorization;
  const items = will ? [t.itemFace, t.itemVoice, t.itemRetention] : [t.itemFace, t.itemRetention];
  return (
    <div className="ff-page ff-authorize">
      <div className="ff-authorize__body">
        <Illustration name="lock" />
        <h1 className="ff-authorize__title">{t.heading}</h1>
        <section className="ff-card">
          <p className="ff-authorize__lead">{fillText(t.lead, { corp })}</p>
          <ul className="ff-authorize__items">
            {items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
          <a className="ff-link" href={protocolHref}>
            {t.readFull}
          </a>
        </section>
      </div>
      <div className="ff-buttons ff-buttons--2">
        <button type="button" className="ff-btn ff-btn--primary" onClick={onAgree} disabled={!hydrated}>
          {t.agree}
        </button>
        <button type="button" className="ff-btn ff-btn--secondary" onClick={onDecline} disabled={!hydrated}>
          {t.decline}
        </button>
      </div>
    </div>
  );
}
