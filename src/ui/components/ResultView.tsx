/**
 * The result component (spec §2): success or fail icon, a title whose ";" separators are
 * line breaks, tips, an optional picture and one or two buttons. Presentational only: texts
 * come resolved from src/ui/resultCatalogue.ts.
 */
import { ButtonRow, type ViewButton } from "./ButtonRow";
import { ResultIcon } from "./icons";

interface ResultViewProps {
  outcome: "success" | "fail";
  /** "a;b" is shown as two lines. */
  title: string;
  tips?: string | undefined;
  /** e.g. the frame the check was made on; src is supplied by the caller, never from the URL. */
  picture?: { src: string; alt: string } | undefined;
  /** One or two buttons; the first is primary. */
  buttons: readonly ViewButton[];
}

/** The lines of a result title: split on ";", blanks dropped. */
function titleLines(title: string): string[] {
  return title
    .split(";")
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}

export function ResultView({ outcome, title, tips, picture, buttons }: ResultViewProps) {
  return (
    <div className={`ff-page ff-result ff-result--${outcome}`}>
      <div className="ff-result__body">
        <ResultIcon outcome={outcome} />
        <h1 className="ff-result__title">
          {titleLines(title).map((line, index) => (
            <span key={`${index}-${line}`} className="ff-result__line">
              {line}
            </span>
          ))}
        </h1>
        {tips !== undefined && tips !== "" && <p className="ff-result__tips">{tips}</p>}
        {picture !== undefined && <img className="ff-result__picture" src={picture.src} alt={picture.alt} />}
      </div>
      <ButtonRow buttons={buttons} />
    </div>
  );
}
