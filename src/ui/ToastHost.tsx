/**
 * Renders the runtime's one toast, re-rendering when its controller changes it. The toast
 * component (with its icons) loads with the first toast, not with the first screen.
 *
 * Screen readers hear notices and successes through a polite region that is in the page from
 * the start (a status region added together with its text is not announced by every screen
 * reader, VoiceOver on iOS among them); an error toast is an alert, which is announced as it
 * appears. The toast never takes focus.
 */
import { lazy, Suspense, useSyncExternalStore } from "react";
import { useRuntime } from "./FlowProvider";

const Toast = lazy(() => import("./components/Toast").then((m) => ({ default: m.Toast })));

export function ToastHost() {
  const rt = useRuntime();
  const read = () => rt.toast.state();
  // The service renders the first page with the same (empty) toast state (src/ssr).
  const state = useSyncExternalStore(rt.toastChanges.subscribe, read, read);
  const said = state.visible ? state.msg : "";
  return (
    <>
      {/* app.css's .ff-toast-region (a11y.css's .ff-sr-only, which is not on the first screen): a class, not a style attribute, which the CSP's style hashes would refuse in a page the service renders. */}
      <p className="ff-toast-region" role="status" aria-live="polite" aria-atomic="true" data-channel="toast">
        {state.type === "error" ? "" : said}
      </p>
      {(state.visible || state.msg !== "") && (
        <Suspense fallback={null}>
          <Toast {...state} live={state.type === "error"} />
        </Suspense>
      )}
    </>
  );
}
