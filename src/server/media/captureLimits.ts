/**
 * Which limits of flows/capture.json apply to one recording. Shared by the verifier and by
 * whatever hands limits to the client (the order config), so both judge by the same numbers.
 */
import type { CaptureFile, DurationRange } from "../../../schemas/capture";
import { durationWindow } from "../../domain/validateRecording";
import type { LiveMode } from "../../domain/modes";

type LiveType = "1" | "2" | "3";
export type Platform = "ios" | "android" | "other";

/** KB in the spec's size limits (see schemas/capture.ts). */
const BYTES_PER_KB = 1024;

export interface RecordingKind {
  liveType: LiveType;
  will: boolean;
  /** Requested action codes (action mode). */
  actions: readonly string[];
  /** The attempt shows the light challenge (action mode's window is longer then). */
  light: boolean;
}

const LIVE_MODES = { "1": "number", "2": "action", "3": "silent" } as const satisfies Record<LiveType, LiveMode>;

/**
 * Duration window for a recording (spec §5 and capture.json's `ours`): the page's own rule
 * (durationWindow), so the browser and the service cannot drift apart; silent mode without a
 * window is null here (only a positive duration is checked).
 */
export function durationRangeFor(limits: Pick<CaptureFile, "durationMs">, kind: RecordingKind): DurationRange | null {
  if (!kind.will && kind.liveType === "3" && limits.durationMs.ours.silent === null) return null;
  return durationWindow(limits, LIVE_MODES[kind.liveType], kind.will, kind.actions, kind.light);
}

/** Accepted upload size in bytes for a platform: its minimum up to the "zip size". */
export function sizeRangeFor(limits: Pick<CaptureFile, "sizeKB">, platform: Platform): { min: number; max: number } {
  return { min: limits.sizeKB.min[platform] * BYTES_PER_KB, max: limits.sizeKB.zip * BYTES_PER_KB };
}
