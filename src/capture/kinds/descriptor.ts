/**
 * A capture kind described in one place: how its handler loads, when it can run here, what it
 * is (its traits) and which route records it. Mode choice (src/capture/modeChoice.ts) walks
 * the registered descriptors in the order of flows/capture.json (`modeOrder`, `modeKinds`)
 * and takes the first available one, so a new kind (a native-app bridge, say) is one file
 * like ./recorder.ts, one registration line in ./shipped.ts and its name in capture.json.
 */
import type { LaunchParams } from "../../../schemas/launch";
import type { DeviceMode, SessionState } from "../../../schemas/session";
import { isActionMode, isWillMode } from "../../domain/modes";
import type { Platform } from "../../domain/validateRecording";
import type { CaptureDeps, CaptureHandlerFactory } from "../contract";

// The capture facts' platform is the one recordings are sized for (capture.json `sizeKB.min`).
export type { Platform };

/** What an availability rule may look at: the launch, the session state and this browser. */
export interface CaptureFacts {
  launch: LaunchParams;
  state: SessionState;
  /** The page may open the camera itself (modeChoice.ts pageCameraUsable). */
  pageCamera: boolean;
  /** The messaging-app camera may be used here (src/device/messagingApp.ts, spec §4). */
  wxCameraUsable: boolean;
  platform: Platform;
}

/** Loads the kind's handler factory on demand (real-time video's SDK is large). */
export type CaptureHandlerLoader = () => Promise<CaptureHandlerFactory<CaptureDeps>>;

/** The page family a kind runs on: the plain recording pages, or a real-time page of its own. */
export type CapturePage = "recording" | "realtime";

interface CaptureKindTraits {
  /** The outcome is a video file to validate and upload (not a stream the service already has). */
  recordsVideo: boolean;
  /** Opens the camera with getUserMedia in the page (so it needs the page camera to be usable). */
  usesPageCamera: boolean;
  /**
   * The page chooses the camera it records with (getUserMedia's facingMode, the file input's
   * capture attribute), so it can offer the camera switch of spec §5. The messaging app's
   * camera has its own switch the page cannot reach; the real-time pages offer none.
   */
  choosesFacing: boolean;
  /** The device mode reported while it runs (spec §3: trtc 1, websocket 2, video 3). */
  deviceMode: DeviceMode;
  page: CapturePage;
}

/**
 * The route that records the kind, by what the launch asks: `plain` for reading digits,
 * `action` for action and silent liveness, `will` for will (consent) mode, which takes
 * precedence. Every path is cross-checked against flows/routes.json by `npm run validate`.
 */
export interface CaptureRoutes {
  plain: string;
  action: string;
  will: string;
}

export interface CaptureKindDescriptor<K extends string = string> {
  kind: K;
  load: CaptureHandlerLoader;
  /** The kind can record this attempt here (spec §4's switches, support flags and browser facts). */
  isAvailable(facts: CaptureFacts): boolean;
  traits: CaptureKindTraits;
  routes: CaptureRoutes;
}

/** The route that records a kind for this launch. */
export function routeOfKind(descriptor: Pick<CaptureKindDescriptor, "routes">, launch: LaunchParams): string {
  if (isWillMode(launch)) return descriptor.routes.will;
  return isActionMode(launch) ? descriptor.routes.action : descriptor.routes.plain;
}
