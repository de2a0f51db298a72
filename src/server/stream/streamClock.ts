/**
 * Time for the streaming socket: the current time (for frame rates and durations) and a
 * one-shot timer (for the idle timeout), injected so tests drive both by hand.
 */
import type { Clock } from "../runtime";

export interface ScheduledTimer {
  cancel(): void;
}

export interface StreamClock extends Clock {
  /** Run `callback` once after `ms` milliseconds unless cancelled first. */
  schedule(callback: () => void, ms: number): ScheduledTimer;
}
