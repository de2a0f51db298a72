/**
 * Frame streaming over the WebSocket (spec §4 mode "ws"): JPEG frames of the page's camera
 * sent as they are taken, on its own page. Runs while the launch enables it (ws_mode_switch)
 * and the session has not given it up. Will mode asks for a spoken consent, which the frame
 * stream does not carry: there it goes to the will-downgrade pages.
 */
import { DEVICE_MODES } from "../../../schemas/session";
import { isWsEnabled } from "../../domain/modes";
import type { CaptureKindDescriptor } from "./descriptor";

export const websocketKind: CaptureKindDescriptor<"websocket"> = {
  kind: "websocket",
  load: () => import("../websocketHandler").then((m) => m.createWebsocketHandler),
  isAvailable: ({ launch, state, pageCamera }) => pageCamera && isWsEnabled(launch) && state.supportWs,
  traits: { recordsVideo: false, usesPageCamera: true, choosesFacing: false, deviceMode: DEVICE_MODES.websocket, page: "realtime" },
  routes: { plain: "/action/ws/record", action: "/action/ws/record", will: "/willDegrade/transition" },
};
