/**
 * What the page is told about an attempt it submitted: still being verified (with the step
 * and progress of the job), or judged (the outcome, and whether the order is over).
 */
import type { AttemptOutcome, AttemptState } from "../../../schemas/api";
import type { ServiceContext } from "../context";
import type { AttemptRecord } from "../store/attempts";

/** The outcome of a closed attempt, with the order's current state. */
async function outcomeOf(ctx: ServiceContext, attempt: AttemptRecord): Promise<AttemptOutcome> {
  const order = await ctx.store.orders.get(attempt.orderNo);
  const used = await ctx.store.attempts.countVerified(attempt.orderNo);
  const max = order?.maxAttempts ?? 0;
  return {
    passed: attempt.status === "passed",
    code: attempt.code ?? attempt.status,
    finished: order === null || order.state === "passed" || order.state === "failed",
    attemptsLeft: Math.max(0, max - used),
    checks: attempt.checks,
  };
}

/** The page's view of an attempt; null when it has nothing submitted to verify (number mode's digits only). */
export async function attemptStateOf(ctx: ServiceContext, attempt: AttemptRecord): Promise<AttemptState | null> {
  if (attempt.status !== "pending") return { state: "judged", attempt: attempt.seq, outcome: await outcomeOf(ctx, attempt) };
  if ((await ctx.store.verifyJobs.get(attempt.id)) === null) return null;
  const running = ctx.verification.progressOf(attempt.id);
  return { state: "verifying", attempt: attempt.seq, step: running?.step ?? "queued", progress: running?.progress ?? 0 };
}
