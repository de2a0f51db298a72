/**
 * What differs between the two page families an attempt runs on, chosen once when the machine
 * is made (attemptMachine.ts) instead of asked at every turn: the recording pages'
 * (recordingPolicy.ts) and a real-time page's (realtimePolicy.ts). The core does the same
 * thing on every page and asks its policy only here: how the page gets ready, where a failed
 * handler leads, what a crash counts as, where the light's alternative records, and what the
 * page adds around its handler.
 */
import type { CaptureDeps, CaptureHandlerFactory, CaptureKind } from "../../capture/contract";
import type { SwitchReason } from "./attemptState";
import type { Failed } from "./cameraFailure";
import type { LightPlan } from "./lightRoute";
import type { AttemptDeps, AttemptExit, AttemptOptions } from "./ports";

/** The page is ready for the user's tap, or leaves before it (another kind's page, an error screen). */
export type PolicyPrepared =
  | {
      ok: true;
      kind: CaptureKind;
      /** The handler's code, when the page loads it before the tap; null: the tap loads it (real-time video's SDK is large). */
      factory: CaptureHandlerFactory<CaptureDeps> | null;
      digits: string | null;
      question: string | null;
      /** The order wants on-device face guidance. */
      guidance: boolean;
      light: LightPlan | null;
    }
  | { ok: false; exit: AttemptExit };

/** After a failed handler: record with another kind on this page, or leave. */
export type AfterFailure =
  | { to: "switch"; kind: CaptureKind; factory: CaptureHandlerFactory<CaptureDeps>; reason: SwitchReason }
  | { to: "leave"; exit: AttemptExit };

export interface AttemptPolicy {
  /** Everything the page needs before the user may start (it may throw: the core shows the exception screen). */
  prepare(deps: AttemptDeps, options: AttemptOptions): Promise<PolicyPrepared>;
  /** The page says it is leaving as soon as its handler failed, while the failure is recorded. */
  readonly leavesAtFailure: boolean;
  /** Records the failure of the handler of `kind` and says where it leads; never rejects. */
  afterFailure(deps: AttemptDeps, kind: CaptureKind, failure: Failed): Promise<AfterFailure>;
  /** What a crashed handler, a handler whose code did not load, or a broken upload counts as. */
  readonly crash: Failed;
  /** Light modes: the page the alternative (digits read aloud) records on when this one cannot; null: here. */
  readonly alternativeElsewhere: CaptureKind | null;
  /** What the handler waits for before its countdown (face guidance running); null: nothing. */
  readonly beforeCountdown: ((deps: AttemptDeps) => Promise<void>) | null;
  /** The handler of `kind` was made and is about to start: what the page records of it. */
  started(deps: AttemptDeps, kind: CaptureKind): void;
  /** The camera's first picture came `ms` after the preview was shown. */
  cameraReady(deps: AttemptDeps, kind: CaptureKind, ms: number): void;
}
