/** Ties a modal dialog's focus (./dialogFocus.ts) to its mounting: focus in on open, back out on close. */
import { useEffect, useLayoutEffect, useRef, type RefObject } from "react";
import { holdDialogFocus } from "./dialogFocus";

/** `onEscape`: what Escape does (closing), or undefined where the dialog may not be closed. */
export function useDialogFocus(dialog: RefObject<HTMLElement | null>, onEscape: (() => void) | undefined, enabled = true): void {
  // The latest handler, so a new closure each render does not take focus again.
  const escape = useRef(onEscape);
  useEffect(() => {
    escape.current = onEscape;
  });
  const closable = onEscape !== undefined;
  // A layout effect: focus is inside before the browser paints, and before a removed page control leaves it on <body>.
  useLayoutEffect(() => {
    const element = dialog.current;
    if (!element || !enabled) return;
    return holdDialogFocus(element, { onEscape: closable ? () => escape.current?.() : undefined });
  }, [dialog, closable, enabled]);
}
