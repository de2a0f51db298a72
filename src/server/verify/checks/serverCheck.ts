/**
 * The contract of one server check, as registered in registry.ts and named by
 * flows/checks.json: the code group it counts for, the checks whose results it reads, and a
 * run over what the service analysed. A run either judges (an outcome, listed in the verdict)
 * or says why it has nothing to judge on this attempt (left out of the list); a check that
 * should judge but cannot must fail, never pass.
 */
import type { VerifyAsk } from "../../../../schemas/verifyJob";
import type { Platform, ServerLimits } from "../../limits";
import type { Outcome } from "../../media/checkOutcome";
import type { VoiceSegment } from "../mediaTypes";
import type { MediaAnalysis } from "./analysis";
import type { LivenessScores } from "./faceChecks";

/** Which of the verdict's codes a failure also sets: faceCode, willCode (will mode), or neither. */
export type CheckGroup = "face" | "will" | "none";

/** A check that judged: its outcome, and figures a later check or the verdict reads. */
export interface CheckJudged {
  outcome: Outcome;
  /** voice: the voice heard in the answer window (faceWhileSpeaking looks at those frames). */
  heard?: readonly VoiceSegment[];
  /** reference: 0-100 against the partner's photo, the verdict's similarity; null when it could not be measured. */
  similarity?: number | null;
}

/** A check with nothing to judge on this attempt, and why (e.g. no reference photo was sent). */
interface CheckOmitted {
  omitted: string;
}

export type CheckRun = CheckJudged | CheckOmitted;

export interface CheckContext {
  analysis: MediaAnalysis;
  ask: VerifyAsk;
  platform: Platform;
  limits: ServerLimits;
  /** Mean anti-spoofing and liveness scores over the single-face frames: the liveness check's figures and the verdict's liveRate. */
  scores: LivenessScores & { frames: number };
  /** The result of a check this one `needs` (it ran earlier and judged; the runner guarantees it). */
  needed(name: string): CheckJudged;
}

export interface ServerCheck {
  group: CheckGroup;
  /**
   * Checks that must judge earlier in the same list (validation refuses a list where they do
   * not come first). When one of them failed this check is left out: the attempt has already
   * failed, and this one cannot be judged without it.
   */
  needs: readonly string[];
  run(ctx: CheckContext): CheckRun;
}

export const judged = (outcome: Outcome, figures: Omit<CheckJudged, "outcome"> = {}): CheckJudged => ({ outcome, ...figures });
export const omitted = (why: string): CheckOmitted => ({ omitted: why });
