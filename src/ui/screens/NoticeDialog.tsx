/**
 * A one-button notice in the modal style of the record-timeout modal, used for the launch's
 * popup_context (cut to 70 characters by the launch schema). The text is partner input and
 * is rendered as text. It holds focus while open (useDialogFocus); Escape confirms, as the
 * notice only asks to be read.
 */
import { useId, useRef } from "react";
import { useHydrated } from "../useHydrated";
import { useDialogFocus } from "../useDialogFocus";

export function NoticeDialog({ title, text, confirm, onConfirm }: { title: string; text: string; confirm: string; onConfirm: () => void }) {
  // Grey while a page the service rendered waits for its script (../useHydrated.ts).
  const hydrated = useHydrated();
  const titleId = useId();
  const textId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  useDialogFocus(dialog, onConfirm);
  return (
    <div className="ff-modal">
      <div ref={dialog} className="ff-modal__dialog" role="dialog" aria-modal="true" aria-labelledby={titleId} aria-describedby={textId}>
        <h2 id={titleId} className="ff-modal__title">
          {title}
        </h2>
        <p id={textId} className="ff-modal__text ff-notice__text">{text}</p>
        <div className="ff-modal__actions">
          <button type="button" className="ff-modal__btn ff-modal__btn--right ff-notice__confirm" onClick={onConfirm} disabled={!hydrated}>
            {confirm}
          </button>
        </div>
      </div>
    </div>
  );
}
