/**
 * The React side of the runtime: one provider, and hooks that throw outside it (so a screen
 * rendered without the flow fails loudly in tests instead of reading undefined).
 */
import { createContext, useContext, type ReactNode } from "react";
import type { LaunchParams } from "../../schemas/launch";
import type { FlowRuntime } from "../runtime/runtime";
import { withQuery } from "../runtime/hashLocation";
import type { ToastOptions } from "../runtime/toastController";

const RuntimeContext = createContext<FlowRuntime | null>(null);

export function FlowProvider({ runtime, children }: { runtime: FlowRuntime; children: ReactNode }) {
  return <RuntimeContext.Provider value={runtime}>{children}</RuntimeContext.Provider>;
}

/** The page's flow runtime. */
export function useRuntime(): FlowRuntime {
  const rt = useContext(RuntimeContext);
  if (!rt) throw new Error("useRuntime() must be used inside <FlowProvider>");
  return rt;
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
