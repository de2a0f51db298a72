/**
 * Where keyboard and screen-reader focus goes when the page changes under it: to the new
 * page's main heading (made focusable with tabindex=-1, not a tab stop), else to the main
 * landmark. Without this, focus stays on <body> after a navigation, or on a button the new
 * view removed, and the next Tab starts over from the top of the document. Loaded after the
 * first screen (src/ui/FlowRouter.tsx): the first page leaves focus where the browser put it.
 */

/** The page's main heading inside `main`, else `main` itself. */
function pageStart(main: HTMLElement): HTMLElement {
  return main.querySelector<HTMLElement>("h1") ?? main;
}

/** Whether a modal dialog holds focus now (it keeps it until it closes). */
export function dialogHoldsFocus(doc: Document): boolean {
  return doc.activeElement?.closest('[aria-modal="true"]') != null;
}

/** Moves focus to the page's main heading (or the main landmark when the page has none yet). */
export function focusPageStart(main: HTMLElement): void {
  const target = pageStart(main);
  if (!target.hasAttribute("tabindex")) {
    target.setAttribute("tabindex", "-1");
    // Not a control: it takes focus so reading and Tab go on from here, not to be pressed, so no ring.
    target.style.outline = "none";
  }
  target.focus({ preventScroll: true });
}

/**
 * Watches `main` for the focused element being removed (a view replaced by another, a button
 * that went away) and then moves focus to the page's start instead of leaving it on <body>.
 * Returns the function that stops watching.
 */
export function keepFocusInPage(main: HTMLElement): () => void {
  const doc = main.ownerDocument;
  const win = doc.defaultView;
  let last: Element | null = null;
  const onFocusIn = (event: FocusEvent) => {
    last = event.target instanceof Element ? event.target : null;
  };
  main.addEventListener("focusin", onFocusIn);
  const lost = () => {
    const active = doc.activeElement;
    return last !== null && !last.isConnected && (active === null || active === doc.body);
  };
  const observer = win ? new win.MutationObserver(() => {
    if (!lost()) return;
    last = null;
    focusPageStart(main);
  }) : null;
  observer?.observe(main, { childList: true, subtree: true });
  return () => {
    main.removeEventListener("focusin", onFocusIn);
    observer?.disconnect();
  };
}
