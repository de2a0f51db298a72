/**
 * A capture page's part in the global record-timeout modal (spec §2): while the page's attempt
 * is stalled (the camera gave no picture within the wave timeout) the app's one modal shows
 * this page's texts; re-record (or ×) resets the attempt (camera, socket, room) to its start
 * button, quit hands the user back to the partner with the recording-abnormal code. The modal
 * closes when the stall is over or the page goes away.
 */
import { useEffect, useRef } from "react";
import { quitWithStatusCode } from "../../quitWithStatusCode";
import { useLaunch, useRecordTimeout, useRuntime } from "../../FlowProvider";
import type { TextsOf } from "../../FlowProvider";
import { useFinisher } from "../../useFinisher";
import { preloadRecordTimeoutModal } from "../../RecordTimeoutHost";

/** The launch's high_light, split on "|" into the segments the modal highlights. */
function highlightSegments(highLight: string | undefined): string[] {
  return (highLight ?? "").split("|").filter((segment) => segment.trim() !== "");
}

export function useCaptureTimeout({ stalled, onReset, texts }: { stalled: boolean; onReset(): void; texts: TextsOf<"recordTimeout"> }): void {
  const rt = useRuntime();
  const launch = useLaunch();
  const finisher = useFinisher();
  const modal = useRecordTimeout();
  // The latest handlers, so a re-render of the page does not close and reopen the modal.
  const latest = useRef({ onReset, finisher });
  latest.current = { onReset, finisher };
  const t = texts.recordTimeout;

  // The modal's view arrives while the page is shown, long before a camera can stall.
  useEffect(() => preloadRecordTimeoutModal(), []);

  useEffect(() => {
    if (!stalled) return;
    // Quit returns the code of the "exception" status: its catalogue is fetched when the modal
    // shows, so the quit button does not wait for it (a failure is reported on quit).
    void rt.loadErrorCatalogue().catch(() => undefined);
    const reset = () => latest.current.onReset();
    return modal.open({
      title: t.title,
      text: t.text,
      leftText: t.left,
      rightText: t.right,
      closable: true,
      closeLabel: t.close,
      highlights: highlightSegments(launch.high_light),
      onLeft: () => void quitWithStatusCode(rt, latest.current.finisher, "exception", t.quitFailed),
      onRight: reset,
      onClose: reset,
    });
  }, [stalled, rt, modal, t, launch.high_light]);
}
