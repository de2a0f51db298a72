/**
 * One or two full-width buttons at the foot of a page or dialog; the first is the primary
 * (filled) one, a second is outlined. Shared by the error, result and failure views so all
 * pages place and style their buttons the same way.
 */
import { useHydrated } from "../useHydrated";

export interface ViewButton {
  label: string;
  onClick: () => void;
  /** Styled as the primary button; without any, the first is. */
  lead?: boolean;
}

export function ButtonRow({ buttons }: { buttons: readonly ViewButton[] }) {
  // Disabled while a page the service rendered waits for its script (../useHydrated.ts).
  const hydrated = useHydrated();
  if (buttons.length === 0) return null;
  const anyLead = buttons.some((b) => b.lead);
  return (
    <div className={`ff-buttons ff-buttons--${buttons.length}`}>
      {buttons.map((button, index) => (
        <button
          key={`${index}-${button.label}`}
          type="button"
          className={(anyLead ? button.lead : index === 0) ? "ff-btn ff-btn--primary" : "ff-btn ff-btn--secondary"}
          onClick={button.onClick}
          disabled={!hydrated}
        >
          {button.label}
        </button>
      ))}
    </div>
  );
}
