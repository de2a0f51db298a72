/**
 * The attempt machine as a page sees it (attemptMachine.ts makes it): a store of the
 * attempt's state, and the commands the page gives it — its arrival and departure, the user's
 * taps, and the camera's stall. docs/architecture.md lists them; a new one is added here first.
 */
import type { AttemptStore } from "./attemptState";
import type { LightChoice } from "./lightRoute";

export interface AttemptMachine extends Pick<AttemptStore, "getState" | "subscribe"> {
  /** The page is shown (again): resume a stored pending attempt, else prepare (once per machine). */
  arrive(): void;
  /** The user's tap: starts the handler synchronously (the file input's chooser needs the tap). */
  start(): void;
  /** Switches between the front and the back camera; only before the start, and only where the page allows it (canSwitchCamera). */
  switchCamera(): void;
  /** Light modes: the notice's choice, the light or (a user who must not see it) the alternative route. */
  chooseLight(choice: LightChoice): void;
  /** Ends the recording (held back to the earliest allowed moment by the handler). */
  stop(): void;
  /** Releases the camera and goes back to the start (the record-timeout modal's re-record, the action-failure view's retry). */
  reset(): void;
  /** Sends the kept recording again after an upload that got no answer. */
  resend(): void;
  /** Gives up a kept recording: the upload-failure screen. */
  giveUp(): void;
  /** The camera gave no picture in time (the preview's wait). */
  stalled(): void;
  /** The page went away: releases the handler (camera, socket, room) and stops waiting; arrive() may follow (StrictMode). */
  dispose(): void;
}
