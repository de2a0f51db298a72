/**
 * The action-failure view (spec §2): title, error tip and one or two buttons, each calling
 * the caller's own handler. The spec turns the failure picture off, so there is none.
 */
import { ButtonRow, type ViewButton } from "./ButtonRow";

interface ActionFailureViewProps {
  title: string;
  tip: string;
  primaryText: string;
  onPrimary: () => void;
  /** Without a label there is no second button. */
  secondaryText?: string | undefined;
  onSecondary?: (() => void) | undefined;
}

export function ActionFailureView({ title, tip, primaryText, onPrimary, secondaryText, onSecondary }: ActionFailureViewProps) {
  const buttons: ViewButton[] = [{ label: primaryText, onClick: onPrimary }];
  if (secondaryText !== undefined && secondaryText !== "") {
    buttons.push({ label: secondaryText, onClick: () => onSecondary?.() });
  }
  return (
    <div className="ff-page ff-action-failure">
      <div className="ff-action-failure__body">
        <h1 className="ff-action-failure__title">{title}</h1>
        <p className="ff-action-failure__tip">{tip}</p>
      </div>
      <ButtonRow buttons={buttons} />
    </div>
  );
}
