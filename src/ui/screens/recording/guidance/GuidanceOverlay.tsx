/**
 * What on-device face guidance shows on the recording page: an outline around the face it
 * sees (over the round preview, mirrored like it for the front camera) and one short hint below it — no face,
 * several faces, too far, too close, off centre, too dark, or that all is well. While a
 * guided recording waits for the steady face of silent mode it asks the user to hold still.
 * While guidance loads, the hint says how much of its files has arrived, then that it is starting.
 */
import type { CameraFacing } from "../../../../capture/contract";
import type { Texts } from "../../../FlowProvider";
import { HINT_POLICY, progressKey, type Announcement } from "../../../../flow/announcer";
import { LiveAnnouncement } from "../../../components/LiveAnnouncement";
import { mirrorsPreview } from "../../CameraFrame";
import { fillText } from "../../textTemplate";
import { boxInView } from "./faceBox";
import type { GuidanceView } from "./guidanceController";
import "../../recording.css";

interface GuidanceOverlayProps {
  view: GuidanceView;
  texts: Texts["guidance"];
  /** Silent mode: a good face is asked to hold still rather than told all is well. */
  silent: boolean;
}

function hintText({ view, texts, silent }: GuidanceOverlayProps): string | null {
  if (view.status === "loading") return view.progress === null ? texts.loading : fillText(texts.loadingFiles, { percent: String(view.progress) });
  // Face files that did not arrive in time are the network's doing, not the device's.
  if (view.status === "unavailable") return view.reason === "load" ? texts.unavailableLoad : texts.unavailable;
  if (view.status !== "active" || view.hint === null) return null;
  if (view.hint === "ok" && view.guided) return view.done ? texts.actionDone : silent ? texts.steadyHold : texts.ok;
  return texts[view.hint];
}

/** The face outline, laid over the camera viewport (inside the capture stage). */
export function GuidanceBox({ view, facing }: { view: GuidanceView; facing: CameraFacing }) {
  // The viewport is square (recorder.css), so the box maps onto a 1:1 view, flipped where the preview is.
  const box = view.status === "active" && view.face ? boxInView(view.face.box, view.face.frame, { width: 1, height: 1 }, mirrorsPreview(facing)) : null;
  if (view.status === "off") return null;
  return (
    <div className="ff-guidance-layer" aria-hidden="true">
      {box && (
        <span
          className={`ff-guidance-box${view.hint === "ok" ? " ff-guidance-box--ok" : ""}`}
          style={{ left: `${box.left}%`, top: `${box.top}%`, width: `${box.width}%`, height: `${box.height}%` }}
        />
      )}
    </div>
  );
}

/** What screen readers hear: the loading percent only as it passes a quarter, like other progress. */
function hintAnnouncement(view: GuidanceView, text: string | null): Announcement | null {
  if (text === null) return null;
  return view.status === "loading" && view.progress !== null ? { text, key: progressKey("guidanceFiles", view.progress / 100) } : { text };
}

/**
 * The hint line, right under the camera viewport. Screen readers hear a hint once it has held
 * for a second (HINT_POLICY), not each frame's: the line itself is not a live region.
 */
export function GuidanceHint(props: GuidanceOverlayProps) {
  const { view } = props;
  const text = view.status === "off" ? null : hintText(props);
  return (
    <>
      {text !== null && (
        <p
          className={`ff-guidance-hint ff-guidance-hint--${view.status}${view.hint === "ok" ? " ff-guidance-hint--ok" : ""}`}
          data-guidance-status={view.status}
          data-guidance-hint={view.hint ?? ""}
          data-guidance-progress={view.progress ?? undefined}
        >
          {text}
        </p>
      )}
      <LiveAnnouncement channel="hint" announcement={hintAnnouncement(view, text)} policy={HINT_POLICY} />
    </>
  );
}
