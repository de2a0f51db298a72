/**
 * The error screen (spec §2 "Error screen"): illustration, title, message, optional code,
 * unknown-status line and tips, then one or two buttons. Presentational only: the texts come
 * resolved from src/ui/errorCatalogue.ts. Every text, including the URL's msg, is rendered
 * as a React text child, never as HTML.
 */
import type { IllustrationName } from "../../../schemas/errors";
import { ButtonRow, type ViewButton } from "./ButtonRow";
import { Illustration } from "./illustrations";

/** Height / width at or below which the screen uses the short layout (spec §2). */
const SHORT_SCREEN_RATIO = 1.5;

interface ErrorViewProps {
  illustration: IllustrationName;
  title: string;
  message: string;
  /** Line naming an unknown status. */
  detail?: string | undefined;
  /** The code as displayed, e.g. "错误码：3004". */
  codeLine?: string | undefined;
  tips?: { heading: string; items: readonly string[] } | undefined;
  /** Zero to two buttons; the one marked lead is primary, else the first. */
  buttons: readonly ViewButton[];
  /** window.innerHeight / window.innerWidth, passed in so the layout choice is testable. */
  aspectRatio: number;
}

export function ErrorView(props: ErrorViewProps) {
  const { illustration, detail, codeLine, tips, buttons, aspectRatio } = props;
  const short = aspectRatio <= SHORT_SCREEN_RATIO;
  return (
    <div className={short ? "ff-page ff-error ff-error--short" : "ff-page ff-error"}>
      <div className="ff-error__body">
        <div className="ff-error__art">
          <Illustration name={illustration} />
        </div>
        <div className="ff-error__content">
          <h1 className="ff-error__title">{props.title}</h1>
          <p className="ff-error__message">{props.message}</p>
          {detail !== undefined && <p className="ff-error__detail">{detail}</p>}
          {codeLine !== undefined && <p className="ff-error__code">{codeLine}</p>}
          {tips !== undefined && (
            <section className="ff-tips" aria-label={tips.heading}>
              <h2 className="ff-tips__heading">{tips.heading}</h2>
              <ol className="ff-tips__list">
                {tips.items.map((item, index) => (
                  <li key={`${index}-${item}`} className="ff-tips__item">
                    {item}
                  </li>
                ))}
              </ol>
            </section>
          )}
        </div>
      </div>
      <ButtonRow buttons={buttons} />
    </div>
  );
}
