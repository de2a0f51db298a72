/**
 * Focus inside a modal dialog (aria-modal): it takes focus when it opens, Tab and Shift+Tab
 * go round its own controls only, Escape closes it where closing is allowed, and on closing
 * focus returns to where it was (or to the page's heading when that element is gone).
 * DOM only; useDialogFocus (./useDialogFocus.ts) ties it to a React dialog.
 */
import { focusPageStart } from "./pageFocus";

const FOCUSABLE = 'button:not([disabled]), a[href], input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusables(dialog: HTMLElement): HTMLElement[] {
  return [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)];
}

export interface DialogFocusOptions {
  /** Escape closes the dialog: called on Escape; absent, Escape does nothing. */
  onEscape?: (() => void) | undefined;
  /** The control that takes focus first (default: the dialog's last control, its main action). */
  initial?: HTMLElement | null | undefined;
}

/** Takes focus into `dialog` and keeps it there; the returned function releases it and gives focus back. */
export function holdDialogFocus(dialog: HTMLElement, options: DialogFocusOptions): () => void {
  const doc = dialog.ownerDocument;
  const before = doc.activeElement instanceof HTMLElement && doc.activeElement !== doc.body ? doc.activeElement : null;
  const first = options.initial ?? focusables(dialog).at(-1) ?? dialog;
  if (first === dialog && !dialog.hasAttribute("tabindex")) dialog.setAttribute("tabindex", "-1");
  first.focus();

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape" && options.onEscape) {
      event.preventDefault();
      options.onEscape();
      return;
    }
    if (event.key !== "Tab") return;
    const items = focusables(dialog);
    const head = items[0];
    const tail = items.at(-1);
    if (head === undefined || tail === undefined) {
      event.preventDefault();
      return;
    }
    const active = doc.activeElement;
    if (event.shiftKey && (active === head || !dialog.contains(active))) {
      event.preventDefault();
      tail.focus();
    } else if (!event.shiftKey && (active === tail || !dialog.contains(active))) {
      event.preventDefault();
      head.focus();
    }
  };
  // On the document, so a Tab from anywhere (focus moved out by a click on the backdrop) comes back in.
  doc.addEventListener("keydown", onKeyDown);
  return () => {
    doc.removeEventListener("keydown", onKeyDown);
    if (before?.isConnected) before.focus();
    else {
      const main = doc.querySelector<HTMLElement>("main");
      const active = doc.activeElement;
      // The dialog is still in the page while it closes: focus in it would fall to <body> with it.
      if (main && (active === null || active === doc.body || !active.isConnected || dialog.contains(active))) focusPageStart(main);
    }
  };
}
