/**
 * The React side of the runtime: one provider, and hooks that throw outside it (so a screen
 * rendered without the flow fails loudly in tests instead of reading undefined).
 */
import { createContext, useContext, useState, type ReactNode } from "react";
import type { LaunchParams } from "../../schemas/launch";
import type { FlowRuntime } from "../runtime/runtime";
import { withQuery } from "../runtime/hashLocation";
import type { ToastOptions } from "../runtime/toastController";
import { createRecordTimeoutController, type RecordTimeoutController } from "../runtime/recordTimeoutController";

const RuntimeContext = createContext<FlowRuntime | null>(null);
const RecordTimeoutContext = createContext<RecordTimeoutController | null>(null);

export function FlowProvider({ runtime, children }: { runtime: FlowRuntime; children: ReactNode }) {
  // One record-timeout modal for the whole app (spec §2: global), shown by RecordTimeoutHost.
  const [recordTimeout] = useState(createRecordTimeoutController);
  return (
    <RuntimeContext.Provider value={runtime}>
      <RecordTimeoutContext.Provider value={recordTimeout}>{children}</RecordTimeoutContext.Provider>
    </RuntimeContext.Provider>
  );
}

/** The page's flow runtime. */
export function useRuntime(): FlowRuntime {
  const rt = useContext(RuntimeContext);
  if (!rt) throw new Error("useRuntime() must be used inside <FlowProvider>");
  return rt;
}

/** The app's one record-timeout modal (spec §2), which capture pages open when their camera stalls. */
export function useRecordTimeout(): RecordTimeoutController {
  const controller = useContext(RecordTimeoutContext);
  if (!controller) throw new Error("useRecordTimeout() must be used inside <FlowProvider>");
  return controller;
}

export type { Texts, TextsOf } from "./texts";

export function useLaunch(): LaunchParams {
  return useRuntime().launch;
}

/** Show a toast (spec §2: a new toast cancels a pending hide). */
export function useToast(): (options: ToastOptions) => void {
  const rt = useRuntime();
  return (options) => rt.toast.show(options);
}

/** Navigate inside the flow; the guard runs on the new target. */
export function useFlowNavigate(): (path: string, query?: Record<string, string>, opts?: { replace?: boolean }) => void {
  const rt = useRuntime();
  return (path, query = {}, opts = {}) => rt.location.navigate(withQuery(path, query), opts);
}
