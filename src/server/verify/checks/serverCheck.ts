/**
 * The contract of one server check, as registered in registry.ts and named by
 * flows/checks.json. A check owns its facts: the codes its failures give, what it takes to
 * pass (the partner table is generated from these), the schema of its own thresholds (its
 * section of flows/checks.json `thresholds`, parsed once at start), and the figures it hands a
 * later check or the verdict. The generic result carries no particular check's fields.
 *
 * A run either judges (an outcome, listed in the verdict) or says why it has nothing to judge
 * on this attempt (left out of the list); a check that should judge but cannot must fail,
 * never pass.
 */
import type * as z from "zod/mini";
import type { VerifyAsk } from "../../../../schemas/verifyJob";
import type { Platform, ServerLimits } from "../../limits";
import type { Outcome } from "../../media/checkOutcome";
import type { VerifyCode } from "../../media/verifyCodes";
import type { MediaAnalysis } from "./analysis";
import type { LivenessScores } from "./faceChecks";

/** Which of the verdict's codes a failure also sets: faceCode, willCode (will mode), or neither. */
export type CheckGroup = "face" | "will" | "none";

/** A check that judged: its outcome, and its own figures (read by a check that needs it, or by its `report`). */
export interface CheckJudged {
  outcome: Outcome;
  figures: unknown;
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
  /** This check's own thresholds from flows/checks.json, already parsed by its `thresholds` schema (undefined for a check without one). */
  thresholds: unknown;
  /** The result of a check this one `needs` (it ran earlier and judged; the runner guarantees it). */
  needed(name: string): CheckJudged;
}

/** What a check may add to the verdict from its figures: the reference photo's similarity, and how closely the face followed this attempt's own challenge. */
export interface VerdictReport {
  similarity?: number | null;
  challengeCorrelation?: number | null;
}

export interface ServerCheck {
  group: CheckGroup;
  /**
   * Checks that must judge earlier in the same list (validation refuses a list where they do
   * not come first). When one of them failed this check is left out: the attempt has already
   * failed, and this one cannot be judged without it.
   */
  needs: readonly string[];
  /** What it takes to pass, one sentence for partners (packages/README.md's table is checked against it). */
  passes: string;
  /** Every code its failures give. */
  codes: readonly VerifyCode[];
  /** The schema of its section of flows/checks.json `thresholds`; absent when its numbers live elsewhere (flows/capture.json). */
  thresholds?: z.ZodMiniType;
  /** Fields of the verdict it reports from its figures. */
  report?(figures: unknown): VerdictReport;
  run(ctx: CheckContext): CheckRun;
}

export const judged = (outcome: Outcome, figures: unknown = null): CheckJudged => ({ outcome, figures });
export const omitted = (why: string): CheckOmitted => ({ omitted: why });
