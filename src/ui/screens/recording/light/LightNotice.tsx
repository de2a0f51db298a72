/**
 * The light challenge's notice, shown before anything flashes: what will happen (the screen
 * changes colour a few times a second while recording), that it is safe to look away, and a
 * clear choice for a user for whom flashing light is a problem: the alternative route (reading
 * digits aloud), or where the definitions name none, leaving instead of being passed unchecked.
 */
import type { Texts } from "../../../texts";
import "./lightNotice.css";

type LightTexts = Texts["light"];

interface LightNoticeProps {
  texts: LightTexts;
  /** The definitions name an alternative route for this mode. */
  alternative: boolean;
  onContinue(): void;
  onAlternative(): void;
  onQuit(): void;
}

export function LightNotice({ texts, alternative, onContinue, onAlternative, onQuit }: LightNoticeProps) {
  return (
    <section className="ff-light-notice" role="region" aria-labelledby="ff-light-notice-title" data-testid="light-notice">
      <h2 id="ff-light-notice-title" className="ff-light-notice__title">
        {texts.noticeTitle}
      </h2>
      <p>{texts.noticeWhat}</p>
      <p>{texts.noticeSafe}</p>
      <p>{texts.noticeCloser}</p>
      <div className="ff-light-notice__buttons">
        <button type="button" className="ff-btn ff-btn--primary" onClick={onContinue}>
          {texts.noticeContinue}
        </button>
        {alternative ? (
          <button type="button" className="ff-btn ff-btn--secondary" onClick={onAlternative}>
            {texts.noticeOptOut}
          </button>
        ) : (
          <>
            <p className="ff-light-notice__none">{texts.noticeNoAlternative}</p>
            <button type="button" className="ff-btn ff-btn--secondary" onClick={onQuit}>
              {texts.noticeQuit}
            </button>
          </>
        )}
      </div>
    </section>
  );
}
