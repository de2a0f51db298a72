/**
 * Real-time video (spec §4 mode "trtc"): the page's camera streamed to the service over the
 * real-time video SDK, on its own page. Runs while the launch enables it (rtc_mode_switch)
 * and the session has not given it up (front errors, an SDK check that says "not here").
 */
import { DEVICE_MODES } from "../../../schemas/session";
import { isRtcEnabled } from "../../domain/modes";
import type { CaptureKindDescriptor } from "./descriptor";

export const trtcKind: CaptureKindDescriptor<"trtc"> = {
  kind: "trtc",
  load: () => import("../trtc/trtcHandler").then((m) => m.createTrtcHandler),
  isAvailable: ({ launch, state, pageCamera }) => pageCamera && isRtcEnabled(launch) && state.supportTrtc,
  traits: { recordsVideo: false, usesPageCamera: true, choosesFacing: false, deviceMode: DEVICE_MODES.trtc, page: "realtime" },
  routes: { plain: "/action/trtc/record", action: "/action/trtc/record", will: "/action/trtc/willRecord" },
};
