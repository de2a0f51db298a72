/**
 * Who holds what on one capture page, beside the state the page shows (attemptState.ts):
 * whether the page is shown, the one handler that holds the camera (or the file chooser, the
 * socket, the room), the handler code loaded for the page's kind, when its preview was shown,
 * and the abort of the page's waits (the polling for a verdict and its timers stop when the
 * page goes). A handler's events and outcome count only while it is the one and the page is
 * shown; whatever takes it away disposes it, so the camera is released exactly once.
 */
import type { CaptureDeps, CaptureEvent, CaptureHandler, CaptureHandlerFactory, CaptureOutcome, CaptureRequest } from "../../capture/contract";

/** Where the running handler's events and outcome go. */
export interface HandlerListener {
  event(handler: CaptureHandler, event: CaptureEvent): void;
  /** Its outcome: it has been disposed and no longer holds the camera. */
  outcome(handler: CaptureHandler, outcome: CaptureOutcome): void;
  /** What a start that rejected counts as. */
  crash: CaptureOutcome;
}

export interface AttemptSession {
  /** The page is shown; results arriving while it is not change nothing and lead nowhere. */
  readonly live: boolean;
  /** This showing's signal, aborted when the page goes; undefined before the first. */
  readonly signal: AbortSignal | undefined;
  /** The handler code of the kind the page records with; null until loaded. */
  factory: CaptureHandlerFactory<CaptureDeps> | null;
  /** A handler holds the camera (or the chooser) now. */
  readonly busy: boolean;
  /** When the running handler's preview was shown, on the clock: the camera-ready time's start. */
  previewAt: number;
  /** The page is shown (again): the previous showing's waits stop. */
  open(): void;
  /** True the first time only: a page prepares once, also under StrictMode's second mount (each digits call opens a new attempt). */
  firstPrepare(): boolean;
  /** Starts `handler` on `request` as the one handler. */
  run(handler: CaptureHandler, request: CaptureRequest, to: HandlerListener): void;
  /** Ends the running handler's recording (held back to the earliest allowed moment by the handler). */
  stop(): void;
  /** The running handler lets go: disposed, no longer the one. */
  release(): void;
  /** The page went away: its waits stop and its handler lets go. */
  close(): void;
}

export function createAttemptSession(): AttemptSession {
  let live = false;
  let prepared = false;
  let life: AbortController | null = null;
  let handler: CaptureHandler | null = null;
  const release = () => {
    // No longer the one before it is disposed: nothing it reports while letting go counts.
    const held = handler;
    handler = null;
    held?.dispose();
  };
  return {
    get live() {
      return live;
    },
    get signal() {
      return life?.signal;
    },
    get busy() {
      return handler !== null;
    },
    factory: null,
    previewAt: 0,
    open() {
      life?.abort();
      life = new AbortController();
      live = true;
    },
    firstPrepare() {
      if (prepared) return false;
      prepared = true;
      return true;
    },
    run(created, request, to) {
      handler = created;
      const owns = () => handler === created && live;
      const settle = (outcome: CaptureOutcome) => {
        if (!owns()) return;
        release();
        to.outcome(created, outcome);
      };
      created.start(request, (event) => void (owns() && to.event(created, event))).then(settle, () => settle(to.crash));
    },
    stop: () => handler?.stop(),
    release,
    close() {
      live = false;
      life?.abort();
      release();
    },
  };
}
