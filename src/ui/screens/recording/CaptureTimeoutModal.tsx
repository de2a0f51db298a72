/**
 * The record-timeout modal (spec §2) of every capture page: the camera gave no picture within
 * the wave timeout. Re-record resets the attempt (camera, socket, room) to its start button;
 * quit hands the user back to the partner with the recording-abnormal code.
 */
import { RecordTimeoutModal } from "../../components/RecordTimeoutModal";
import { ERROR_CATALOGUE } from "../../errorCatalogue";
import { useLaunch } from "../../FlowProvider";
import type { TextsOf } from "../../FlowProvider";
import { useFinisher } from "../../useFinisher";

const TIMEOUT_QUIT_CODE = ERROR_CATALOGUE.statuses.exception.code;

/** The launch's high_light, split on "|" into the segments the modal highlights. */
function highlightSegments(highLight: string | undefined): string[] {
  return (highLight ?? "").split("|").filter((segment) => segment.trim() !== "");
}

export function CaptureTimeoutModal({ show, onReset, texts }: { show: boolean; onReset(): void; texts: TextsOf<"recordTimeout"> }) {
  const launch = useLaunch();
  const finisher = useFinisher();
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
      onLeft={() => void finisher.quit(TIMEOUT_QUIT_CODE)}
      onRight={onReset}
      onClose={onReset}
    />
  );
}
