/**
 * Renders the runtime's one toast, re-rendering when its controller changes it. The toast
 * component (with its icons) loads with the first toast, not with the first screen.
 */
import { lazy, Suspense, useSyncExternalStore } from "react";
import { useRuntime } from "./FlowProvider";

const Toast = lazy(() => import("./components/Toast").then((m) => ({ default: m.Toast })));

export function ToastHost() {
  const rt = useRuntime();
  const state = useSyncExternalStore(rt.toastChanges.subscribe, () => rt.toast.state());
  if (!state.visible && state.msg === "") return null;
  return (
    <Suspense fallback={null}>
      <Toast {...state} />
    </Suspense>
  );
}
