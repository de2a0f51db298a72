/**
 * The record-timeout modal (spec §2) on the real-time pages: the camera gave no picture
 * within the wave timeout. Re-record disposes the attempt (camera, socket, room) and goes
 * back to the start button; quit hands the user back to the partner with the
 * recording-abnormal code, as on the plain recording pages.
 */
import { RecordTimeoutModal } from "../../components/RecordTimeoutModal";
import { ERROR_CATALOGUE } from "../../errorCatalogue";
import { useLaunch } from "../../FlowProvider";
import { useFinisher } from "../../useFinisher";
import type { Texts } from "../../FlowProvider";
import { highlightSegments } from "../RecorderStart";

const TIMEOUT_QUIT_CODE = ERROR_CATALOGUE.statuses.exception.code;

export function RealtimeTimeoutModal({ show, onReset, texts }: { show: boolean; onReset(): void; texts: Texts }) {
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
