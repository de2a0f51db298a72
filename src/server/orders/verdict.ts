/**
 * Recording the outcome of an attempt and, when it ends the order, the signed result.
 * An order ends when an attempt passes or when the attempts that reached a verdict use up
 * its limit. Everything happens in one transaction that starts by locking the order's row,
 * so two uploads racing for the last attempt (on two instances, say) cannot both finish the
 * order.
 */
import { API_ERROR_CODES, type AttemptOutcome, type UploadGuidance, type VerifyCheck } from "../../../schemas/api";
import type { MediaFingerprint } from "../../../schemas/mediaFingerprint";
import type { ServiceContext } from "../context";
import { HttpError } from "../http/errors";
import type { RecordingRecord } from "../store/recordings";
import { judgeReplay } from "../verify/fingerprint/replayCheck";
import { replayThresholdsOf } from "../verify/fingerprint/replayThresholds";
import { buildReturnPayload } from "./resultPayload";
import { queueCompletedEvent } from "../webhooks/webhookEvents";

export interface Verdict {
  passed: boolean;
  code: string;
  liveRate: number | null;
  willCode?: string | null;
  faceCode?: string | null;
  similarity?: number | null;
  verifier: string;
  checks: VerifyCheck[];
  /** The device's face guidance report sent with the recording, kept with the attempt. */
  guidance?: UploadGuidance | null;
  /** The worker's fingerprint of the recording: looked up for a replay, then kept (verify/fingerprint/replayCheck.ts). */
  fingerprint?: MediaFingerprint | null;
  /** How closely the face followed this attempt's own light, when it passed: a strong answer is not looked up as a replay. */
  challengeCorrelation?: number | null;
}

/**
 * Record a verifier's verdict on a pending attempt (and its recording); finish the order when
 * due. Pass a transaction's store to make it part of that transaction (a savepoint).
 */
export function recordVerdict(
  ctx: Pick<ServiceContext, "store" | "clock" | "checks">,
  orderNo: string,
  attemptId: number,
  judged: Verdict,
  recording: Omit<RecordingRecord, "attemptId"> | null,
): Promise<AttemptOutcome> {
  return ctx.store.transaction(async (store) => {
    const now = ctx.clock.now();
    const order = await store.orders.lock(orderNo);
    if (order === null) throw new HttpError(404, API_ERROR_CODES.orderNotFound, "order not found");
    if (order.state === "passed" || order.state === "failed") {
      throw new HttpError(409, API_ERROR_CODES.orderFinished, "the order is already finished");
    }
    // Here, with the order locked, so a replay fails whatever the worker's checks said.
    const verdict = await judgeReplay(store.fingerprints, replayThresholdsOf(ctx.checks), { orderNo, attemptId, now }, judged);
    const recorded = await store.attempts.finish(
      attemptId,
      {
        status: verdict.passed ? "passed" : "failed",
        code: verdict.code,
        liveRate: verdict.liveRate,
        willCode: verdict.willCode ?? null,
        faceCode: verdict.faceCode ?? null,
        similarity: verdict.similarity ?? null,
        verifier: verdict.verifier,
        checks: verdict.checks,
        guidance: verdict.guidance ?? null,
      },
      now,
    );
    if (!recorded) throw new HttpError(409, API_ERROR_CODES.orderFinished, "this attempt was already closed");
    if (recording) await store.recordings.insert({ ...recording, attemptId });

    const used = await store.attempts.countVerified(orderNo);
    const finished = verdict.passed || used >= order.maxAttempts;
    if (finished) {
      const app = await store.apps.get(order.appId);
      const attempt = await store.attempts.get(attemptId);
      if (app === null || attempt === null) throw new Error(`order ${orderNo}: app or attempt vanished while finishing`);
      await store.orders.transition(orderNo, ["created", "in_progress"], verdict.passed ? "passed" : "failed", now);
      await store.results.insert({
        orderNo,
        attemptId,
        passed: verdict.passed,
        payload: buildReturnPayload(order, attempt, app.secret),
        createdAt: now,
      });
      // In this transaction: the partner's event exists exactly when the verdict does.
      await queueCompletedEvent(store, app, order, attempt, used, now);
    }
    return {
      passed: verdict.passed,
      code: verdict.code,
      finished,
      attemptsLeft: Math.max(0, order.maxAttempts - used),
      checks: verdict.checks,
    };
  });
}

/** Close a pending attempt the service refused before verification (it does not count against the limit). */
export async function rejectAttempt(
  ctx: Pick<ServiceContext, "store" | "clock">,
  attemptId: number,
  code: string,
  detail: string,
  stage: "upload" | "stream" = "upload",
): Promise<void> {
  await ctx.store.attempts.finish(
    attemptId,
    { status: "rejected", code, checks: [{ name: stage, passed: false, detail }] },
    ctx.clock.now(),
    { unlessQueued: true },
  );
}
