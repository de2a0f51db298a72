/**
 * The verdict on one attempt, from what the service itself decoded and analysed. The checks
 * are the attempt's list in flows/checks.json (checkPlan.ts), run in order; none is skipped
 * because the client says something, and the first failure gives the code. liveRate is the
 * service's own scores; faceCode covers the checks of the face group, willCode those of the
 * will group; similarity comes from the check that reports it (reference).
 */
import type { Platform, ServerLimits } from "../../limits";
import { failed, toCheck, type Outcome } from "../../media/checkOutcome";
import { VERIFY_CODES } from "../../media/verifyCodes";
import type { VerifyAsk, VerifyResult } from "../../../../schemas/verifyJob";
import type { MediaAnalysis } from "./analysis";
import type { CheckPlan, PlannedCheck } from "./checkPlan";
import { livenessScores } from "./faceChecks";
import type { CheckContext, CheckGroup, CheckJudged, CheckRun, VerdictReport } from "./serverCheck";

interface Listed extends CheckJudged {
  group: CheckGroup;
  report: VerdictReport;
}

const firstFailure = (listed: readonly Listed[], group: CheckGroup) =>
  listed.find((l) => l.group === group && !l.outcome.passed)?.outcome.failCode ?? VERIFY_CODES.passed;

/** One check, given what the checks before it judged; null when a check it needs failed (the attempt has already failed). */
function runPlanned({ name, check, thresholds }: PlannedCheck, base: Omit<CheckContext, "needed" | "thresholds">, judgedSoFar: ReadonlyMap<string, CheckJudged>): CheckRun | null {
  for (const need of check.needs) {
    const before = judgedSoFar.get(need);
    // Configured to run but cannot: a failure of its own, never a pass.
    if (before === undefined) return { outcome: failed(name, VERIFY_CODES.checkNotRun, `Could not run: it needs the ${need} check, which did not judge this attempt.`), figures: null };
    if (!before.outcome.passed) return null;
  }
  const needed = (need: string): CheckJudged => {
    const before = check.needs.includes(need) ? judgedSoFar.get(need) : undefined;
    if (before === undefined) throw new Error(`Server check "${name}" read "${need}", which is not among its needs (${check.needs.join(", ") || "none"})`);
    return before;
  };
  const run = check.run({ ...base, thresholds, needed });
  if ("outcome" in run && run.outcome.name !== name) throw new Error(`Server check "${name}" reported its outcome as "${run.outcome.name}"`);
  return run;
}

export function judgeMedia(analysis: MediaAnalysis, ask: VerifyAsk, platform: Platform, limits: ServerLimits, plan: CheckPlan): VerifyResult {
  const scores = livenessScores(analysis.frames, limits.face);
  const base = { analysis, ask, platform, limits, scores };
  const judgedSoFar = new Map<string, CheckJudged>();
  const listed: Listed[] = [];
  for (const planned of plan.checksFor(ask)) {
    const run = runPlanned(planned, base, judgedSoFar);
    if (run === null || !("outcome" in run)) continue;
    judgedSoFar.set(planned.name, run);
    listed.push({ ...run, group: planned.check.group, report: planned.check.report?.(run.figures) ?? {} });
  }
  // A list whose every check had nothing to judge on this attempt has seen no live person: a
  // verdict rests on at least one check that ran, never on none.
  if (listed.length === 0) listed.push({ outcome: failed("checks", VERIFY_CODES.checkNotRun, "No configured check judged this attempt."), figures: null, group: "none", report: {} });

  const outcomes: Outcome[] = listed.map((l) => l.outcome);
  const failure = outcomes.find((o) => !o.passed);
  const liveRate = scores.real === null || scores.live === null ? 0 : Math.round(100 * Math.min(scores.real, scores.live));
  // No check reporting a similarity means no reference photo to compare with: null, as the contract says.
  const similarity = listed.find((l) => l.report.similarity !== undefined)?.report.similarity ?? null;
  // Only a passed challenge counts as answered.
  const challenge = listed.find((l) => l.report.challengeCorrelation !== undefined && l.outcome.passed)?.report.challengeCorrelation ?? null;
  return {
    passed: failure === undefined,
    code: failure?.failCode ?? VERIFY_CODES.passed,
    liveRate,
    faceCode: firstFailure(listed, "face"),
    willCode: ask.will ? firstFailure(listed, "will") : null,
    similarity,
    checks: outcomes.map(toCheck),
    challengeCorrelation: challenge,
  };
}

/** The verdict when the media could not be judged at all: a failure with its own code, never a pass. */
export function notJudged(code: string, check: string, detail: string, will: boolean): VerifyResult {
  return {
    passed: false,
    code,
    liveRate: 0,
    faceCode: code,
    willCode: will ? code : null,
    similarity: null,
    checks: [{ name: check, passed: false, detail }],
  };
}
