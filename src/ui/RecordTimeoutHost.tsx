/**
 * The one record-timeout modal of the app (spec §2: global), mounted once in the root wrapper
 * beside the toast. What it shows, and what its buttons do, is set by the capture page whose
 * camera stalled, through the controller of src/runtime/recordTimeoutController.ts. The modal
 * is imported statically, unlike the toast: it opens on a stalled camera, often on a bad
 * network, when a chunk that fails to arrive would leave the user on a dead page.
 */
import { useSyncExternalStore } from "react";
import { RecordTimeoutModal } from "./components/RecordTimeoutModal";
import { useRecordTimeout } from "./FlowProvider";

export function RecordTimeoutHost() {
  const controller = useRecordTimeout();
  const content = useSyncExternalStore(controller.subscribe, controller.state);
  return (
    <div className="ff-record-timeout" data-open={content ? "true" : "false"}>
      {content && <RecordTimeoutModal show {...content} />}
    </div>
  );
}
