/**
 * The one record-timeout modal of the app (spec §2: global), mounted once in the root wrapper
 * beside the toast. What it shows, and what its buttons do, is set by the capture page whose
 * camera stalled, through the controller of src/runtime/recordTimeoutController.ts.
 *
 * Its view loads on demand, not with the first screen: every capture page asks for it when it
 * mounts (preloadRecordTimeoutModal, from useCaptureTimeout), long before a camera can have
 * stalled, so it is in memory by the time it opens even when the network has gone bad since.
 * A view that still could not arrive shows nothing rather than taking the page down: the
 * capture page's own hint still says the camera gave no picture.
 */
import { Component, lazy, Suspense, useSyncExternalStore, type ReactNode } from "react";
import { useRecordTimeout } from "./FlowProvider";

const loadModal = () => import("./components/RecordTimeoutModal").then((m) => ({ default: m.RecordTimeoutModal }));
let loading: ReturnType<typeof loadModal> | null = null;
const loadOnce = () => (loading ??= loadModal().catch((error: unknown) => {
  loading = null; // a later preload tries again
  throw error;
}));
const RecordTimeoutModal = lazy(loadOnce);

/** Starts loading the modal's view (a capture page calls it as it mounts). */
export function preloadRecordTimeoutModal(): void {
  void loadOnce().catch(() => undefined);
}

/** A view that failed to load renders nothing here instead of reaching the app's load-failed page. */
class NothingOnError extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }
  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}

export function RecordTimeoutHost() {
  const controller = useRecordTimeout();
  // No modal on a page the service rendered (src/ssr): the same state on both sides.
  const content = useSyncExternalStore(controller.subscribe, controller.state, controller.state);
  return (
    <div className="ff-record-timeout" data-open={content ? "true" : "false"}>
      {content && (
        <NothingOnError>
          <Suspense fallback={null}>
            <RecordTimeoutModal show {...content} />
          </Suspense>
        </NothingOnError>
      )}
    </div>
  );
}
