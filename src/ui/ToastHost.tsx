/** Renders the runtime's one toast, re-rendering when its controller changes it. */
import { useSyncExternalStore } from "react";
import { Toast } from "./components/Toast";
import { useRuntime } from "./FlowProvider";

export function ToastHost() {
  const rt = useRuntime();
  const state = useSyncExternalStore(rt.toastChanges.subscribe, () => rt.toast.state());
  return <Toast {...state} />;
}
