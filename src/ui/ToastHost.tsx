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

/** a11y.css's .ff-sr-only, inline: this region is on the first screen, where a stylesheet import would add a module to its bundle. */
const SCREEN_READER_ONLY = { position: "absolute", width: 1, height: 1, margin: -1, overflow: "hidden", clipPath: "inset(50%)", whiteSpace: "nowrap" } as const;

const Toast = lazy(() => import("./components/Toast").then((m) => ({ default: m.Toast })));

export function ToastHost() {
  const rt = useRuntime();
  const state = useSyncExternalStore(rt.toastChanges.subscribe, () => rt.toast.state());
  const said = state.visible ? state.msg : "";
  return (
    <>
      <p style={SCREEN_READER_ONLY} role="status" aria-live="polite" aria-atomic="true" data-channel="toast">
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
