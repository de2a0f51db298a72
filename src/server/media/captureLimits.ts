/**
 * Which limits of flows/capture.json apply to one recording. Shared by the verifier and by
 * whatever hands limits to the client (the order config), so both judge by the same numbers.
 */
import type { CaptureFile, DurationRange } from "../../../schemas/capture";

type LiveType = "1" | "2" | "3";
export type Platform = "ios" | "android" | "other";

/** KB in the spec's size limits (see schemas/capture.ts). */
const BYTES_PER_KB = 1024;

export interface RecordingKind {
  liveType: LiveType;
  will: boolean;
  /** Requested action codes (action mode). */
  actions: readonly string[];
}

/**
 * Duration window for a recording (spec §5): will mode uses the will window whatever the
 * live type (the consent is spoken on top of it); action mode allows the longer maximum when
 * more than one action is asked; silent mode has none (null) unless capture.json sets one.
 */
export function durationRangeFor(limits: Pick<CaptureFile, "durationMs">, kind: RecordingKind): DurationRange | null {
  const d = limits.durationMs;
  if (kind.will) return d.will;
  switch (kind.liveType) {
    case "1":
      return d.number;
    case "2":
      return { min: d.action.min, max: kind.actions.length > 1 ? d.action.maxMultipleActions : d.action.max };
    case "3":
      return d.silent;
  }
}

/** Accepted upload size in bytes for a platform: its minimum up to the "zip size". */
export function sizeRangeFor(limits: Pick<CaptureFile, "sizeKB">, platform: Platform): { min: number; max: number } {
  return { min: limits.sizeKB.min[platform] * BYTES_PER_KB, max: limits.sizeKB.zip * BYTES_PER_KB };
}
