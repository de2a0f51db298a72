/**
 * What the attempt machine (attemptMachine.ts) is given: the page family it runs, the clock
 * and services it uses, the ports onto what stays in the page (camera preview, on-device face
 * guidance, the prompts as shown) and where it hands over when it is done (`leave`). The
 * machine never names a route: it ends with an AttemptExit, which the UI maps to a path.
 */
import type { AppsFile } from "../../../schemas/apps";
import type { CapturePrompt } from "../../../schemas/api";
import type { LightShown } from "../../../schemas/lightChallenge";
import type { CaptureFile } from "../../../schemas/capture";
import type { ErrorStatus } from "../../../schemas/errors";
import type { LaunchParams } from "../../../schemas/launch";
import type { StatsRecorder } from "../../analytics/statsRecorder";
import type { ApiClient } from "../../api/client";
import type { CaptureKind, CaptureRequest } from "../../capture/contract";
import type { CapturePage } from "../../capture/kinds/descriptor";
import type { CaptureKindRegistry } from "../../capture/kinds/registry";
import type { Platform } from "../../capture/modeChoice";
import type { RecordingEvidence } from "../../capture/uploadRecording";
import type { LiveMode, RealtimeMode } from "../../domain/modes";
import type { SessionStateStore } from "../../session/sessionState";
import type { KycStorage } from "../../session/storage";

/** Where an attempt's page hands over: the result pages, an error screen, or the page of another capture kind. */
export type AttemptExit =
  | { to: "success" }
  | { to: "fail" }
  | { to: "error"; status: ErrorStatus }
  /** A real-time page forwarding to the page of the kind chosen instead (not enabled, given up, a downgrade). */
  | { to: "kind"; kind: CaptureKind };

/** Time as the machine sees it; tests pass a fake one. */
export interface AttemptClock {
  /** Milliseconds on a monotonic clock (performance.now in the browser). */
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
}

/** Why the page's own camera cannot be used, for the record of both real-time modes given up. */
export interface CameraFacts {
  cameraApi: boolean;
  cameraEligible: boolean;
  /** The page runs in a messaging-app browser (spec §3 reason 3 rather than 4); absent: it does not. */
  inMessagingApp?: boolean;
}

/** A capture kind chosen for a page family, with the camera facts the choice saw. */
export interface KindChoice {
  kind: CaptureKind;
  facts: CameraFacts;
}

/** Why on-device face guidance failed a recording (the action-failure view's copy). */
export type GuidanceFailure = "action" | "silent" | "face";

export type GuidanceSettlement = { kind: "upload"; evidence: RecordingEvidence | undefined } | { kind: "failed"; reason: GuidanceFailure };

/** The live camera picture in the page (the handler owns the camera; the page shows it). */
export interface PreviewPort {
  /** Shows a new camera stream (a picture held from an earlier capture goes). */
  show(stream: MediaStream): void;
  /** The first picture arrived: from when the stream was shown to now, on the clock. */
  ready(shownAtMs: number, readyAtMs: number): void;
  /** The capture ended (its `captured` event): keep the picture shown now, the last one recorded, in view while the page waits. */
  hold(): void;
  /** Detaches the stream; a held picture stays. */
  clear(): void;
  /** Lets a held picture go (the attempt starts over). */
  release(): void;
}

/** On-device face guidance, which watches the preview in the page. */
export interface GuidancePort {
  /** Resolves when guidance runs or gave up; the recorder's countdown waits for it. */
  ready(): Promise<void>;
  /** The recording is in hand: fail it on the device, or upload it with what guidance saw. */
  settle(): Promise<GuidanceSettlement>;
  detach(): void;
}

/** The prompts as the page showed them (capture/promptLog.ts), for the upload's meta.prompts. */
export interface PromptsPort {
  /** What the last in-page recording showed, on its clock. */
  recorded(): CapturePrompt[];
  /** What a recording made outside the page was shown: everything, before it began. */
  shownBefore(request: CaptureRequest): CapturePrompt[];
  /**
   * Light modes: when each colour went up during the last in-page recording, on its clock, or
   * relative to `startMs` (a frame stream's first frame sent); absent: the page shows no light.
   */
  light?(startMs?: number): LightShown;
}

/** The page family and what its route asks. */
export interface AttemptOptions {
  /** The plain recording pages, or a real-time page (realtimeMode says which). */
  page: CapturePage;
  liveMode: LiveMode;
  will: boolean;
  /** Ask for the microphone too. */
  audio: boolean;
  /** The asked-for action codes in order (action mode), as the page shows them. */
  actions: readonly string[];
  /** Which real-time page this is; required when page is "realtime". */
  realtimeMode?: RealtimeMode;
}

export interface AttemptDeps {
  clock: AttemptClock;
  api: ApiClient;
  stats: Pick<StatsRecorder, "record">;
  storage: KycStorage;
  sessionState(): Promise<SessionStateStore>;
  /** The registered capture kinds: handler loaders and descriptors. */
  captureHandlers: CaptureKindRegistry;
  /** flows/capture.json, validated. */
  limits: CaptureFile;
  launch: LaunchParams;
  apps: AppsFile;
  /** The window handed to capture handlers (they open the camera, sockets, file choosers); the machine itself never reads it. */
  win: Window;
  platform: Platform;
  random(): number;
  /** The capture kind for this page family now (mode choice over the session state and this browser). */
  chooseKind(page: CapturePage): Promise<KindChoice>;
  /** The device-info string of spec §3 as it stands now (src/flow/deviceInfo.ts): the codes change as modes downgrade. */
  /**
   * The page's language (src/runtime/language.ts): its tag asks the service for the partner's
   * texts (the will question) in it, its `speech` voices spoken prompts. Absent in tests: the
   * launch's `lang` (else the service's default) and a zh-CN voice.
   */
  language?: { tag: string; speech: string };
  describeDevice(): Promise<string>;
  preview: PreviewPort;
  guidance: GuidancePort;
  prompts: PromptsPort;
  /** The attempt is over on this page: go where `exit` leads. */
  leave(exit: AttemptExit): void;
}
