/**
 * The capture-handler contract (DESIGN.md "src/capture/"): every way of getting the user's
 * check to the service — recording in the page, the file picker, the messaging app's own
 * camera, streaming frames, real-time video — is one handler with this shape, loaded by its
 * kind's descriptor (src/capture/kinds/), registered at the composition root and looked up
 * by name (an unknown kind throws).
 *
 * A handler instance holds the state of one attempt; `start` resolves with the outcome,
 * `stop` ends a recording early (the user pressed stop), `dispose` releases the camera and
 * every timer, and may be called at any time, also twice.
 */
import type { AcceptedAttempt } from "./awaitVerdict";
import type { ErrorStatus } from "../../schemas/errors";
import type { DowngradeReason } from "../../schemas/session";
import type { LiveMode } from "../domain/modes";

/** The kinds the pages know; each has its descriptor in src/capture/kinds/ (shipped.ts). */
export const CAPTURE_KINDS = ["recorder", "fileInput", "wxVideo", "websocket", "trtc"] as const;
export type CaptureKind = (typeof CAPTURE_KINDS)[number];

/**
 * Which camera records, in the words of getUserMedia's facingMode and the file input's
 * `capture` attribute: the front camera ("user") unless the user switched (spec §5; apps on
 * flows/apps.json `unchangeableCameraAppIds` never can).
 */
export type CameraFacing = "user" | "environment";

/** What the user is asked to do in this attempt. */
export interface CaptureRequest {
  liveMode: LiveMode;
  will: boolean;
  /** Number mode: the digits the service issued for this attempt. */
  digits: string | null;
  /** Action mode: action codes "1".."4" in order. */
  actions: string[];
  /** Will mode: the consent question read to the user. */
  question: string | null;
  /** Recording window for this mode (spec §5), from the order config. */
  durationMs: { min: number; max: number };
  /** Ask for the microphone as well (number and will mode). */
  audio: boolean;
  /** The camera the in-page recorder and the file input record with; the other kinds record with the front one. */
  facing: CameraFacing;
  /** Light modes: the colour sequence the service drew for this attempt, shown around the face while recording; absent or null: none. */
  light?: import("../../schemas/lightChallenge").LightChallenge | null;
  /** Action mode showing the light: the first action is prompted this long after recording starts (capture.json `ours.actionLightLeadMs`); 0 otherwise. */
  promptLeadMs: number;
}

export type CaptureEvent =
  /** The live camera stream, for the preview element. */
  | { type: "preview"; stream: MediaStream }
  /** getUserMedia resolved and the first frame is on screen; atMs on the handler's clock. */
  | { type: "cameraReady"; atMs: number }
  | { type: "countdown"; secondsLeft: number }
  | { type: "recording"; elapsedMs: number }
  /** Action mode: the action now prompted (index into request.actions). */
  | { type: "prompt"; actionIndex: number }
  /** Upload or stream progress, 0..1. */
  | { type: "progress"; fraction: number }
  /**
   * The recording or the stream ended, and the camera is still on: the picture the preview
   * shows now is the last one captured, which the page keeps (dimmed) while it waits for the verdict.
   */
  | { type: "captured" };

export type CaptureOutcome =
  /** A recording to validate and upload (recorder, file input). */
  | { kind: "recording"; blob: Blob; mimeType: string; durationMs: number }
  /**
   * The service took the attempt on and verifies it (the frame stream ended): the page
   * follows it to the verdict (followAttempt), as after an upload.
   */
  | { kind: "accepted"; accepted: AcceptedAttempt }
  /**
   * The attempt cannot go on: the catalogue status to show, and a downgrade if one applies.
   * `unusable`: the kind itself cannot run in this session (the messaging app refused its
   * JS config, spec §8): the page records it as a statistic and records with the next kind
   * instead of showing `status`. Its value says what failed, for the statistic.
   */
  | { kind: "failed"; status: ErrorStatus; downgrade?: DowngradeReason; frontError?: boolean; unusable?: string }
  | { kind: "cancelled" };

export interface CaptureHandler {
  readonly kind: CaptureKind;
  start(request: CaptureRequest, onEvent: (event: CaptureEvent) => void): Promise<CaptureOutcome>;
  stop(): void;
  dispose(): void;
}

/** Makes a fresh handler (one per attempt) from the page's dependencies. */
export type CaptureHandlerFactory<Deps> = (deps: Deps) => CaptureHandler;

/** What every handler may use; made once per page by the UI adapter. */
export interface CaptureDeps {
  win: Window;
  /** Milliseconds on a monotonic clock (performance.now in the browser). */
  now(): number;
  api: import("../api/client").ApiClient;
  launch: import("../../schemas/launch").LaunchParams;
  /** flows/capture.json, validated (the runtime's): the limits the handler applies. */
  capture: import("../../schemas/capture").CaptureFile;
  /** flows/apps.json, validated (the runtime's): the messaging-app settings. */
  apps: import("../../schemas/apps").AppsFile;
  /** The page's statistics (a refusal code with no screen is counted: screenForApiError). */
  stats: Pick<import("../analytics/statsRecorder").StatsRecorder, "record">;
  /**
   * Resolves when the page is ready for the countdown (on-device face guidance running or
   * given up); a handler with a countdown waits for it once the camera shows a picture.
   */
  beforeCountdown?(): Promise<void>;
  /**
   * The page's device-info string of spec §3 (src/flow/deviceInfo.ts), for the kinds whose
   * media reaches the service without the page's upload: the messaging app's server id and the
   * frame stream send it themselves. Absent in tests that do not care.
   */
  describeDevice?(): Promise<string>;
  /** The voice language of spoken prompts (will mode's question), the page's language's; absent: zh-CN. */
  speechLanguage?: string;
  /**
   * Light modes: when each colour went up, relative to `startMs` on `now()`'s clock (the frame
   * stream's first frame sent), for the stream's `end`. Absent: the page showed no light.
   */
  lightShown?(startMs: number): import("../../schemas/lightChallenge").LightShown;
}
