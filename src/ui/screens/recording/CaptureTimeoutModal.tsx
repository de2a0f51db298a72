/**
 * The record-timeout modal (spec §2) of every capture page: the camera gave no picture within
 * the wave timeout. Re-record resets the attempt (camera, socket, room) to its start button;
 * quit hands the user back to the partner with the recording-abnormal code.
 */
import { RecordTimeoutModal } from "../../components/RecordTimeoutModal";
import { useEffect } from "react";
import { quitWithStatusCode } from "../../quitWithStatusCode";
import { useLaunch, useRuntime } from "../../FlowProvider";
import type { TextsOf } from "../../FlowProvider";
import { useFinisher } from "../../useFinisher";

/** The launch's high_light, split on "|" into the segments the modal highlights. */
function highlightSegments(highLight: string | undefined): string[] {
  return (highLight ?? "").split("|").filter((segment) => segment.trim() !== "");
}

export function CaptureTimeoutModal({ show, onReset, texts }: { show: boolean; onReset(): void; texts: TextsOf<"recordTimeout"> }) {
  const rt = useRuntime();
  const launch = useLaunch();
  const finisher = useFinisher();
  // Quit returns the code of the "exception" status: its catalogue is fetched when the modal
  // shows, so the quit button does not wait for it (a failure is reported on quit).
  useEffect(() => {
    if (show) void rt.loadErrorCatalogue().catch(() => undefined);
  }, [rt, show]);
  const t = texts.recordTimeout;
  return (
    <RecordTimeoutModal
      show={show}
      title={t.title}
      text={t.text}
      leftText={t.left}
      rightText={t.right}
      closable
      closeLabel={t.close}
      highlights={highlightSegments(launch.high_light)}
      onLeft={() => void quitWithStatusCode(rt, finisher, "exception", t.quitFailed)}
      onRight={onReset}
      onClose={onReset}
    />
  );
}
