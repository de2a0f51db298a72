/**
 * Work that no first screen needs (device statistics that load the full user-agent parser)
 * waits until the first page has been shown (FlowRouter sets `data-page-id` on the root
 * element) and the main thread is idle: on a slow phone it would otherwise compete with the
 * first screen for the network and for a CPU four times slower than a desktop's (issue 14).
 * Browsers without requestIdleCallback (Safari) wait a fixed moment instead. If no page is
 * ever shown (a crash before the first screen) the task still runs after `maxWaitMs`.
 */
type PageWindow = Pick<Window, "setTimeout" | "clearTimeout"> & {
  MutationObserver: typeof MutationObserver;
  document: { documentElement: HTMLElement };
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
};

const IDLE_WAIT_MS = 2000;

export function afterFirstScreen(win: PageWindow, task: () => void, maxWaitMs = 10_000): void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    observer.disconnect();
    win.clearTimeout(fallback);
    if (typeof win.requestIdleCallback === "function") win.requestIdleCallback(task, { timeout: IDLE_WAIT_MS });
    else win.setTimeout(task, 500);
  };
  const root = win.document.documentElement;
  const observer = new win.MutationObserver(() => {
    if (root.dataset.pageId !== undefined) run();
  });
  const fallback = win.setTimeout(run, maxWaitMs);
  if (root.dataset.pageId !== undefined) run();
  else observer.observe(root, { attributes: true, attributeFilter: ["data-page-id"] });
}
